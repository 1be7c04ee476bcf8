package lint

import (
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/diag"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/format"
)

// Diagnostics returns what lint found as one list, in the order of the
// text output: for each CRD, its errors listed (see server.MaxListed), how
// many are not, its upgrade findings (cut lists in the short message;
// accepted ones marked), how many are not listed, at the level of the
// worst, its requirement lines (see report.requirementLines), the API
// server's warnings, its deprecation warnings and its verdict with the
// version kubectl uses;
// then the crd-removed findings and the problems reading the input.
func (l *Result) Diagnostics() []diag.Diagnostic {
	var ds []diag.Diagnostic
	add := func(d diag.Diagnostic) { ds = append(ds, d) }
	for _, r := range l.reports {
		for _, e := range r.Errors {
			add(diag.Diagnostic{Rule: ruleServerError, Level: "error", File: r.File, Line: e.Line,
				Object: r.Name, Message: e.Message, Key: []string{r.Name, e.Message}})
		}
		if n := r.ErrorsNotListed; n > 0 {
			add(diag.Diagnostic{Rule: format.RuleNotListed, Level: "error", File: r.File, Line: r.Line,
				Object: r.Name, Message: notListed(n, "error"), Key: []string{r.Name, "error"}})
		}
		for _, f := range r.Findings {
			add(diag.Diagnostic{Rule: f.Check, Level: string(f.Level), File: r.File, Line: f.Line,
				Object: r.Name, Field: f.Field, Message: f.Message, Brief: cutLists(f.Message),
				Title: r.Name + " [" + f.Check + "]", Key: f.baselineKey(r.Name), Accepted: f.Accepted})
		}
		if n := r.FindingsNotListed; n > 0 {
			level := levelWarning
			if r.errorFindingsNotListed > 0 {
				level = levelError
			}
			add(diag.Diagnostic{Rule: format.RuleNotListed, Level: string(level), File: r.File, Line: r.Line,
				Object: r.Name, Message: notListed(n, "finding"), Key: []string{r.Name, "finding"}})
		}
		for _, q := range r.requirementLines() {
			add(diag.Diagnostic{Rule: ruleRequirement, Level: q.Level, File: r.File, Line: q.Line,
				Object: r.Name, Field: q.Field, Message: "needs Kubernetes " + q.Kubernetes + " or later: " + q.Reason, Brief: q.Reason,
				Title: r.Name + " needs Kubernetes " + q.Kubernetes, Key: []string{r.Name, q.Field, q.Kubernetes}})
		}
		for _, w := range r.ServerWarnings {
			add(diag.Diagnostic{Rule: ruleServerWarning, Level: "warning", File: r.File, Line: w.Line,
				Object: r.Name, Field: w.Field, Message: w.Message,
				Title: r.Name + " [" + ruleServerWarning + "]", Key: []string{r.Name, w.Field, w.Message}})
		}
		for _, v := range r.Versions {
			if v.Warning != "" {
				add(diag.Diagnostic{Rule: ruleDeprecated, Level: "warning", File: r.File, Line: v.Line,
					Object: r.Name, Message: v.Name + " is deprecated: " + v.Warning, Brief: v.Warning,
					Title: r.Name + " " + v.Name + " is deprecated", Key: []string{r.Name, v.Name}})
			}
		}
		for _, w := range r.Warnings {
			add(diag.Diagnostic{Rule: ruleObjectSize, Level: "warning", File: r.File, Line: r.Line,
				Object: r.Name, Message: w, Key: []string{r.Name, ruleObjectSize}})
		}
		add(diag.Diagnostic{Level: "notice", File: r.File, Line: r.Line, Object: r.Name, Message: r.verdictLine()})
	}
	for _, r := range l.removed {
		add(diag.Diagnostic{Rule: checkCRDRemoved, Level: string(r.Level), File: r.File, Line: r.Line,
			Object: r.Name, Message: r.Message, Title: r.Name + " [crd-removed]", Key: r.baselineKey(), Accepted: r.Accepted})
	}
	for _, p := range l.problems {
		add(diag.Diagnostic{Rule: format.RuleInput, Level: "error", File: p.File, Line: p.Line,
			Input: true, Message: p.Message, Title: "kubeversion lint", Key: []string{p.File, p.Message}})
	}
	return ds
}

// verdictLine returns the verdict of r with the version kubectl uses, as
// one line: "valid...; kubectl uses v1".
func (r *report) verdictLine() string {
	msg := r.Verdict
	switch {
	case !r.decoded:
	case r.Preferred == "":
		msg += "; kubectl uses nothing, no version is served"
	default:
		msg += "; kubectl uses " + r.Preferred
	}
	return msg
}
