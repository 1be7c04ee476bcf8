package validate

import (
	"bufio"
	"fmt"
	"io"
	"strconv"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/diag"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/format"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inputs"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/server"
)

// title names an object: "Widget default/w1 (example.com/v1)".
func (r ObjectReport) title() string {
	s := r.Kind
	if s == "" {
		s = "object"
	}
	s += " " + objectName(r.Namespace, r.Name)
	if r.APIVersion != "" {
		s += " (" + r.APIVersion + ")"
	}
	return s
}

// WriteText writes, for each object, "file:line: TITLE: VERDICT",
// then "file:line: error: MESSAGE" for each error listed and
// "file:line: warning: MESSAGE" for each warning, each at the line of its
// field; and last a line that counts the objects by verdict. Every line
// goes through diag.TextLine: names and messages come from the input. Problems
// reading the input are not written: the command writes them to standard
// error.
func (v *Result) WriteText(out io.Writer) error {
	w := bufio.NewWriter(out)
	line := func(format string, args ...any) {
		w.WriteString(diag.TextLine(fmt.Sprintf(format, args...)))
		w.WriteByte('\n')
	}
	for _, r := range v.Reports {
		line("%s:%d: %s: %s", r.File, r.Line, r.title(), r.Verdict)
		for _, e := range r.Errors {
			line("%s:%d: error: %s", r.File, e.Line, e.Message)
		}
		if n := r.ErrorsNotListed; n > 0 {
			line("%s:%d: %s", r.File, r.Line, objectNotListed(n))
		}
		for _, x := range r.Warnings {
			line("%s:%d: warning: %s", r.File, x.Line, x.Message)
		}
	}
	if len(v.Reports) > 0 {
		line("%s", v.Summary.String())
	}
	return w.Flush()
}

// objectNotListed says how many errors of an object are not listed.
func objectNotListed(n int) string {
	return strconv.Itoa(n) + " more error" + server.Plural(n) + " not listed: validate lists the first " + strconv.Itoa(server.MaxListed) + " of an object"
}

// WriteJSON writes one JSON document: {"objects": [...],
// "summary": {...}, "problems": [...]}, where each object that the API
// server accepts has the object it stores.
func (v *Result) WriteJSON(out io.Writer) error {
	doc := struct {
		Objects  []ObjectReport   `json:"objects"`
		Summary  Summary          `json:"summary"`
		Problems []inputs.Problem `json:"problems"`
	}{v.Reports, v.Summary, v.Problems}
	if doc.Objects == nil {
		doc.Objects = []ObjectReport{}
	}
	if doc.Problems == nil {
		doc.Problems = []inputs.Problem{}
	}
	return format.WriteJSON(out, doc)
}

// WriteGitHub writes GitHub Actions workflow commands (see
// format.WriteGitHub): an annotation for each of Diagnostics, titled with
// the object, the verdicts at their level, and last a notice with the
// counts.
func (v *Result) WriteGitHub(out io.Writer) error {
	return format.WriteGitHub(out, v.Diagnostics())
}
