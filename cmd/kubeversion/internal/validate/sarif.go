package validate

import (
	"io"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/diag"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/format"
)

// The rules of validate's -o sarif.
const (
	RuleObjectInvalid    = "object-invalid"     // an error of the API server, or kubectl, on a custom resource
	RuleObjectWarning    = "object-warning"     // a warning of the API server's response
	RuleObjectNotChecked = "object-not-checked" // an object not checked in full
)

// sarifHelpValidate is where validate is described.
const sarifHelpValidate = "https://github.com/kubeversion/kubeversion#validate"

// sarifWriter writes what validate found as a SARIF 2.1.0 log, as
// lint's -o sarif does (see format.WriteSARIF), with version as the
// tool's: a result for each error and warning listed, each object not
// checked in full (an error, as it fails the run, or a warning with
// --allow-unchecked), and each problem. The verdicts of valid, invalid and
// skipped objects are not results: code scanning would make an alert of
// each. Fingerprints do not depend on lines. The log is one JSON
// document, written at the end: it holds the results, not the objects.
type sarifWriter struct {
	out     io.Writer
	version string
	level   string // of an object not checked in full
	results []diag.Diagnostic
}

func (s *sarifWriter) Object(r ObjectReport) error {
	for _, d := range objectDiagnostics(r, s.level) {
		if d.Rule != "" {
			s.results = append(s.results, d)
		}
	}
	return nil
}

func (s *sarifWriter) End(res *Result) error {
	rule := func(id, level, text string) format.SARIFRule {
		return format.NewRule(id, level, text, sarifHelpValidate)
	}
	rules := []format.SARIFRule{
		rule(RuleObjectInvalid, "error", "The API server rejects the custom resource"),
		rule(RuleObjectWarning, "warning", "The API server warns about the custom resource"),
		rule(RuleObjectNotChecked, s.level, "The custom resource could not be checked in full"),
		rule(format.RuleNotListed, "error", "More errors than validate lists for one object"),
		rule(format.RuleInput, "error", "The input could not be read"),
	}
	return format.WriteSARIF(s.out, rules, append(s.results, endDiagnostics(res)...), s.version, len(res.Problems) == 0)
}
