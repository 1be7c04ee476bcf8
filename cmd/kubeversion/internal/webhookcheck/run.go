package webhookcheck

import (
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/kubeversion/kubeversion/crd"
)

// Options are what webhook check is asked: the flags and the
// OBJECT files, and where standard input and standard error are.
type Options struct {
	CRDFile    string        // --crd
	URL        string        // --url
	CAFile     string        // --ca
	ServerName string        // --tls-server-name
	Insecure   bool          // --insecure-skip-tls-verify
	Ignore     IgnorePaths   // --ignore
	Timeout    time.Duration // --timeout, the deadline of the whole run
	Paths      []string      // the OBJECT files
	Stdin      io.Reader     // read for "-"
	Stderr     io.Writer     // for the warnings of --insecure-skip-tls-verify and of a redirect to plain HTTP
}

// Run checks the conversion of the objects of opts.paths by
// the webhook of the CRD of opts.crdFile, and returns what it found, or
// the error that kept it from checking. A run stopped (see stopError)
// has a summary, with the findings of the calls made before the stop.
func Run(opts Options) (*Result, error) {
	start := time.Now() // the deadline counts the reading of the files too
	def, p := readWebhookCRD(opts.Stdin, opts.CRDFile)
	if p != nil {
		return nil, fmt.Errorf("--crd: %s", p)
	}
	c := &webhookChecker{def: def, ignore: opts.Ignore}
	strategy := crd.NoneConverter
	if conv := def.Spec.Conversion; conv != nil && conv.Strategy == crd.WebhookConverter {
		strategy = crd.WebhookConverter
		tls := tlsOptions{serverName: opts.ServerName, insecure: opts.Insecure}
		if opts.CAFile != "" {
			var err error
			if tls.ca, err = os.ReadFile(opts.CAFile); err != nil {
				return nil, fmt.Errorf("--ca: %v", err)
			}
		}
		if opts.Insecure {
			fmt.Fprintln(opts.Stderr, "kubeversion webhook check: warning: --insecure-skip-tls-verify: the webhook's certificate is not verified, which the API server always does; a check that passes says nothing of it")
		}
		client, err := newWebhookClient(def, opts.URL, tls)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", opts.CRDFile, err)
		}
		client.deadline, client.timeout = start.Add(opts.Timeout), opts.Timeout
		client.stderr = opts.Stderr
		c.client = client
	}

	samples, msg := readSamples(opts.Stdin, def, opts.Paths)
	if msg != "" {
		return nil, errors.New(msg)
	}
	c.check(samples)
	summary := c.summary(strategy, len(samples))
	return &summary, nil
}
