package main

import (
	"bufio"
	"fmt"
	"io"

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
// with the verdict (see format.WriteGitHub), which escape what the
// runner would read as a command or the end of a line, as in lint's
// annotations. The file name is escaped too: one that diag.TextLine
// changes is not one the runner can find, but it cannot forge a command.
func writeWebhookGitHub(out io.Writer, s *webhookcheck.Result) error {
	return format.WriteGitHub(out, s.Diagnostics())
}
