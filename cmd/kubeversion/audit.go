package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"
	"time"

	"k8s.io/client-go/rest"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/auditcmd"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/cluster"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/diag"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/lifecycle"
	"github.com/kubeversion/kubeversion/migrate/audit"
)

// runAudit is "kubeversion audit [flags]" (see its --help): it reads the
// flags, loads the kubeconfig (package cluster), has the engine (package
// audit of the migrate module) read the cluster, and prints its report
// (package auditcmd).
func runAudit(e *env, args []string) int {
	flags := newFlagSet(e, "audit", synopses["audit"])
	kubeconfig := flags.String("kubeconfig", "", "path to the kubeconfig `FILE` (default $KUBECONFIG, then ~/.kube/config, then in-cluster)")
	kubecontext := flags.String("context", "", "the kubeconfig `CONTEXT` to use (default the current context)")
	release := flags.String("kubernetes-version", "", "judge for an upgrade to Kubernetes `1.N` (default the minor after the server's)")
	var logs pathList
	flags.Var(&logs, "audit-log", "read the API server's audit log `FILE` (JSON lines, as its log backend writes\nthem) for who requested deprecated versions: user, user agent, how often, when\nlast; may be repeated")
	timeout := flags.Duration("request-timeout", time.Minute, "bound each request to the cluster by `DURATION`")
	runTimeout := flags.Duration("timeout", 30*time.Minute, "bound the whole audit by `DURATION`: the sources not read by then are listed as\nnot read")
	output := flags.String("o", "text", "print `text|json|markdown`")
	extra, status, ok := parseFlags(e, flags, args)
	if !ok {
		return status
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(e.stderr, "kubeversion audit: %s\n", diag.TextLine(fmt.Sprintf(format, a...)))
		return auditcmd.ExitError
	}
	switch {
	case len(extra) > 0:
		return fail("unexpected argument %q: audit reads the cluster of the kubeconfig, no files", extra[0])
	case !slices.Contains(auditcmd.Formats, *output):
		return fail("-o %q: want text, json or markdown", *output)
	case *timeout <= 0 || *runTimeout <= 0:
		return fail("--request-timeout and --timeout must be positive")
	}
	target := 0
	if *release != "" {
		m, err := lifecycle.ParseRelease(*release)
		if err != nil {
			return fail("--kubernetes-version %v", err)
		}
		target = m
	}
	cfg, err := cluster.ClientConfig(*kubeconfig, *kubecontext)
	if err != nil {
		return fail("%v", err)
	}
	cfg.WarningHandler = rest.NoWarnings{}
	cluster.RouteLogs(e.stderr, "kubeversion audit: ")
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	r, err := audit.Run(ctx, cfg, audit.Options{Target: target, RequestTimeout: *timeout, Timeout: *runTimeout, AuditLogs: logs,
		OldVersions: func(target int) []audit.OldVersion { return auditcmd.OldVersions(lifecycle.Load(), target) }})
	if err != nil {
		return fail("%s", strings.TrimPrefix(err.Error(), "audit: "))
	}
	if _, err := auditcmd.Write(e.stdout, r, *output); err != nil {
		return fail("%v", err)
	}
	return auditcmd.ExitStatus(r)
}
