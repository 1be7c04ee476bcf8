package lint

import (
	"io"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/format"
)

// The rules of -o sarif that are not upgrade checks.
const (
	ruleServerError = "api-server-error"   // an error of the API server
	ruleRequirement = "needs-kubernetes"   // a field that needs a later release
	ruleDeprecated  = "deprecated-version" // a served version that is deprecated
)

// Where the rules are described: lint's own, and the upgrade checks.
const (
	sarifHelpLint    = "https://github.com/kubeversion/kubeversion#lint"
	sarifHelpUpgrade = "https://github.com/kubeversion/kubeversion#upgrades"
)

// writeSARIF writes what lint found as a SARIF 2.1.0 log, as GitHub code
// scanning reads it: one run, whose rules are lint's upgrade checks and
// the kinds of result of sarifRules, and a result for each error,
// finding, requirement line and deprecation warning the text output
// lists, each crd-removed finding and each problem. The verdicts are not
// results: code scanning would make an alert of each. A result's
// location is its file and line; a kustomize build has no file of its
// lines, so its result is located at the directory and the message gives
// the line of the build, and standard input gives no location. Each
// result has a fingerprint that does not depend on its line (see
// fingerprint), so that an alert follows a finding that moves in its
// file; findings accepted by --baseline are there, suppressed.
func writeSARIF(out io.Writer, l *Result) error {
	log := format.NewSARIF(sarifRules())
	for _, r := range l.reports {
		for _, e := range r.Errors {
			log.Add(ruleServerError, "error", r.File, e.Line, r.Name+": "+e.Message, r.Name, e.Message)
		}
		if n := r.ErrorsNotListed; n > 0 {
			log.Add(format.RuleNotListed, "error", r.File, r.Line, r.Name+": "+notListed(n, "error"), r.Name, "error")
		}
		for _, f := range r.Findings {
			res := log.Add(f.Check, string(f.Level), r.File, f.Line, r.Name+": "+f.Field+": "+f.Message, f.baselineKey(r.Name)...)
			if f.Accepted {
				res.Suppressions = []format.SARIFSuppression{{Kind: "external", Justification: "accepted by --baseline"}}
			}
		}
		if n := r.FindingsNotListed; n > 0 {
			level := levelWarning
			if r.errorFindingsNotListed > 0 {
				level = levelError
			}
			log.Add(format.RuleNotListed, string(level), r.File, r.Line, r.Name+": "+notListed(n, "finding"), r.Name, "finding")
		}
		for _, q := range r.requirementLines() {
			log.Add(ruleRequirement, q.Level, r.File, q.Line, r.Name+": "+q.Field+": needs Kubernetes "+q.Kubernetes+" or later: "+q.Reason, r.Name, q.Field, q.Kubernetes)
		}
		for _, v := range r.Versions {
			if v.Warning != "" {
				log.Add(ruleDeprecated, "warning", r.File, v.Line, r.Name+": "+v.Name+" is deprecated: "+v.Warning, r.Name, v.Name)
			}
		}
	}
	for _, r := range l.removed {
		res := log.Add(checkCRDRemoved, string(r.Level), r.File, r.Line, r.Name+": "+r.Message, r.baselineKey()...)
		if r.Accepted {
			res.Suppressions = []format.SARIFSuppression{{Kind: "external", Justification: "accepted by --baseline"}}
		}
	}
	for _, p := range l.problems {
		log.Add(format.RuleInput, "error", p.File, p.Line, p.Message, p.File, p.Message)
	}
	return log.Write(out, l.version, len(l.problems) == 0)
}

// sarifRules returns the rules of -o sarif: lint's own kinds of result,
// then the upgrade checks of checkNames, each at its default level.
func sarifRules() []format.SARIFRule {
	rule := func(id, level, text string) format.SARIFRule {
		return format.NewRule(id, level, text, sarifHelpLint)
	}
	rules := []format.SARIFRule{
		rule(ruleServerError, "error", "The API server rejects the CustomResourceDefinition"),
		rule(ruleRequirement, "note", "A field needs a Kubernetes release after the oldest one lint judges"),
		rule(ruleDeprecated, "warning", "A served version is deprecated: its clients get a warning"),
		rule(format.RuleNotListed, "error", "More errors or findings than lint lists for one CRD"),
		rule(format.RuleInput, "error", "The input could not be read"),
	}
	defaults := NewCheckLevels()
	for _, c := range checkNames() {
		rules = append(rules, format.NewRule(c, string(defaults.levels[c]), "Upgrade check "+c, sarifHelpUpgrade))
	}
	return rules
}
