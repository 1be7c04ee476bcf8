package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
)

// The rules of -o sarif that are not upgrade checks.
const (
	ruleServerError = "api-server-error"   // an error of the API server
	ruleRequirement = "needs-kubernetes"   // a field that needs a later release
	ruleDeprecated  = "deprecated-version" // a served version that is deprecated
	ruleNotListed   = "not-listed"         // errors or findings past maxListed
	ruleInput       = "input-problem"      // input that could not be read
)

// The SARIF 2.1.0 log, as much of it as lint writes.
type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool        sarifTool         `json:"tool"`
		Invocations []sarifInvocation `json:"invocations"`
		Results     []sarifResult     `json:"results"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name           string      `json:"name"`
		Version        string      `json:"version"`
		InformationURI string      `json:"informationUri"`
		Rules          []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID                   string       `json:"id"`
		ShortDescription     sarifMessage `json:"shortDescription"`
		HelpURI              string       `json:"helpUri"`
		DefaultConfiguration struct {
			Level string `json:"level"`
		} `json:"defaultConfiguration"`
	}
	sarifInvocation struct {
		ExecutionSuccessful bool `json:"executionSuccessful"`
	}
	sarifResult struct {
		RuleID              string            `json:"ruleId"`
		RuleIndex           int               `json:"ruleIndex"`
		Level               string            `json:"level"`
		Message             sarifMessage      `json:"message"`
		Locations           []sarifLocation   `json:"locations,omitempty"`
		PartialFingerprints map[string]string `json:"partialFingerprints"`
		Suppressions        []sarifSupression `json:"suppressions,omitempty"`
	}
	sarifMessage struct {
		Text string `json:"text"`
	}
	sarifLocation struct {
		PhysicalLocation sarifPhysicalLocation `json:"physicalLocation"`
	}
	sarifPhysicalLocation struct {
		ArtifactLocation struct {
			URI string `json:"uri"`
		} `json:"artifactLocation"`
		Region *sarifRegion `json:"region,omitempty"`
	}
	sarifRegion struct {
		StartLine int `json:"startLine"`
	}
	sarifSupression struct {
		Kind          string `json:"kind"`
		Justification string `json:"justification"`
	}
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
func writeSARIF(out io.Writer, l *linter) error {
	rules := sarifRules()
	index := map[string]int{}
	for i, r := range rules {
		index[r.ID] = i
	}
	var results []sarifResult
	add := func(rule, level, file string, line int, msg string, key ...string) *sarifResult {
		if level == "notice" {
			level = "note"
		}
		res := sarifResult{
			RuleID: rule, RuleIndex: index[rule], Level: level,
			Message:             sarifMessage{msg},
			PartialFingerprints: map[string]string{"kubeversion/v1": fingerprint(append([]string{rule}, key...)...)},
		}
		if loc, at := sarifLocate(file, line); loc != nil {
			res.Locations = []sarifLocation{*loc}
			res.Message.Text += at
		}
		results = append(results, res)
		return &results[len(results)-1]
	}
	for _, r := range l.reports {
		for _, e := range r.Errors {
			add(ruleServerError, "error", r.File, e.Line, r.Name+": "+e.Message, r.Name, e.Message)
		}
		if n := r.ErrorsNotListed; n > 0 {
			add(ruleNotListed, "error", r.File, r.Line, r.Name+": "+notListed(n, "error"), r.Name, "error")
		}
		for _, f := range r.Findings {
			res := add(f.Check, string(f.Level), r.File, f.Line, r.Name+": "+f.Field+": "+f.Message, f.baselineKey(r.Name)...)
			if f.Accepted {
				res.Suppressions = []sarifSupression{{Kind: "external", Justification: "accepted by --baseline"}}
			}
		}
		if n := r.FindingsNotListed; n > 0 {
			level := levelWarning
			if r.errorFindingsNotListed > 0 {
				level = levelError
			}
			add(ruleNotListed, string(level), r.File, r.Line, r.Name+": "+notListed(n, "finding"), r.Name, "finding")
		}
		for _, q := range r.requirementLines() {
			add(ruleRequirement, q.Level, r.File, q.Line, r.Name+": "+q.Field+": needs Kubernetes "+q.Kubernetes+" or later: "+q.Reason, r.Name, q.Field, q.Kubernetes)
		}
		for _, v := range r.Versions {
			if v.Warning != "" {
				add(ruleDeprecated, "warning", r.File, v.Line, r.Name+": "+v.Name+" is deprecated: "+v.Warning, r.Name, v.Name)
			}
		}
	}
	for _, r := range l.removed {
		res := add(checkCRDRemoved, string(r.Level), r.File, r.Line, r.Name+": "+r.Message, r.baselineKey()...)
		if r.Accepted {
			res.Suppressions = []sarifSupression{{Kind: "external", Justification: "accepted by --baseline"}}
		}
	}
	for _, p := range l.problems {
		add(ruleInput, "error", p.File, p.Line, p.Message, p.File, p.Message)
	}
	if results == nil {
		results = []sarifResult{}
	}
	log := sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs: []sarifRun{{
			Tool: sarifTool{Driver: sarifDriver{
				Name: "kubeversion", Version: buildVersion(),
				InformationURI: "https://github.com/kubeversion/kubeversion", Rules: rules,
			}},
			Invocations: []sarifInvocation{{ExecutionSuccessful: len(l.problems) == 0}},
			Results:     results,
		}},
	}
	enc := json.NewEncoder(out)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(log)
}

// sarifRules returns the rules of -o sarif: lint's own kinds of result,
// then the upgrade checks of checkNames, each at its default level.
func sarifRules() []sarifRule {
	rule := func(id, level, text string) sarifRule {
		r := sarifRule{ID: id, ShortDescription: sarifMessage{text}, HelpURI: sarifHelpLint}
		r.DefaultConfiguration.Level = level
		return r
	}
	rules := []sarifRule{
		rule(ruleServerError, "error", "The API server rejects the CustomResourceDefinition"),
		rule(ruleRequirement, "note", "A field needs a Kubernetes release after the oldest one lint judges"),
		rule(ruleDeprecated, "warning", "A served version is deprecated: its clients get a warning"),
		rule(ruleNotListed, "error", "More errors or findings than lint lists for one CRD"),
		rule(ruleInput, "error", "The input could not be read"),
	}
	defaults := newCheckLevels()
	for _, c := range checkNames() {
		r := rule(c, string(defaults.levels[c]), "Upgrade check "+c)
		r.HelpURI = sarifHelpUpgrade
		rules = append(rules, r)
	}
	return rules
}

// sarifLocate returns the location of line in file, and what to add to
// the message when the location cannot say it all: nil for standard
// input; the directory, with the line in the message, for a kustomize
// build. A path is made a relative URI reference with slashes, each
// segment escaped, or a file URI when it is absolute.
func sarifLocate(file string, line int) (*sarifLocation, string) {
	if file == "-" {
		return nil, ""
	}
	at := ""
	if dir, ok := strings.CutSuffix(file, " (kustomize build)"); ok {
		if line > 0 {
			at = " (line " + strconv.Itoa(line) + " of kustomize build " + dir + ")"
		}
		file, line = dir, 0
	}
	u := url.URL{Path: filepath.ToSlash(file)}
	if filepath.IsAbs(file) {
		u.Scheme = "file"
		if !strings.HasPrefix(u.Path, "/") { // C:/x on Windows
			u.Path = "/" + u.Path
		}
	}
	var loc sarifLocation
	loc.PhysicalLocation.ArtifactLocation.URI = u.String()
	if line > 0 {
		loc.PhysicalLocation.Region = &sarifRegion{StartLine: line}
	}
	return &loc, at
}

// fingerprint returns a hash of parts, which name a result without its
// line: its rule, its CRD, its field and message.
func fingerprint(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		io.WriteString(h, strconv.Itoa(len(p))+":"+p)
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}
