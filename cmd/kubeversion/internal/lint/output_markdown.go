package lint

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/format"
)

// writeMarkdown writes what lint found as GitHub-flavoured Markdown, for
// $GITHUB_STEP_SUMMARY or a pull request comment: a table with each CRD's
// verdict and the version kubectl uses, then a list of the errors,
// findings, requirement lines and API server warnings listed (see
// server.MaxListed), each with its file and line, then the crd-removed findings and the problems. Text
// from the input is escaped (see format.MarkdownText) so that it cannot open a link,
// an image, HTML or a table cell of its own.
func writeMarkdown(out io.Writer, l *Result) error {
	w := bufio.NewWriter(out)
	fmt.Fprintf(w, "## kubeversion lint\n\n")
	if len(l.reports) > 0 {
		fmt.Fprintf(w, "| CRD | file | verdict | kubectl uses |\n|---|---|---|---|\n")
		for _, r := range l.reports {
			fmt.Fprintf(w, "| %s | %s | %s | %s |\n", format.MarkdownCode(r.Name), format.MarkdownCode(fmt.Sprintf("%s:%d", r.File, r.Line)), format.MarkdownText(r.Verdict), format.MarkdownCode(r.Preferred))
		}
		fmt.Fprintln(w)
	}
	item := func(file string, line int, level, field, msg string) {
		at := format.MarkdownCode(fmt.Sprintf("%s:%d", file, line))
		if line == 0 {
			at = format.MarkdownCode(file)
		}
		head := "- " + at + " **" + level + "**"
		if field != "" {
			head += " " + format.MarkdownCode(field)
		}
		fmt.Fprintf(w, "%s: %s\n", head, format.MarkdownText(msg))
	}
	var items bool
	for _, r := range l.reports {
		for _, e := range r.Errors {
			item(r.File, e.Line, "error", e.Field, strings.TrimPrefix(e.Message, e.Field+": "))
			items = true
		}
		if n := r.ErrorsNotListed; n > 0 {
			fmt.Fprintf(w, "- %s: %s\n", format.MarkdownCode(r.Name), format.MarkdownText(notListed(n, "error")))
		}
		for _, f := range r.Findings {
			if f.Accepted {
				continue
			}
			item(r.File, f.Line, string(f.Level), f.Field, cutLists(f.Message)+" ["+f.Check+"]")
			items = true
		}
		if n := r.FindingsNotListed; n > 0 {
			fmt.Fprintf(w, "- %s: %s\n", format.MarkdownCode(r.Name), format.MarkdownText(notListed(n, "finding")))
		}
		for _, q := range r.requirementLines() {
			item(r.File, q.Line, q.Level, q.Field, "needs Kubernetes "+q.Kubernetes+" or later: "+q.Reason)
			items = true
		}
		for _, x := range r.ServerWarnings {
			item(r.File, x.Line, "warning", x.Field, x.Message)
			items = true
		}
	}
	for _, r := range l.removed {
		if r.Accepted {
			continue
		}
		item(r.File, r.Line, string(r.Level), r.Name, r.Message+" [crd-removed]")
		items = true
	}
	for _, p := range l.problems {
		item(p.File, p.Line, "error", "", p.Message)
		items = true
	}
	if !items {
		fmt.Fprintf(w, "No errors, findings or notes.\n")
	}
	return w.Flush()
}
