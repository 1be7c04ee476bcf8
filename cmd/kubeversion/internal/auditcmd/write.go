package auditcmd

import (
	"bufio"
	"fmt"
	"io"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/diag"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/format"
	"github.com/kubeversion/kubeversion/migrate/audit"
)

// Exit statuses of audit.
const (
	ExitOK     = 0 // nothing read breaks at the target
	ExitBreaks = 1 // a finding at level error
	ExitError  = 2 // usage, or the cluster could not be read at all
)

// ExitStatus returns the exit status of r.
func ExitStatus(r *audit.Report) int {
	if r.Breaks() {
		return ExitBreaks
	}
	return ExitOK
}

// Formats are the values of -o.
var Formats = []string{"text", "json", "markdown"}

// Write writes r to w in the format f, one of Formats, and reports
// whether f is one.
func Write(w io.Writer, r *audit.Report, f string) (bool, error) {
	switch f {
	case "text":
		return true, writeText(w, r)
	case "json":
		return true, format.WriteJSON(w, r)
	case "markdown":
		return true, writeMarkdown(w, r)
	}
	return false, nil
}

// writeText writes a line per finding, its fix below it, then a line per
// source and a summary.
func writeText(out io.Writer, r *audit.Report) error {
	w := bufio.NewWriter(out)
	t := diag.TextLine
	fmt.Fprintf(w, "cluster %s, judged for Kubernetes %s\n", t(r.ServerVersion), r.Target)
	for _, f := range r.Findings {
		fmt.Fprintf(w, "%s: %s: %s [%s]\n", f.Level, t(f.Subject), t(f.Message), f.Check)
		if f.Fix != "" {
			fmt.Fprintf(w, "  fix: %s\n", t(f.Fix))
		}
	}
	for _, s := range r.Sources {
		state := "read"
		if !s.Read {
			state = "not read"
		}
		fmt.Fprintf(w, "%s: %s", state, s.Name)
		if s.Note != "" {
			fmt.Fprintf(w, ": %s", t(s.Note))
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w, summary(r))
	return w.Flush()
}

// summary says how many errors and warnings r has, and what that claims.
func summary(r *audit.Report) string {
	errs, warnings := 0, 0
	for _, f := range r.Findings {
		if f.Level == audit.Error {
			errs++
		} else {
			warnings++
		}
	}
	unread := 0
	for _, s := range r.Sources {
		if !s.Read {
			unread++
		}
	}
	s := fmt.Sprintf("%s, %s", count(errs, "error"), count(warnings, "warning"))
	switch {
	case errs > 0:
		s += ": the errors break at " + r.Target + " or block a CRD's next upgrade"
	case unread > 0:
		s += " in what was read: " + count(unread, "source") + " could not be read"
	default:
		s += " in what was read"
	}
	return s
}

func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// writeMarkdown writes r as GitHub-flavoured Markdown: a table of the
// findings, then the sources.
func writeMarkdown(out io.Writer, r *audit.Report) error {
	w := bufio.NewWriter(out)
	fmt.Fprintf(w, "## kubeversion audit\n\nCluster %s, judged for Kubernetes %s.\n\n", format.MarkdownCode(r.ServerVersion), r.Target)
	if len(r.Findings) > 0 {
		fmt.Fprintf(w, "| level | check | subject | finding | fix |\n|---|---|---|---|---|\n")
		for _, f := range r.Findings {
			fmt.Fprintf(w, "| %s | %s | %s | %s | %s |\n", f.Level, format.MarkdownCode(f.Check), format.MarkdownCode(f.Subject), format.MarkdownText(f.Message), format.MarkdownCode(f.Fix))
		}
		fmt.Fprintln(w)
	}
	for _, s := range r.Sources {
		state := "read"
		if !s.Read {
			state = "**not read**"
		}
		fmt.Fprintf(w, "- %s %s", format.MarkdownCode(s.Name), state)
		if s.Note != "" {
			fmt.Fprintf(w, ": %s", format.MarkdownText(s.Note))
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "\n%s\n", format.MarkdownText(summary(r)))
	return w.Flush()
}
