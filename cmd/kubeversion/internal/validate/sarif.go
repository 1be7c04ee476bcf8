package validate

import (
	"io"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/format"
)

// The rules of validate's -o sarif.
const (
	RuleObjectInvalid    = "object-invalid"     // an error of the API server, or kubectl, on a custom resource
	RuleObjectWarning    = "object-warning"     // a warning of the API server's response
	RuleObjectNotChecked = "object-not-checked" // a custom resource not checked in full
)

// sarifHelpValidate is where validate is described.
const sarifHelpValidate = "https://github.com/kubeversion/kubeversion#validate"

// WriteSARIF writes what validate found as a SARIF 2.1.0 log, as lint's
// -o sarif does, with version as the tool's: a result for each error and
// warning listed, each object not checked in full (an error, as it fails the run, or a
// warning with --allow-unchecked), and each problem. The verdicts of
// valid, invalid and skipped objects are not results: code scanning
// would make an alert of each. Fingerprints do not depend on lines.
func (v *Result) WriteSARIF(out io.Writer, version string) error {
	rule := func(id, level, text string) format.SARIFRule {
		return format.NewRule(id, level, text, sarifHelpValidate)
	}
	uncheckedLevel := "error"
	if v.allowUnchecked {
		uncheckedLevel = "warning"
	}
	log := format.NewSARIF([]format.SARIFRule{
		rule(RuleObjectInvalid, "error", "The API server rejects the custom resource"),
		rule(RuleObjectWarning, "warning", "The API server warns about the custom resource"),
		rule(RuleObjectNotChecked, uncheckedLevel, "The custom resource could not be checked in full"),
		rule(format.RuleNotListed, "error", "More errors than validate lists for one object"),
		rule(format.RuleInput, "error", "The input could not be read"),
	})
	add := func(id, file string, line int, msg string, key ...string) {
		log.Add(id, log.Level(id), file, line, msg, key...)
	}
	for _, r := range v.Reports {
		title := r.title()
		for _, e := range r.Errors {
			add(RuleObjectInvalid, r.File, e.Line, title+": "+e.Message, title, e.Message)
		}
		if n := r.ErrorsNotListed; n > 0 {
			add(format.RuleNotListed, r.File, r.Line, title+": "+objectNotListed(n), title)
		}
		for _, w := range r.Warnings {
			add(RuleObjectWarning, r.File, w.Line, title+": "+w.Message, title, w.Message)
		}
		if r.Status == StatusNotChecked || r.Status == StatusNoErrors {
			add(RuleObjectNotChecked, r.File, r.Line, title+": "+r.Verdict, title)
		}
	}
	for _, p := range v.Problems {
		add(format.RuleInput, p.File, p.Line, p.Message, p.File, p.Message)
	}
	return log.Write(out, version, len(v.Problems) == 0)
}
