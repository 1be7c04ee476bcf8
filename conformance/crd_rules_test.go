package conformance

import (
	"regexp"
	"strings"
)

// The differential sorts every error of either side into a topic by its
// field path (and, for a few paths shared by two topics, its detail).
// Errors of a covered topic must match exactly, message for message;
// errors of the other topics are counted and reported to -mismatchdir but
// do not fail the test. Topics enter coveredTopics as package crd
// implements them, and the list only grows; the summary that the tests log
// shows the topics left out and how many cases differ in each.
//
// Left out, and why:
//   - "decode-message": when both sides reject a request for a value of
//     the wrong type, their messages differ (package crd names Go types
//     and paths its own way); that both reject is checked in "decode".
var coveredTopics = map[string]bool{
	"decode":         true, // strict decoding; which requests fail to decode
	"meta":           true,
	"group":          true,
	"scope":          true,
	"names":          true,
	"versions":       true, // names, uniqueness, storage flag, deprecation warnings, schema presence
	"schema":         true,
	"defaults":       true,
	"columns":        true,
	"subresources":   true,
	"selectable":     true,
	"conversion":     true,
	"storedversions": true,
	"preserve":       true,
	"other":          true,
	"values":         true,
	"cel":            true, // compiled by package cel
	"cel-defaults":   true, // rules run on defaults, by package cel
}

// allTopics lists the topics in report order. Topic "values" is not one
// of a path: it holds the errors that match in every respect but the
// printed value (as "[{\"Name\":\"v1\",...}]" where the server prints a
// list of its internal structs).
var allTopics = []string{
	"decode", "decode-message", "meta", "group", "scope", "names", "versions", "schema", "defaults",
	"columns", "subresources", "selectable", "conversion", "storedversions", "preserve", "other", "cel", "cel-defaults", "values",
}

// classify sets the topic of each finding of a verdict on manifest.
func classify(errs []finding, manifest []byte) {
	var messages map[string]bool // of the manifest's rules, read when needed
	for i := range errs {
		f := &errs[i]
		f.topic = topicOf(f.field, f.detail)
		if f.topic == "defaults" {
			if messages == nil {
				messages = ruleMessages(manifest)
			}
			if _, msg, _ := strings.Cut(f.detail, ": "); messages[msg] {
				f.topic = "cel-defaults" // a rule with a message fails on a default
			}
		}
	}
}

// ruleMessages returns the trimmed messages of every
// x-kubernetes-validations rule in manifest.
func ruleMessages(manifest []byte) map[string]bool {
	out := map[string]bool{}
	root, err := decodeJSON(manifest)
	if err != nil {
		return out
	}
	var walk func(v any, rules bool)
	walk = func(v any, rules bool) {
		switch v := v.(type) {
		case map[string]any:
			if m, ok := v["message"].(string); ok && rules {
				out[strings.TrimSpace(m)] = true
			}
			for k, e := range v {
				walk(e, k == "x-kubernetes-validations")
			}
		case []any:
			for _, e := range v {
				walk(e, rules)
			}
		}
	}
	walk(root, false)
	return out
}

// topicOf returns the topic of an error by its field path and its
// "Type: detail". A default that breaks a CEL rule with a message of its
// own is told apart by classify, which knows the rules.
func topicOf(path, detail string) string {
	switch {
	case celError(path, detail) && defaultPath.MatchString(path):
		return "cel-defaults"
	case celError(path, detail):
		return "cel"
	case path == "metadata" || strings.HasPrefix(path, "metadata."):
		return "meta"
	case path == "spec.group":
		return "group"
	case path == "spec.scope":
		return "scope"
	case strings.HasPrefix(path, "spec.names") || strings.HasPrefix(path, "status.acceptedNames"):
		return "names"
	case strings.HasPrefix(path, "status.storedVersions"):
		return "storedversions"
	case path == "spec.conversion.strategy" && strings.HasSuffix(detail, "must be None if spec.preserveUnknownFields is true"):
		return "preserve"
	case strings.HasPrefix(path, "spec.conversion"):
		return "conversion"
	case path == "spec.preserveUnknownFields":
		if strings.Contains(detail, "defaults") {
			return "defaults"
		}
		return "preserve"
	case strings.Contains(path, "additionalPrinterColumns"):
		return "columns"
	case strings.Contains(path, "subresources"):
		return "subresources"
	case strings.Contains(path, "selectableFields"):
		return "selectable"
	case strings.HasSuffix(path, ".schema.openAPIV3Schema") && strings.HasPrefix(detail, "FieldValueRequired"):
		return "versions" // a version without a schema
	case strings.Contains(path, ".schema") || strings.HasPrefix(path, "spec.validation"):
		if defaultPath.MatchString(path) {
			return "defaults"
		}
		return "schema"
	case path == "spec.version" || strings.HasPrefix(path, "spec.versions"):
		return "versions"
	}
	return "other"
}

// defaultPath matches a path at or below a schema's default.
var defaultPath = regexp.MustCompile(`\.default(\.|\[|$)`)

