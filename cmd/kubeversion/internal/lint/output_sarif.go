package lint

import (
	"io"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/format"
)

// The rules of -o sarif that are not upgrade checks.
const (
	ruleServerError   = "api-server-error"   // an error of the API server
	ruleServerWarning = "api-server-warning" // a warning of the API server
	ruleRequirement   = "needs-kubernetes"   // a field that needs a later release
	ruleDeprecated    = "deprecated-version" // a served version that is deprecated
	ruleObjectSize    = "object-size"        // an object too big for etcd's default or client-side apply
)

// Where the rules are described: lint's own, and the upgrade checks.
const (
	sarifHelpLint    = "https://github.com/kubeversion/kubeversion#lint"
	sarifHelpUpgrade = "https://github.com/kubeversion/kubeversion#upgrades"
)

// writeSARIF writes what lint found as a SARIF 2.1.0 log, as GitHub code
// scanning reads it (see format.WriteSARIF): one run, whose rules are
// lint's upgrade checks and the kinds of result of sarifRules, and a
// result for each of Diagnostics but the verdicts. A result's location is
// its file and line; a kustomize build has no file of its lines, so its
// result is located at the directory and the message gives the line of
// the build, and standard input gives no location. Findings accepted by
// --baseline are there, suppressed.
func writeSARIF(out io.Writer, l *Result) error {
	return format.WriteSARIF(out, sarifRules(), l.Diagnostics(), l.version, len(l.problems) == 0)
}

// writeGitHub writes GitHub Actions workflow commands (see
// format.WriteGitHub): an annotation for each of Diagnostics, the
// verdicts as notices, titled with the CRD and, for an upgrade finding,
// its check.
func writeGitHub(out io.Writer, l *Result) error {
	return format.WriteGitHub(out, l.Diagnostics())
}

// sarifRules returns the rules of -o sarif: lint's own kinds of result,
// then the upgrade checks of checkNames, each at its default level.
func sarifRules() []format.SARIFRule {
	rule := func(id, level, text string) format.SARIFRule {
		return format.NewRule(id, level, text, sarifHelpLint)
	}
	rules := []format.SARIFRule{
		rule(ruleServerError, "error", "The API server rejects the CustomResourceDefinition"),
		rule(ruleServerWarning, "warning", "The API server accepts the CustomResourceDefinition with a warning"),
		rule(ruleRequirement, "note", "A field needs a Kubernetes release after the oldest one lint judges"),
		rule(ruleDeprecated, "warning", "A served version is deprecated: its clients get a warning"),
		rule(ruleObjectSize, "warning", "The object is too big for etcd's default request limit, or for client-side kubectl apply"),
		rule(format.RuleNotListed, "error", "More errors or findings than lint lists for one CRD"),
		rule(format.RuleInput, "error", "The input could not be read"),
	}
	defaults := NewCheckLevels()
	for _, c := range checkNames() {
		rules = append(rules, format.NewRule(c, string(defaults.levels[c]), "Upgrade check "+c, sarifHelpUpgrade))
	}
	return rules
}
