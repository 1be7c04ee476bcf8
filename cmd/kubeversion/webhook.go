package main

import (
	"fmt"
	"time"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/diag"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/webhookcheck"
)

// defaultRunTimeout is the default of --timeout, the deadline of a whole
// run of webhook check: twice the API server's default --request-timeout
// (1 min), which bounds a request and the webhook calls it makes. That is
// four times the server's 30 s for one call, and thousands of calls to a
// webhook that answers in milliseconds.
const defaultRunTimeout = 2 * time.Minute

// runWebhook is "kubeversion webhook check ...", the one subcommand of
// webhook so far.
func runWebhook(e *env, args []string) int {
	switch {
	case len(args) > 0 && args[0] == "check":
		return runWebhookCheck(e, args[1:])
	case len(args) > 0 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help"):
		return runWebhookCheck(e, args[:1]) // check is webhook's one subcommand
	case len(args) > 0:
		fmt.Fprintf(e.stderr, "kubeversion webhook: unknown command %q\n%s", args[0], webhookUsage)
	default:
		fmt.Fprint(e.stderr, webhookUsage)
	}
	return exitError
}

// runWebhookCheck is "kubeversion webhook check --crd FILE [--url URL]
// [--ca FILE] [--timeout DURATION] [-o text|json|github] OBJECT...". Every
// line it writes to standard error goes through diag.TextLine: file names and
// messages come from the input and the webhook.
func runWebhookCheck(e *env, args []string) int {
	flags := newFlagSet(e, "webhook check", synopses["webhook check"])
	crdFile := flags.String("crd", "", "the CustomResourceDefinition whose conversion to check, in `FILE`")
	rawURL := flags.String("url", "", "call the webhook at `URL` instead of the CRD's clientConfig (required when\nit names a service, for example after kubectl port-forward)")
	caFile := flags.String("ca", "", "trust the PEM certificates of `FILE` instead of the CRD's caBundle")
	serverName := flags.String("tls-server-name", "", "verify that the webhook's certificate names `NAME` (by default, for a CRD\nwhose webhook is a service, <name>.<namespace>.svc, as the API server does;\nelse the host of the URL)")
	insecure := flags.Bool("insecure-skip-tls-verify", false, "do not verify the webhook's certificate (the API server always does)")
	format := flags.String("o", "text", "print `text|json|github`: compiler-style lines, one JSON document, or GitHub\nActions annotations")
	var ignore webhookcheck.IgnorePaths
	flags.Var(&ignore, "ignore", "leave out the round-trip differences at or under the field `PATH` (status,\nspec.template); may be repeated. An empty object ({}) where there was none, or\nnone where there was one, is never a finding: Go's omitempty keeps an empty\nstruct, as kubebuilder's webhooks write it")
	timeout := flags.Duration("timeout", defaultRunTimeout, "stop calling the webhook after `DURATION` in all, with exit status 2")
	paths, status, ok := parseFlags(e, flags, args)
	if !ok {
		return status
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintln(e.stderr, diag.TextLine(fmt.Sprintf("kubeversion webhook check: "+format, a...)))
		return exitError
	}
	write, ok := webhookWriters[*format]
	switch {
	case !ok:
		return fail("-o %q: want text, json or github", *format)
	case *crdFile == "":
		return fail("no --crd FILE given")
	case len(paths) == 0:
		return fail("no OBJECT file given (use - for standard input)")
	case *timeout <= 0:
		return fail("--timeout %v: want a positive duration", *timeout)
	}

	summary, err := webhookcheck.Run(webhookcheck.Options{
		CRDFile: *crdFile, URL: *rawURL, CAFile: *caFile, ServerName: *serverName, Insecure: *insecure,
		Ignore: ignore, Timeout: *timeout, Paths: paths, Stdin: e.stdin, Stderr: e.stderr,
	})
	if err != nil {
		return fail("%v", err)
	}
	if err := write(e.stdout, summary); err != nil {
		return fail("%v", err)
	}
	switch {
	case summary.Stop != nil:
		return fail("%v", summary.Stop)
	case len(summary.Findings) > 0:
		return exitInvalid
	}
	return exitOK
}
