package webhookcheck

import (
	"fmt"
	"strings"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/diag"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/server"
)

// Finding is one thing webhook check found, at the line of the
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
	return fmt.Sprintf("%s:%d: %s", f.File, f.Line, f.text())
}

// text returns what was checked and the message, "CronTab ns/name, v1 to
// v2: message".
func (f webhookFinding) text() string {
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
	return what + ": " + f.Message
}

// Diagnostics returns what webhook check found as one list: an error for
// each finding, then the verdict.
func (s *Result) Diagnostics() []diag.Diagnostic {
	const title = "kubeversion webhook check"
	ds := make([]diag.Diagnostic, 0, len(s.Findings)+1)
	for _, f := range s.Findings {
		ds = append(ds, diag.Diagnostic{Rule: f.Check, Level: "error", File: f.File, Line: f.Line, Message: f.text(), Title: title})
	}
	return append(ds, diag.Diagnostic{Summary: true, Level: "notice", Title: title, Message: s.Verdict()})
}

// Result is what webhook check found; its JSON form is the
// document of -o json.
type Result struct {
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
	// stop is the error that stopped the check, or nil.
	Stop error `json:"-"`
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
func (s *Result) Verdict() string {
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

// summary is what c found on objects samples, for the writers; the
// findings of the calls made before a stop are in it too.
func (c *webhookChecker) summary(strategy string, objects int) Result {
	summary := Result{CRD: c.def.Metadata.Name, Strategy: strategy, Objects: objects, Served: served(c.def), Calls: c.calls, Findings: c.findings,
		Ignored: c.ignored, EmptyAsAbsent: c.emptyAsAbsent}
	if c.client != nil {
		summary.URL = c.client.url
	}
	if summary.Findings == nil {
		summary.Findings = []webhookFinding{}
	}
	if c.stop != nil {
		summary.Stop = c.stop
		summary.Stopped = c.stop.Error()
	}
	return summary
}
