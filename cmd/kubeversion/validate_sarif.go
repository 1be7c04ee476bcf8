package main

import (
	"io"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/format"
)

// The rules of validate's -o sarif.
const (
	ruleObjectInvalid    = "object-invalid"     // an error of the API server, or kubectl, on a custom resource
	ruleObjectWarning    = "object-warning"     // a warning of the API server's response
	ruleObjectNotChecked = "object-not-checked" // a custom resource not checked in full
)

// sarifHelpValidate is where validate is described.
const sarifHelpValidate = "https://github.com/kubeversion/kubeversion#validate"

// writeValidateSARIF writes what validate found as a SARIF 2.1.0 log, as
// writeSARIF does for lint: a result for each error and warning listed,
// each object not checked in full (an error, as it fails the run, or a
// warning with --allow-unchecked), and each problem. The verdicts of
// valid, invalid and skipped objects are not results: code scanning
// would make an alert of each. Fingerprints do not depend on lines.
func writeValidateSARIF(out io.Writer, v *validation) error {
	rule := func(id, level, text string) format.SARIFRule {
		return format.NewRule(id, level, text, sarifHelpValidate)
	}
	uncheckedLevel := "error"
	if v.allowUnchecked {
		uncheckedLevel = "warning"
	}
	log := format.NewSARIF([]format.SARIFRule{
		rule(ruleObjectInvalid, "error", "The API server rejects the custom resource"),
		rule(ruleObjectWarning, "warning", "The API server warns about the custom resource"),
		rule(ruleObjectNotChecked, uncheckedLevel, "The custom resource could not be checked in full"),
		rule(format.RuleNotListed, "error", "More errors than validate lists for one object"),
		rule(format.RuleInput, "error", "The input could not be read"),
	})
	add := func(id, file string, line int, msg string, key ...string) {
		log.Add(id, log.Level(id), file, line, msg, key...)
	}
	for _, r := range v.reports {
		title := r.title()
		for _, e := range r.Errors {
			add(ruleObjectInvalid, r.File, e.Line, title+": "+e.Message, title, e.Message)
		}
		if n := r.ErrorsNotListed; n > 0 {
			add(format.RuleNotListed, r.File, r.Line, title+": "+objectNotListed(n), title)
		}
		for _, w := range r.Warnings {
			add(ruleObjectWarning, r.File, w.Line, title+": "+w.Message, title, w.Message)
		}
		if r.Status == statusNotChecked || r.Status == statusNoErrors {
			add(ruleObjectNotChecked, r.File, r.Line, title+": "+r.Verdict, title)
		}
	}
	for _, p := range v.problems {
		add(format.RuleInput, p.File, p.Line, p.Message, p.File, p.Message)
	}
	return log.Write(out, buildVersion(), len(v.problems) == 0)
}
