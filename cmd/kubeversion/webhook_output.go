package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/diag"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/format"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/server"
)

// webhookFinding is one thing webhook check found, at the line of the
// sample object it concerns; its JSON form is an element of "findings".
type webhookFinding struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Object  string `json:"object"` // "CronTab ns/name", or "list of 3" for a list request
	Check   string `json:"check"`  // "stored", "convert", "list", "pruned", "round trip" or "lost"
	From    string `json:"from"`   // version names
	To      string `json:"to"`
	Message string `json:"message"` // in the API server's words where it has some
}

// String returns "file:line: what was checked: message".
func (f webhookFinding) String() string {
	var what string
	switch f.Check {
	case "list":
		what = fmt.Sprintf("%s to %s", f.Object, f.To)
	case "round trip":
		what = fmt.Sprintf("%s, round trip %s to %s and back", f.Object, f.From, f.To)
	case "lost":
		what = fmt.Sprintf("%s, read as %s", f.Object, f.To)
	case "stored":
		what = fmt.Sprintf("%s, stored as %s", f.Object, f.From)
	default:
		what = fmt.Sprintf("%s, %s to %s", f.Object, f.From, f.To)
	}
	return fmt.Sprintf("%s:%d: %s: %s", f.File, f.Line, what, f.Message)
}

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
	// Stopped is why the check stopped before its last call, as standard
	// error says it; Findings are then those of the calls before.
	Stopped string `json:"stopped,omitempty"`
	// Ignored is how many round-trip differences --ignore left out.
	Ignored int `json:"ignored,omitempty"`
	// EmptyAsAbsent is how many round-trip differences between an empty
	// object and none were left out (see webhookChecker.filterDiffs).
	EmptyAsAbsent int `json:"emptyAsAbsent,omitempty"`
}

// verdict says, for example, "CronTab crontabs.stable.example.com
// (strategy Webhook, served v1beta1, v1): 2 objects, 6 calls, no findings",
// or, of a check that stopped, "...: 2 objects, 3 calls, stopped, 1
// finding so far".
func (s *webhookSummary) verdict() string {
	findings := "no findings"
	if n := len(s.Findings); n > 0 {
		findings = fmt.Sprintf("%d finding%s", n, server.Plural(n))
	}
	if s.Stopped != "" {
		findings = "stopped, " + findings + " so far"
	}
	if n := s.Ignored; n > 0 {
		findings += fmt.Sprintf(" (%d difference%s under --ignore left out)", n, server.Plural(n))
	}
	if n := s.EmptyAsAbsent; n > 0 {
		findings += fmt.Sprintf(" (%d difference%s between {} and none left out, as Go's omitempty keeps an empty struct)", n, server.Plural(n))
	}
	return fmt.Sprintf("%s (strategy %s, served %s): %d object%s, %d call%s, %s",
		s.CRD, s.Strategy, strings.Join(s.Served, ", "), s.Objects, server.Plural(s.Objects), s.Calls, server.Plural(s.Calls), findings)
}

// webhookWriters write what webhook check found in each -o format.
var webhookWriters = map[string]func(w io.Writer, s *webhookSummary) error{
	"text":   writeWebhookText,
	"json":   writeWebhookJSON,
	"github": writeWebhookGitHub,
}

// writeWebhookText writes each finding as "file:line: message", as
// compilers do, then the verdict, each through diag.TextLine: names, messages
// and file names come from the samples, the CRD and the webhook's answers.
func writeWebhookText(out io.Writer, s *webhookSummary) error {
	w := bufio.NewWriter(out)
	for _, f := range s.Findings {
		fmt.Fprintln(w, diag.TextLine(f.String()))
	}
	fmt.Fprintln(w, diag.TextLine(s.verdict()))
	return w.Flush()
}

// writeWebhookJSON writes the summary as one JSON document.
func writeWebhookJSON(out io.Writer, s *webhookSummary) error {
	return format.WriteJSON(out, s)
}

// writeWebhookGitHub writes an error annotation per finding and a notice
// with the verdict. format.Data and format.Property run diag.TextLine on what they
// escape, so that control characters (an ESC that colours or hides the
// log's text) are written as escapes, as in text output, then escape what
// the runner would read as the end of a line or of a property; a newline
// in a message is the runner's %0A, as in lint's annotations. The file
// name goes through format.Property too: one that diag.TextLine changes is not one
// the runner can find, but it cannot forge a command.
func writeWebhookGitHub(out io.Writer, s *webhookSummary) error {
	w := format.NewAnnotations(out)
	for _, f := range s.Findings {
		msg := strings.TrimPrefix(f.String(), fmt.Sprintf("%s:%d: ", f.File, f.Line))
		w.At("error", f.File, f.Line, "kubeversion webhook check", msg)
	}
	w.Notice("kubeversion webhook check", s.verdict())
	return w.Flush()
}