// celRulePath matches the fields of one x-kubernetes-validations rule.
var celRulePath = regexp.MustCompile(`x-kubernetes-validations\[\d+\]\.(rule|messageExpression|optionalOldSelf)$`)

// celError reports whether an error of the API server comes from
// compiling, costing or running CEL, which package cel judges. These
// are, precisely:
//
//   - at x-kubernetes-validations[i].rule, every error but the Required
//     "rule is not specified" (compile errors, Required from the compiler,
//     the per-rule cost limit, oldSelf on an uncorrelatable path);
//   - at x-kubernetes-validations[i].messageExpression, every error but the
//     Required "messageExpression must be non-empty if specified";
//   - at x-kubernetes-validations[i].optionalOldSelf, "may not be set if
//     oldSelf is not used in rule", which needs the compiled rule;
//   - internal errors at x-kubernetes-validations (type information);
//   - the Forbidden errors of the total cost of a schema ("contributed to
//     estimated rule cost total ..." and "... estimated rule cost total for
//     entire OpenAPIv3 schema exceeds budget ...");
//   - errors at or below a default that come from running the rules on the
//     default: "failed rule: ...", "rule compile error: ...", the cost
//     budget, runtime evaluation errors, and (see classify) the message of
//     any rule of the CRD. A message made by a messageExpression is not
//     recognized: the generators make none, and no corpus case met one.
//
// The schema-side checks of rules (message line breaks, reason, fieldPath)
// are not CEL: they stay in topic "schema".
func celError(path, detail string) bool {
	typ, msg, _ := strings.Cut(detail, ": ")
	if m := celRulePath.FindStringSubmatch(path); m != nil {
		switch m[1] {
		case "rule":
			return !(typ == "FieldValueRequired" && msg == "rule is not specified")
		case "messageExpression":
			return !(typ == "FieldValueRequired" && msg == "messageExpression must be non-empty if specified")
		default:
			return msg == "may not be set if oldSelf is not used in rule"
		}
	}
	switch {
	case typ == "InternalError" && strings.HasSuffix(path, "x-kubernetes-validations"):
		return true
	case typ == "FieldValueForbidden" && (strings.HasPrefix(msg, "contributed to estimated rule cost total exceeding") ||
		strings.Contains(msg, "estimated rule cost total for entire OpenAPIv3 schema exceeds budget")):
		return true
	case defaultPath.MatchString(path):
		return strings.HasPrefix(msg, "failed rule: ") || strings.HasPrefix(msg, "rule compile error: ") ||
			strings.HasPrefix(msg, "rule compiler initialization error: ") ||
			strings.HasPrefix(msg, "validation failed due to running out of cost budget") ||
			strings.Contains(msg, "evaluating rule: ") || strings.Contains(msg, " for rule: ") ||
			strings.HasPrefix(msg, "runtime cost could not be calculated")
	}
	return false
}

// pending lists the differences, by side and rule key, that the test
// knows of in covered topics and does not fail on, each with its reason
// and the helper who fixes it. It must only shrink: an entry is removed
// when its fix lands. Every run logs how often each entry was met.
var pending = []struct{ side, key, why string }{
	{"missing", `values | <schema>… | FieldValueInvalid: must only have a single schema if x-kubernetes-list-type is map`,
		`items: [] prints as {"Schema":null,"JSONSchemas":[]} in the server and as null in crd (schema rules)`},
	{"extra", `values | <schema>… | FieldValueInvalid: must only have a single schema if x-kubernetes-list-type is map`,
		`the same, seen from crd's side`},
}

// isPending reports whether d is a known difference listed in pending.
func isPending(d difference) bool {
	for _, p := range pending {
		if p.side == d.side && p.key == d.key {
			return true
		}
	}
	return false
}

// ruleKey names the rule an error comes from, for grouping mismatches:
// its topic, its path with indices and keys replaced by [*] and the walk
// down a schema written <schema>…, its type and its detail with quoted
// values replaced by "…" and numbers by N.
func ruleKey(topic, path, detail string) string {
	p := bracket.ReplaceAllString(path, "[*]")
	p = schemaRoot.ReplaceAllString(p, "<schema>")
	p = schemaWalk.ReplaceAllString(p, "…")
	d := quoted.ReplaceAllString(detail, `"…"`)
	d = number.ReplaceAllString(d, "N")
	if len(d) > 140 {
		d = d[:140] + "…"
	}
	return topic + " | " + p + " | " + d
}

var (
	schemaRoot = regexp.MustCompile(`^spec\.(versions\[\*\]\.schema|validation)\.openAPIV3Schema`)
	schemaWalk = regexp.MustCompile(`(\.(properties\[\*\]|items|additionalProperties|(allOf|anyOf|oneOf)\[\*\]|not|patternProperties\[\*\]|dependencies\[\*\]|definitions\[\*\]|additionalItems))+`)
	bracket    = regexp.MustCompile(`\[[^\]]*\]`)
	quoted     = regexp.MustCompile(`"(\\.|[^"\\])*"`)
	number     = regexp.MustCompile(`\b\d+\b`)
)
