package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// webhookSummary is what webhook check found; its JSON form is the
// document of -o json.
type webhookSummary struct {
	CRD      string           `json:"crd"`
	Strategy string           `json:"strategy"`      // Webhook or None
	URL      string           `json:"url,omitempty"` // the webhook called
	Served   []string         `json:"served"`        // the served versions, in spec order
	Objects  int              `json:"objects"`       // sample objects
	Calls    int              `json:"calls"`         // requests sent
	Findings []webhookFinding `json:"findings"`
}

// verdict says, for example, "CronTab crontabs.stable.example.com
// (strategy Webhook, served v1beta1, v1): 2 objects, 6 calls, no findings".
func (s *webhookSummary) verdict() string {
	findings := "no findings"
	if n := len(s.Findings); n > 0 {
		findings = fmt.Sprintf("%d finding%s", n, plural(n))
	}
	return fmt.Sprintf("%s (strategy %s, served %s): %d object%s, %d call%s, %s",
		s.CRD, s.Strategy, strings.Join(s.Served, ", "), s.Objects, plural(s.Objects), s.Calls, plural(s.Calls), findings)
}

// webhookWriters write what webhook check found in each -o format.
var webhookWriters = map[string]func(w io.Writer, s *webhookSummary) error{
	"text":   writeWebhookText,
	"json":   writeWebhookJSON,
	"github": writeWebhookGitHub,
}

// writeWebhookText writes each finding as "file:line: message", as
// compilers do, then the verdict.
func writeWebhookText(out io.Writer, s *webhookSummary) error {
	w := bufio.NewWriter(out)
	for _, f := range s.Findings {
		fmt.Fprintln(w, f)
	}
	fmt.Fprintln(w, s.verdict())
	return w.Flush()
}

// writeWebhookJSON writes the summary as one JSON document.
func writeWebhookJSON(out io.Writer, s *webhookSummary) error {
	enc := json.NewEncoder(out)
	enc.SetIndent("", "  ")
	return enc.Encode(s)
}

// writeWebhookGitHub writes an error annotation per finding and a notice
// with the verdict.
func writeWebhookGitHub(out io.Writer, s *webhookSummary) error {
	w := bufio.NewWriter(out)
	for _, f := range s.Findings {
		msg := strings.TrimPrefix(f.String(), fmt.Sprintf("%s:%d: ", f.File, f.Line))
		fmt.Fprintf(w, "::error file=%s,line=%d,title=%s::%s\n", ghProperty(f.File), f.Line, ghProperty("kubeversion webhook check"), ghData(msg))
	}
	fmt.Fprintf(w, "::notice title=%s::%s\n", ghProperty("kubeversion webhook check"), ghData(s.verdict()))
	return w.Flush()
}
