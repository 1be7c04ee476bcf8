package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"
	"time"

	"k8s.io/client-go/rest"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/cluster"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/migratecmd"
	"github.com/kubeversion/kubeversion/migrate"
)

// defaultQPS and defaultBurst are the client's rate limits of migrate: four
// times client-go's 5 and 10, since a migration is one small request per
// object.
const (
	defaultQPS   = 20
	defaultBurst = 40
)

const migrateUsage = `Usage: kubeversion migrate [flags] CRD-NAME

Migrate rewrites every stored object of the CustomResourceDefinition
CRD-NAME (<plural>.<group>) in its storage version, then sets
status.storedVersions to that version, on the cluster of the current
kubeconfig context, reached as kubectl reaches it.

It waits until discovery shows the new storage version and --settle more,
lists object metadata page by page, and sends each object a merge patch of
apiVersion, kind and metadata.resourceVersion, which the API server stores
again only when the object is encoded in another version. A Conflict or
NotFound means someone else wrote or deleted the object: done. 429, 5xx and
timeouts are retried; other errors are reported per object, and then
storedVersions is left unchanged. storedVersions is set only if the CRD's
uid, generation and storage version are still those read at the start.

With --state-file, an interrupted run (SIGINT, SIGTERM, a list that failed)
resumes after the last page it finished.

With --use-cluster-migrator, the cluster's own StorageVersionMigration
controller (storagemigration.k8s.io v1 from Kubernetes 1.37, v1beta1 in
1.35 and 1.36 when enabled) rewrites the objects instead of this client:
after the same preflight, discovery wait and --settle, migrate creates a
StorageVersionMigration named after CRD-NAME, follows it and prints its
progress. When it succeeded and the controller did not set storedVersions
itself (it does from 1.36, if the CRD did not change), migrate sets it with
the same guards. When it failed, migrate prints its reason and keeps
storedVersions as it was, putting it back if the controller trimmed it
anyway (1.37.2 does). Interrupted, migrate stops following it; it goes on
on the server. --dry-run prints the StorageVersionMigration it would
create.

Exit status: 0 migrated or nothing to do, 1 objects failed, the
StorageVersionMigration failed or the CRD changed (storedVersions left), 2
usage, connection errors, interrupted, or no StorageVersionMigration API.

Flags:
`

// runMigrate is "kubeversion migrate CRD-NAME": it reads the flags and
// checks them, loads the kubeconfig (package cluster), makes the engine
// (package migrate, a module of its own so that client-go stays out of the
// library) and has package migratecmd run it and print the report (or,
// with --dry-run, the plan) to stdout, progress and errors to stderr.
// SIGINT and SIGTERM stop the run after the requests in flight; with
// --state-file, the next run resumes. Its exit statuses are those of
// migratecmd: 0, 1 when storedVersions was left, 2.
func runMigrate(e *env, args []string) int {
	stdout, stderr := e.stdout, e.stderr
	fs := flag.NewFlagSet("kubeversion migrate", flag.ContinueOnError)
	fs.SetOutput(io.Discard) // the help and usage errors are printed below, once
	kubeconfig := fs.String("kubeconfig", "", "path to the kubeconfig `FILE` (default $KUBECONFIG, then ~/.kube/config, then in-cluster)")
	kubecontext := fs.String("context", "", "the kubeconfig `CONTEXT` to use (default the current context)")
	qps := fs.Float64("qps", defaultQPS, "requests per second to the API server, at most")
	burst := fs.Int("burst", defaultBurst, "requests in a burst above --qps, at most")
	dryRun := fs.Bool("dry-run", false, "print what would be done (objects per namespace, the patches) and write nothing")
	concurrency := fs.Int("concurrency", 4, "objects patched at once")
	pageSize := fs.Int64("page-size", 500, "objects per list page")
	stateFile := fs.String("state-file", "", "record progress in `FILE` after each page, and resume from it")
	settle := fs.Duration("settle", 35*time.Second, "wait this long after discovery shows the new storage version")
	force := fs.Bool("force", false, "run even if storedVersions is already the storage version alone, or a StorageVersionMigration runs")
	output := fs.String("o", "text", "print the report as `text` or json")
	useCluster := fs.Bool("use-cluster-migrator", false, "let the cluster's StorageVersionMigration controller rewrite the objects (see above)")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), migrateUsage)
		writeFlags(fs.Output(), fs)
	}
	names, err := parseMigrateArgs(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		fs.SetOutput(stdout)
		fs.Usage()
		return migratecmd.ExitOK
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "kubeversion migrate: "+format+"\n", a...)
		return migratecmd.ExitError
	}
	switch {
	case err != nil:
		fmt.Fprintf(stderr, "kubeversion migrate: %v\n", err)
		fs.SetOutput(stderr)
		fs.Usage()
		return migratecmd.ExitError
	case len(names) != 1:
		return fail("want one CRD-NAME, got %d (see --help)", len(names))
	case *output != "text" && *output != "json":
		return fail("-o %q: want text or json", *output)
	case *concurrency < 1 || *pageSize < 1 || *qps <= 0 || *burst < 1 || *settle <= 0:
		return fail("--concurrency, --page-size, --qps, --burst and --settle must be positive")
	}
	if *useCluster {
		var clientOnly []string
		fs.Visit(func(f *flag.Flag) {
			if f.Name == "state-file" || f.Name == "concurrency" || f.Name == "page-size" {
				clientOnly = append(clientOnly, "--"+f.Name)
			}
		})
		if len(clientOnly) > 0 {
			return fail("%s: not with --use-cluster-migrator, where the cluster's controller rewrites the objects", strings.Join(clientOnly, ", "))
		}
	}
	cfg, err := cluster.ClientConfig(*kubeconfig, *kubecontext)
	if err != nil {
		return fail("%v", err)
	}
	cfg.QPS, cfg.Burst = float32(*qps), *burst
	cfg.WarningHandler = rest.NewWarningWriter(stderr, rest.WarningWriterOptions{Deduplicate: true})
	// client-go's own log lines (client-side throttling on a long run, a
	// body cut short) are worth seeing here, as the command's lines.
	cluster.RouteLogs(stderr, "kubeversion migrate: ")
	opts := migrate.Options{
		Concurrency: *concurrency,
		PageSize:    *pageSize,
		Settle:      *settle,
		StateFile:   *stateFile,
		Force:       *force,
		Progress:    migratecmd.ProgressPrinter(stderr),
	}
	if *useCluster {
		opts.Progress, opts.Notify = migratecmd.SVMProgressPrinter(stderr), migratecmd.SVMNotifyPrinter(stderr)
	}
	m, err := migrate.New(cfg, opts)
	if err != nil {
		return fail("%v", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return migratecmd.Run(ctx, m, migratecmd.Request{Name: names[0], DryRun: *dryRun, ClusterMigrator: *useCluster, Output: *output}, stdout, stderr)
}

// parseMigrateArgs parses args with fs, flags before and after the
// positional arguments alike (kubectl's way), and returns the positional
// ones. The arguments after the first "--" are all positional, even where
// "--" would be a flag's value: this is how the migrate module's own
// command parsed them, and unlike parseFlags, which reads "--kubeconfig
// --" as a kubeconfig named "--".
func parseMigrateArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos, rest []string
	if i := slices.Index(args, "--"); i >= 0 {
		args, rest = args[:i], args[i+1:]
	}
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return append(pos, rest...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}
