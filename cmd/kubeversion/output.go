package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// writers write the findings of lint in each -o format.
var writers = map[string]func(w io.Writer, l *linter) error{
	"text":   writeText,
	"json":   writeJSON,
	"github": writeGitHub,
}

// writeText writes each error as "file:line: message", as compilers do,
// then a short report of the CRD. Problems reading the input go to
// standard error, written by the caller.
func writeText(out io.Writer, l *linter) error {
	w := bufio.NewWriter(out)
	for _, r := range l.reports {
		for _, e := range r.Errors {
			fmt.Fprintf(w, "%s:%d: %s\n", r.File, e.Line, e.Message)
		}
		for _, f := range r.Findings {
			fmt.Fprintf(w, "%s:%d: %s\n", r.File, f.Line, f)
		}
		fmt.Fprintf(w, "%s:%d: %s: %s\n", r.File, r.Line, r.Name, r.Verdict)
		if !r.decoded {
			continue
		}
		if len(r.Versions) == 0 {
			fmt.Fprintf(w, "  versions: none\n")
		} else {
			fmt.Fprintf(w, "  versions, highest priority first:\n")
		}
		width := 0
		for _, v := range r.Versions {
			width = max(width, len(v.Name))
		}
		for _, v := range r.Versions {
			fmt.Fprintf(w, "%s\n", strings.TrimRight(fmt.Sprintf("    %-*s  %s", width, v.Name, v.marks()), " "))
		}
		switch {
		case r.Preferred == "":
			fmt.Fprintf(w, "  kubectl uses: nothing, no version is served\n")
		case r.PreferredDeprecated:
			fmt.Fprintf(w, "  kubectl uses: %s, which is deprecated\n", r.Preferred)
		default:
			fmt.Fprintf(w, "  kubectl uses: %s\n", r.Preferred)
		}
		for _, v := range r.Versions {
			if v.Warning != "" {
				fmt.Fprintf(w, "  warning for %s: %s\n", v.Name, v.Warning)
			}
		}
	}
	return w.Flush()
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// writeJSON writes one JSON document: {"crds": [...], "problems": [...]}.
func writeJSON(out io.Writer, l *linter) error {
	doc := struct {
		CRDs     []report  `json:"crds"`
		Problems []problem `json:"problems"`
	}{l.reports, l.problems}
	if doc.CRDs == nil {
		doc.CRDs = []report{}
	}
	if doc.Problems == nil {
		doc.Problems = []problem{}
	}
	enc := json.NewEncoder(out)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}

// writeGitHub writes GitHub Actions workflow commands: an error annotation
// per error and per problem, an annotation at its level per upgrade
// finding, titled with its check (deprecated-default says when kubectl's
// default version is deprecated), a warning annotation per deprecation
// warning, and a notice with the verdict and the version kubectl uses.
func writeGitHub(out io.Writer, l *linter) error {
	w := bufio.NewWriter(out)
	annotate := func(level, file string, line int, title, msg string) {
		fmt.Fprintf(w, "::%s file=%s,line=%d,title=%s::%s\n", level, ghProperty(file), line, ghProperty(title), ghData(msg))
	}
	for _, r := range l.reports {
		for _, e := range r.Errors {
			annotate("error", r.File, e.Line, r.Name, e.Message)
		}
		for _, f := range r.Findings {
			annotate(string(f.Level), r.File, f.Line, r.Name+" ["+f.Check+"]", f.Field+": "+f.Message)
		}
		for _, v := range r.Versions {
			if v.Warning != "" {
				annotate("warning", r.File, v.Line, r.Name+" "+v.Name+" is deprecated", v.Warning)
			}
		}
		msg := r.Verdict
		switch {
		case !r.decoded:
		case r.Preferred == "":
			msg += "; kubectl uses nothing, no version is served"
		default:
			msg += "; kubectl uses " + r.Preferred
		}
		annotate("notice", r.File, r.Line, r.Name, msg)
	}
	for _, p := range l.problems {
		annotate("error", p.File, p.Line, "kubeversion lint", p.Message)
	}
	return w.Flush()
}

// ghData escapes the message of a workflow command.
func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// ghProperty escapes a property value of a workflow command.
func ghProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
