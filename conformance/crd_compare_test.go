package conformance

import (
	"slices"
	"strings"
)

// difference is one message that one side gives and the other does not:
// side is "missing" (Kubernetes gives it, package crd does not) or
// "extra" (package crd gives it, Kubernetes does not).
type difference struct {
	topic, key, side, msg string
}

// compareVerdicts returns the differences between Kubernetes' verdict k
// and ours o, and the topics of k's errors (each once). Decoding is topic
// "decode": a request that one side fails to decode and the other does
// not is a difference, and so are different strict decoding messages
// (unknown and duplicate fields). Two different messages for a request
// that both sides reject are topic "decode-message". Validation errors
// are compared as multisets of full messages within each topic, so that
// the order of errors, random in the API server wherever it walks a map,
// does not count.
func compareVerdicts(k, o verdict) (diffs []difference, topics []string) {
	if k.fatal != "" || o.fatal != "" {
		topic := "decode"
		if k.fatal != "" && o.fatal != "" {
			topic = "decode-message" // both reject the request, in other words
		}
		if k.fatal != o.fatal {
			diffs = append(diffs, decodeDifference(topic, k.fatal, o.fatal)...)
		}
		return diffs, []string{topic}
	}
	if k.strict != o.strict {
		diffs = append(diffs, decodeDifference("decode", k.strict, o.strict)...)
	}
	if k.strict != "" {
		topics = append(topics, "decode")
	}
	want := byTopic(k.errs)
	got := byTopic(o.errs)
	for _, topic := range allTopics {
		w, g := want[topic], got[topic]
		if len(w) > 0 {
			topics = append(topics, topic)
		}
		// First without the values, then the values of the errors that
		// matched: an error whose value prints differently is a
		// difference of topic "values", not of its own topic.
		missing, extra := multisetMinus(w, g, shortForm), multisetMinus(g, w, shortForm)
		for _, f := range missing {
			diffs = append(diffs, difference{topic, ruleKey(topic, f.field, f.detail), "missing", f.msg})
		}
		for _, f := range extra {
			diffs = append(diffs, difference{topic, ruleKey(topic, f.field, f.detail), "extra", f.msg})
		}
		w, g = multisetMinus(w, missing, fullForm), multisetMinus(g, extra, fullForm)
		for _, f := range multisetMinus(w, g, fullForm) {
			diffs = append(diffs, difference{"values", ruleKey("values", f.field, f.detail), "missing", f.msg})
		}
		for _, f := range multisetMinus(g, w, fullForm) {
			diffs = append(diffs, difference{"values", ruleKey("values", f.field, f.detail), "extra", f.msg})
		}
	}
	return diffs, topics
}

func decodeDifference(topic, want, got string) []difference {
	var out []difference
	if want != "" {
		out = append(out, difference{topic, ruleKey(topic, "", want), "missing", want})
	}
	if got != "" {
		out = append(out, difference{topic, ruleKey(topic, "", got), "extra", got})
	}
	return out
}

func byTopic(errs []finding) map[string][]finding {
	m := make(map[string][]finding)
	for _, f := range errs {
		m[f.topic] = append(m[f.topic], f)
	}
	return m
}

// multisetMinus returns the findings of a whose forms are not matched,
// one for one, by forms of b.
func multisetMinus(a, b []finding, form func(finding) string) []finding {
	left := make(map[string]int, len(b))
	for _, f := range b {
		left[form(f)]++
	}
	var out []finding
	for _, f := range a {
		if left[form(f)] > 0 {
			left[form(f)]--
			continue
		}
		out = append(out, f)
	}
	return out
}

// fullForm is the message as printed; shortForm leaves out the value.
// Both leave out which problem a structural-schema conversion error names
// (see structuralInitError).
func fullForm(f finding) string {
	if structuralInitError(f) {
		return f.field + ": Invalid value: \"\": " + structuralInitDetail
	}
	if p, ok := embeddedTypeError(f); ok {
		return p + ": Invalid value: <apiVersion or kind>: must be a string"
	}
	if mostExpensive(f) {
		return "<one of the most expensive rules>: " + f.detail
	}
	return f.msg
}

