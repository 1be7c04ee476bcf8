package validate

import (
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/diag"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/format"
)

// Diagnostics returns what validate found as one list: for each object,
// its errors listed (see server.MaxListed), how many are not, its
// warnings and its verdict, which for an object not checked in full is an
// error, as it fails the run, or a warning with --allow-unchecked; then
// the problems reading the input and, when there were objects, the
// counts.
func (v *Result) Diagnostics() []diag.Diagnostic {
	var ds []diag.Diagnostic
	add := func(d diag.Diagnostic) { ds = append(ds, d) }
	for _, r := range v.Reports {
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
			verdict.Rule, verdict.Level, verdict.Key = RuleObjectNotChecked, v.uncheckedLevel(), []string{title}
		}
		add(verdict)
	}
	for _, p := range v.Problems {
		add(diag.Diagnostic{Rule: format.RuleInput, Level: "error", File: p.File, Line: p.Line,
			Input: true, Message: p.Message, Title: "kubeversion validate", Key: []string{p.File, p.Message}})
	}
	if len(v.Reports) > 0 {
		add(diag.Diagnostic{Summary: true, Level: "notice", Title: "kubeversion validate", Message: v.Summary.String()})
	}
	return ds
}

// uncheckedLevel is the level of an object not checked in full: an error,
// as it fails the run, or a warning with --allow-unchecked.
func (v *Result) uncheckedLevel() string {
	if v.allowUnchecked {
		return "warning"
	}
	return "error"
}
