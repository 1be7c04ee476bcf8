package main

import "github.com/kubeversion/kubeversion/crd"

// finding is one finding of an upgrade check, at its level, located in
// the file.
type finding struct {
	Line    int    `json:"line"`
	Level   level  `json:"level"` // "error" or "warning"
	Check   string `json:"check"`
	Field   string `json:"field"`
	Version string `json:"version,omitempty"`
	From    string `json:"from,omitempty"` // see crd.Finding
	Message string `json:"message"`
	// Truncated says that Field or Message was cut (see cutMiddle).
	Truncated bool `json:"truncated,omitempty"`
}

// String returns the finding as lint prints it after "file:line: ", for
// example "warning: spec.versions[0].served: v1beta1 is no longer served:
// ... [served-version-removed]".
func (f finding) String() string {
	return string(f.Level) + ": " + f.Field + ": " + f.Message + " [" + f.Check + "]"
}

// addFindings runs the upgrade checks of package crd on c, against old,
// the live object, or without one when old is nil, and keeps the findings
// of the checks that levels does not turn off, each at its level (see
// checkLevels.of) and at the line of its field in the file.
func (r *report) addFindings(loc *locator, c, old *crd.CustomResourceDefinition, levels *checkLevels) {
	for _, f := range crd.CheckUpgrade(old, c) {
		l := levels.of(f.Check, f.From != "")
		if l == levelOff {
			continue
		}
		r.addFinding(finding{
			Level: l, Check: f.Check, Field: f.Field,
			Version: f.Version, From: f.From, Message: f.Message,
		}, loc)
	}
}

// countFindings returns how many findings of r are errors and how many are
// warnings, listed or not.
func (r report) countFindings() (errors, warnings int) {
	errors, warnings = r.errorFindingsNotListed, r.FindingsNotListed-r.errorFindingsNotListed
	for _, f := range r.Findings {
		if f.Level == levelError {
			errors++
		} else {
			warnings++
		}
	}
	return errors, warnings
}