func shortForm(f finding) string {
	if structuralInitError(f) {
		return f.field + " | FieldValueInvalid: " + structuralInitDetail
	}
	if p, ok := embeddedTypeError(f); ok {
		return p + " | FieldValueInvalid: must be a string"
	}
	if mostExpensive(f) {
		return "<one of the most expensive rules> | " + f.detail
	}
	return f.field + " | " + f.detail
}

// mostExpensive reports whether f says that a rule contributed to a
// schema's total cost beyond the limit. The server names the four most
// expensive rules, in the order its walk of a map met them: among rules
// of equal cost, which make the list differs from run to run, so the
// differential compares these errors without their paths (how many there
// are, and their message, still count). Package cel keeps the server's
// own list (its TotalCost), filled in the order of sorted names.
func mostExpensive(f finding) bool {
	return f.detail == "FieldValueForbidden: contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema"
}

// embeddedTypeError reports whether f is the error of an embedded
// resource in a default whose apiVersion or kind is not a string, and
// returns its path without the last field. The server ranges over the
// object's map and stops at the first such field, so with both fields
// wrong it names either, at random (objectmeta.Coerce): the differential
// compares these errors without the field's name and value.
func embeddedTypeError(f finding) (string, bool) {
	if f.detail != "FieldValueInvalid: must be a string" || !defaultPath.MatchString(f.field) {
		return "", false
	}
	for _, name := range []string{".apiVersion", ".kind"} {
		if p, ok := strings.CutSuffix(f.field, name); ok {
			return p + ".{apiVersion,kind}", true
		}
	}
	return "", false
}

// structuralInitError reports whether f is the error of a schema that
// cannot be converted to a structural schema, reported at
// <schema>.openAPIV3Schema with an empty value. The converter of the API
// server stops at the first problem it meets while ranging over a map of
// properties, so for a schema with two such problems the server names
// either one, at random from run to run (measured: 25 and 5 of 30 runs of
// one schema). The differential compares these errors by path only, and
// only when the detail is one of the converter's messages.
func structuralInitError(f finding) bool {
	_, detail, _ := strings.Cut(f.detail, ": ")
	return strings.HasSuffix(f.field, "openAPIV3Schema") && strings.HasPrefix(f.detail, "FieldValueInvalid: ") &&
		f.msg == f.field+`: Invalid value: "": `+detail && slices.Contains(structuralInitDetails, detail)
}

const structuralInitDetail = "<a structural-schema conversion error>"

// structuralInitDetails are the messages of the converter
// (k8s.io/apiextensions-apiserver/pkg/apiserver/schema, convert.go).
var structuralInitDetails = []string{
	"OpenAPIV3Schema 'items' must be a schema, but is an array",
	"internal error: 'x-kubernetes-preserve-unknown-fields' must be true or undefined",
	"OpenAPIV3Schema 'id' is not supported",
	"OpenAPIV3Schema 'schema' is not supported",
	"OpenAPIV3Schema '$ref' is not supported",
	"OpenAPIV3Schema 'patternProperties' is not supported",
	"OpenAPIV3Schema 'dependencies' is not supported",
	"OpenAPIV3Schema 'additionalItems' is not supported",
	"OpenAPIV3Schema 'definitions' is not supported",
}

// coveredDifferences keeps the differences in covered topics that are
// not pending.
func coveredDifferences(diffs []difference) []difference {
	var out []difference
	for _, d := range diffs {
		if coveredTopics[d.topic] && !isPending(d) {
			out = append(out, d)
		}
	}
	return out
}

// messages lists the sorted messages of v in topic, for reports.
func messages(v verdict, topic string) []string {
	var out []string
	if strings.HasPrefix(topic, "decode") {
		for _, m := range []string{v.fatal, v.strict} {
			if m != "" {
				out = append(out, m)
			}
		}
		return out
	}
	for _, f := range v.errs {
		if f.topic == topic {
			out = append(out, f.msg)
		}
	}
	slices.Sort(out)
	return out
}

// shorten cuts long messages for reports.
func shorten(s string) string {
	if len(s) > 600 {
		return s[:600] + "…(cut)"
	}
	return s
}
