package validate

import (
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/diag"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/format"
)

// objectDiagnostics returns what validate found of one object: its
// errors listed (see server.MaxListed), how many are not, its warnings
// and its verdict, which for an object not checked in full is at
// unchecked, the level of uncheckedLevel.
func objectDiagnostics(r ObjectReport, unchecked string) []diag.Diagnostic {
	var ds []diag.Diagnostic
	add := func(d diag.Diagnostic) { ds = append(ds, d) }
	title := r.title()
	for _, e := range r.Errors {
		add(diag.Diagnostic{Rule: RuleObjectInvalid, Level: "error", File: r.File, Line: e.Line,
			Object: title, Message: e.Message, Key: []string{title, e.Message}})
	}
	if n := r.ErrorsNotListed; n > 0 {
		add(diag.Diagnostic{Rule: format.RuleNotListed, Level: "error", File: r.File, Line: r.Line,
			Object: title, Message: objectNotListed(n), Key: []string{title}})
	}
	for _, w := range r.Warnings {
		add(diag.Diagnostic{Rule: RuleObjectWarning, Level: "warning", File: r.File, Line: w.Line,
			Object: title, Message: w.Message, Key: []string{title, w.Message}})
	}
	verdict := diag.Diagnostic{Level: "notice", File: r.File, Line: r.Line, Object: title, Message: r.Verdict}
	if r.Status == StatusNotChecked || r.Status == StatusNoErrors {
		verdict.Rule, verdict.Level, verdict.Key = RuleObjectNotChecked, unchecked, []string{title}
	}
	return append(ds, verdict)
}

// endDiagnostics returns what follows the objects' diagnostics: the
// problems reading the input and, when there were objects, the counts.
func endDiagnostics(res *Result) []diag.Diagnostic {
	var ds []diag.Diagnostic
	for _, p := range res.Problems {
		ds = append(ds, diag.Diagnostic{Rule: format.RuleInput, Level: "error", File: p.File, Line: p.Line,
			Input: true, Message: p.Message, Title: "kubeversion validate", Key: []string{p.File, p.Message}})
	}
	if res.Summary.Objects > 0 {
		ds = append(ds, diag.Diagnostic{Summary: true, Level: "notice", Title: "kubeversion validate", Message: res.Summary.String()})
	}
	return ds
}

// uncheckedLevel is the level of an object not checked in full: an error,
// as it fails the run, or a warning with --allow-unchecked.
func uncheckedLevel(allowUnchecked bool) string {
	if allowUnchecked {
		return "warning"
	}
	return "error"
}

// githubWriter writes GitHub Actions workflow commands (see
// format.WriteGitHub): an annotation for each diagnostic of each object,
// titled with the object, the verdicts at their level, and last a notice
// with the counts.
type githubWriter struct {
	w     *format.Annotations
	level string // of an object not checked in full
}

func (g *githubWriter) Object(r ObjectReport) error {
	format.AnnotateEach(g.w, objectDiagnostics(r, g.level))
	return nil
}

func (g *githubWriter) End(res *Result) error {
	format.AnnotateEach(g.w, endDiagnostics(res))
	return g.w.Flush()
}
