package lint

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/diag"
)

// writers write the findings of lint in each -o format.
var writers = map[string]func(w io.Writer, l *Result) error{
	"text":     writeText,
	"json":     writeJSON,
	"sarif":    writeSARIF,
	"github":   writeGitHub,
	"markdown": writeMarkdown,
}

// HasFormat reports whether format is one of -o: text, json, github,
// markdown or sarif.
func HasFormat(format string) bool {
	_, ok := writers[format]
	return ok
}

// Write writes the result to out in format (see HasFormat).
func (l *Result) Write(out io.Writer, format string) error {
	return writers[format](out, l)
}

// levelColors are the ANSI colours of the levels.
var levelColors = []struct{ level, color string }{
	{"error: ", "\x1b[31m"},   // red
	{"warning: ", "\x1b[33m"}, // yellow
	{"note: ", "\x1b[36m"},    // cyan
}

// paintLevel returns s, a line's text after "file:line: " that starts
// with its level ("error: ..."), with the level coloured; s unchanged
// when it starts with none.
func paintLevel(s string) string {
	for _, c := range levelColors {
		if rest, ok := strings.CutPrefix(s, c.level); ok {
			return c.color + strings.TrimSuffix(c.level, ": ") + "\x1b[0m: " + rest
		}
	}
	return s
}

// writeText writes each error listed (see server.MaxListed) as "file:line:
// message", as compilers do, then each finding listed, a line for each of
// the two saying how many are not listed, the requirements of
// report.requirementLines, the API server's warnings, and a short report
// of the CRD; then the
// crd-removed findings, the level of each finding coloured with --color.
// With --quiet, it writes only the lines of errors:
// the server's, and the findings and requirements at level error. Every
// line goes through diag.TextLine, so
// that no name, message or file name of the input can start a line of its
// own or a GitHub Actions workflow command. Problems reading the input go
// to standard error, written by the caller with writeProblems.
func writeText(out io.Writer, l *Result) error {
	w := bufio.NewWriter(out)
	line := func(format string, args ...any) {
		w.WriteString(diag.TextLine(fmt.Sprintf(format, args...)))
		w.WriteByte('\n')
	}
	// levelled writes "file:line: s", s starting with its level, which is
	// coloured with --color.
	levelled := func(file string, n int, s string) {
		s = diag.TextLine(s)
		if l.color {
			s = paintLevel(s)
		}
		w.WriteString(diag.TextLine(file+":"+strconv.Itoa(n)+": ") + s)
		w.WriteByte('\n')
	}
	for _, r := range l.reports {
		for _, e := range r.Errors {
			line("%s:%d: %s", r.File, e.Line, e.Message)
		}
		if n := r.ErrorsNotListed; n > 0 {
			line("%s:%d: %s: %s", r.File, r.Line, r.Name, notListed(n, "error"))
		}
		for _, f := range r.Findings {
			if !f.Accepted && (!l.quiet || f.Level == levelError) {
				levelled(r.File, f.Line, f.String())
			}
		}
		if n := r.FindingsNotListed; n > 0 && (!l.quiet || r.errorFindingsNotListed > 0) {
			line("%s:%d: %s: %s", r.File, r.Line, r.Name, notListed(n, "finding"))
		}
		for _, q := range r.requirementLines() {
			if !l.quiet || q.Level == "error" {
				levelled(r.File, q.Line, q.String())
			}
		}
		if l.quiet {
			continue
		}
		for _, x := range r.ServerWarnings {
			levelled(r.File, x.Line, x.String())
		}
		for _, x := range r.Warnings {
			levelled(r.File, r.Line, "warning: "+r.Name+": "+x)
		}
		line("%s:%d: %s: %s", r.File, r.Line, r.Name, r.Verdict)
		if !r.decoded {
			continue
		}
		if len(r.Versions) == 0 {
			line("  versions: none")
		} else {
			line("  versions, highest priority first:")
		}
		width := 0
		for _, v := range r.Versions {
			width = max(width, len(diag.TextLine(v.Name)))
		}
		for _, v := range r.Versions {
			line("%s", strings.TrimRight(fmt.Sprintf("    %-*s  %s", width, diag.TextLine(v.Name), v.marks()), " "))
		}
		switch {
		case r.Preferred == "":
			line("  kubectl uses: nothing, no version is served")
		case r.PreferredDeprecated:
			line("  kubectl uses: %s, which is deprecated", r.Preferred)
		default:
			line("  kubectl uses: %s", r.Preferred)
		}
		for _, v := range r.Versions {
			if v.Warning != "" {
				line("  warning for %s: %s", v.Name, v.Warning)
			}
		}
	}
	for _, r := range l.removed {
		if !r.Accepted && (!l.quiet || r.Level == levelError) {
			levelled(r.File, r.Line, r.String())
		}
	}
	return w.Flush()
}
