package main

import (
	"fmt"
	"os"
	"time"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/diag"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inputs"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/server"
	"github.com/kubeversion/kubeversion/crd"
)

const webhookUsage = `Usage: kubeversion webhook check --crd FILE [--url URL] [--ca FILE] [--timeout DURATION] [-o text|json|github] OBJECT...
`

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
	flags := newFlagSet(e, "webhook check", "--crd FILE [--url URL] [--ca FILE] [--tls-server-name NAME] [--insecure-skip-tls-verify] [--ignore PATH]... [--timeout DURATION] [-o text|json|github] OBJECT...")
	crdFile := flags.String("crd", "", "the CustomResourceDefinition whose conversion to check, in `FILE`")
	rawURL := flags.String("url", "", "call the webhook at `URL` instead of the CRD's clientConfig (required when\nit names a service, for example after kubectl port-forward)")
	caFile := flags.String("ca", "", "trust the PEM certificates of `FILE` instead of the CRD's caBundle")
	serverName := flags.String("tls-server-name", "", "verify that the webhook's certificate names `NAME` (by default, for a CRD\nwhose webhook is a service, <name>.<namespace>.svc, as the API server does;\nelse the host of the URL)")
	insecure := flags.Bool("insecure-skip-tls-verify", false, "do not verify the webhook's certificate (the API server always does)")
	format := flags.String("o", "text", "print `text|json|github`: compiler-style lines, one JSON document, or GitHub\nActions annotations")
	var ignore ignorePaths
	flags.Var(&ignore, "ignore", "leave out the round-trip differences at or under the field `PATH` (status,\nspec.template); may be repeated. An empty object ({}) where there was none, or\nnone where there was one, is never a finding: Go's omitempty keeps an empty\nstruct, as kubebuilder's webhooks write it")
	timeout := flags.Duration("timeout", defaultRunTimeout, "stop calling the webhook after `DURATION` in all, with exit status 2")
	paths, status, ok := parseFlags(e, flags, args)
	if !ok {
		return status
	}
	start := time.Now() // the deadline counts the reading of the files too
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

	def, p := readWebhookCRD(e, *crdFile)
	if p != nil {
		return fail("--crd: %s", p)
	}
	c := &webhookChecker{def: def, ignore: ignore}
	strategy := crd.NoneConverter
	if conv := def.Spec.Conversion; conv != nil && conv.Strategy == crd.WebhookConverter {
		strategy = crd.WebhookConverter
		opts := tlsOptions{serverName: *serverName, insecure: *insecure}
		if *caFile != "" {
			var err error
			if opts.ca, err = os.ReadFile(*caFile); err != nil {
				return fail("--ca: %v", err)
			}
		}
		if *insecure {
			fmt.Fprintln(e.stderr, "kubeversion webhook check: warning: --insecure-skip-tls-verify: the webhook's certificate is not verified, which the API server always does; a check that passes says nothing of it")
		}
		client, err := newWebhookClient(def, *rawURL, opts)
		if err != nil {
			return fail("%s: %v", *crdFile, err)
		}
		client.deadline, client.timeout = start.Add(*timeout), *timeout
		c.client = client
	}

	samples, msg := readSamples(e, def, paths)
	if msg != "" {
		return fail("%s", msg)
	}
	c.check(samples)
	summary := c.summary(strategy, len(samples))
	if err := write(e.stdout, &summary); err != nil {
		return fail("%v", err)
	}
	switch {
	case c.stop != nil:
		return fail("%v", c.stop)
	case len(c.findings) > 0:
		return exitInvalid
	}
	return exitOK
}

// readSamples reads the objects of kind def's kind in the files of paths,
// in order, or says why it cannot; no object at all is an error.
func readSamples(e *env, def *crd.CustomResourceDefinition, paths []string) ([]sample, string) {
	var samples []sample
	for _, path := range paths {
		data, err := inputs.ReadFile(e.stdin, path)
		if err != nil {
			return nil, err.Error()
		}
		objects, p := inputs.ReadObjects(path, data)
		if p != nil {
			return nil, p.String()
		}
		s, p := samplesOf(def, objects)
		if p != nil {
			return nil, p.String()
		}
		samples = append(samples, s...)
	}
	if len(samples) == 0 {
		return nil, fmt.Sprintf("no object of kind %s in %q", def.Spec.Names.Kind, paths)
	}
	return samples, ""
}

// summary is what c found on objects samples, for the writers; the
// findings of the calls made before a stop are in it too.
func (c *webhookChecker) summary(strategy string, objects int) webhookSummary {
	summary := webhookSummary{CRD: c.def.Metadata.Name, Strategy: strategy, Objects: objects, Served: served(c.def), Calls: c.calls, Findings: c.findings,
		Ignored: c.ignored, EmptyAsAbsent: c.emptyAsAbsent}
	if c.client != nil {
		summary.URL = c.client.url
	}
	if summary.Findings == nil {
		summary.Findings = []webhookFinding{}
	}
	if c.stop != nil {
		summary.Stopped = c.stop.Error()
	}
	return summary
}

// readWebhookCRD reads the one CustomResourceDefinition of file, as lint
// reads it; errors of validation are lint's business, not checked here.
func readWebhookCRD(e *env, file string) (*crd.CustomResourceDefinition, *inputs.Problem) {
	data, err := inputs.ReadFile(e.stdin, file)
	if err != nil {
		return nil, &inputs.Problem{File: file, Line: 0, Message: err.Error()}
	}
	objects, p := inputs.ReadObjects(file, data)
	if p != nil {
		return nil, p
	}
	var found []inputs.Object
	for _, o := range objects {
		if o.IsCRD() {
			found = append(found, o)
		}
	}
	if len(found) != 1 {
		return nil, &inputs.Problem{File: file, Line: 0, Message: fmt.Sprintf("want one CustomResourceDefinition, found %d", len(found))}
	}
	def, errs := server.DecodeCRD(found[0], inputs.NewLocator(found[0]))
	if len(errs) > 0 { // the server would not have it
		return nil, &inputs.Problem{File: file, Line: errs[0].Line, Message: errs[0].Message}
	}
	return def, nil
}
