package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/diag"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/format"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/webhookcheck"
)

// webhookWriters write what webhook check found in each -o format.
var webhookWriters = map[string]func(w io.Writer, s *webhookcheck.Result) error{
	"text":   writeWebhookText,
	"json":   writeWebhookJSON,
	"github": writeWebhookGitHub,
}

// writeWebhookText writes each finding as "file:line: message", as
// compilers do, then the verdict, each through diag.TextLine: names, messages
// and file names come from the samples, the CRD and the webhook's answers.
func writeWebhookText(out io.Writer, s *webhookcheck.Result) error {
	w := bufio.NewWriter(out)
	for _, f := range s.Findings {
		fmt.Fprintln(w, diag.TextLine(f.String()))
	}
	fmt.Fprintln(w, diag.TextLine(s.Verdict()))
	return w.Flush()
}

// writeWebhookJSON writes the summary as one JSON document.
func writeWebhookJSON(out io.Writer, s *webhookcheck.Result) error {
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
func writeWebhookGitHub(out io.Writer, s *webhookcheck.Result) error {
	w := format.NewAnnotations(out)
	for _, f := range s.Findings {
		msg := strings.TrimPrefix(f.String(), fmt.Sprintf("%s:%d: ", f.File, f.Line))
		w.At("error", f.File, f.Line, "kubeversion webhook check", msg)
	}
	w.Notice("kubeversion webhook check", s.Verdict())
	return w.Flush()
}
