package main

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/kubeversion/kubeversion/conversion"
	"github.com/kubeversion/kubeversion/crd"
)

// webhookFinding is one thing webhook check found, at the line of the
// sample object it concerns; its JSON form is an element of "findings".
type webhookFinding struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Object  string `json:"object"` // "CronTab ns/name", or "list of 3" for a list request
	Check   string `json:"check"`  // "stored", "convert", "list", "pruned", "round trip" or "lost"
	From    string `json:"from"`   // version names
	To      string `json:"to"`
	Message string `json:"message"` // in the API server's words where it has some
}

// String returns "file:line: what was checked: message".
func (f webhookFinding) String() string {
	var what string
	switch f.Check {
	case "list":
		what = fmt.Sprintf("%s to %s", f.Object, f.To)
	case "round trip":
		what = fmt.Sprintf("%s, round trip %s to %s and back", f.Object, f.From, f.To)
	case "lost":
		what = fmt.Sprintf("%s, read as %s", f.Object, f.To)
	case "stored":
		what = fmt.Sprintf("%s, stored as %s", f.Object, f.From)
	default:
		what = fmt.Sprintf("%s, %s to %s", f.Object, f.From, f.To)
	}
	return fmt.Sprintf("%s:%d: %s: %s", f.File, f.Line, what, f.Message)
}

// webhookChecker checks a CRD's conversion against sample objects, as the
// API server would convert them.
type webhookChecker struct {
	def      *crd.CustomResourceDefinition
	client   *webhookClient // nil for strategy None
	calls    int
	findings []webhookFinding
}

// sample is a sample object of the CRD's kind, with its version's name.
type sample struct {
	object
	version string
}

// label names s as "CronTab name" or "CronTab namespace/name".
func (s sample) label() string {
	name := metadataString(s.fields, "name")
	if ns := metadataString(s.fields, "namespace"); ns != "" {
		name = ns + "/" + name
	}
	return strings.TrimSpace(s.str("kind") + " " + name)
}

func metadataString(obj map[string]any, key string) string {
	m, _ := obj["metadata"].(map[string]any)
	s, _ := m[key].(string)
	return s
}

// samplesOf returns the objects as samples of def, or the problem with the
// first that is not an object of def's group and kind in one of its
// versions: the API server would not convert it.
func samplesOf(def *crd.CustomResourceDefinition, objects []object) ([]sample, *problem) {
	var out []sample
	for _, o := range objects {
		group, version, _ := strings.Cut(o.str("apiVersion"), "/")
		if group != def.Spec.Group || o.str("kind") != def.Spec.Names.Kind || !hasVersion(def, version) {
			return nil, &problem{o.file, o.line, fmt.Sprintf("apiVersion %q, kind %q: not a %s of a version of %s",
				o.str("apiVersion"), o.str("kind"), def.Spec.Names.Kind, def.Spec.Group)}
		}
		out = append(out, sample{o, version})
	}
	return out, nil
}

func hasVersion(def *crd.CustomResourceDefinition, name string) bool {
	for _, v := range def.Spec.Versions {
		if v.Name == name {
			return true
		}
	}
	return false
}

// schemaOf returns the openAPIV3Schema of def's version name, or nil when
// it has none or def preserves unknown fields (nothing is pruned then).
func schemaOf(def *crd.CustomResourceDefinition, name string) *crd.JSONSchemaProps {
	for _, v := range def.Spec.Versions {
		if v.Name == name && v.Schema != nil && !def.Spec.PreserveUnknownFields {
			return v.Schema.OpenAPIV3Schema
		}
	}
	return nil
}

// served returns the names of def's served versions, in spec order.
func served(def *crd.CustomResourceDefinition) []string {
	var out []string
	for _, v := range def.Spec.Versions {
		if v.Served {
			out = append(out, v.Name)
		}
	}
	return out
}

// check checks every sample, as its version's schema stores it, against
// every other served version: through the webhook, one object at a time,
// there and back, and all samples in one list per version; or, for
// strategy None, by pruning alone.
func (c *webhookChecker) check(samples []sample) {
	samples = c.stored(samples)
	if c.client == nil {
		for _, s := range samples {
			c.checkLost(s)
		}
		return
	}
	for _, s := range samples {
		for _, to := range served(c.def) {
			if to != s.version {
				c.checkRoundTrip(s, to)
			}
		}
	}
	if len(samples) > 0 {
		for _, to := range served(c.def) {
			c.checkList(samples, to)
		}
	}
}

// stored returns the samples as the API server stores them, pruned and
// coerced by the schemas of their versions: the objects it converts. It
// reports what that removes, and leaves out the samples it would refuse.
func (c *webhookChecker) stored(samples []sample) []sample {
	var out []sample
	for _, s := range samples {
		schema := schemaOf(c.def, s.version)
		if schema == nil {
			out = append(out, s)
			continue
		}
		obj := deepCopy(s.fields).(map[string]any)
		pruned, err := crd.Coerce(obj, schema)
		switch {
		case err != nil:
			c.add(s, "stored", s.version, s.version, "the API server would not store it: "+err.Error())
			continue
		case len(pruned) > 0:
			c.add(s, "stored", s.version, s.version, fmt.Sprintf("the %s schema prunes, when it is stored: %s", s.version, strings.Join(pruned, ", ")))
		}
		s.fields = obj
		out = append(out, s)
	}
	return out
}

func (c *webhookChecker) add(s sample, check, from, to, msg string) {
	c.findings = append(c.findings, webhookFinding{s.file, s.line, s.label(), check, from, to, msg})
}

// checkRoundTrip converts s to version to and back, and reports what the
// server would refuse, what it would prune on the way there, and what does
// not come back as it was.
func (c *webhookChecker) checkRoundTrip(s sample, to string) {
	there, _, err := c.convert([]map[string]any{deepCopy(s.fields).(map[string]any)}, false, to)
	if err != nil {
		c.add(s, "convert", s.version, to, err.Error())
		return
	}
	if there == nil {
		return // no call: nothing but apiVersion and kind
	}
	if p := there[0].Pruned; len(p) > 0 {
		c.add(s, "pruned", s.version, to, fmt.Sprintf("the %s schema prunes what the webhook wrote, silently: %s", to, strings.Join(p, ", ")))
	}
	back, _, err := c.convert([]map[string]any{there[0].Object}, false, s.version)
	if err != nil {
		c.add(s, "convert", to, s.version, err.Error())
		return
	}
	if diffs := diffValues("", s.fields, back[0].Object, nil); len(diffs) > 0 {
		c.add(s, "round trip", s.version, to, "does not come back as it was: "+strings.Join(diffs, "; "))
	}
}

var indexInMessage = regexp.MustCompile(`at index (\d+)`)

// checkList converts all samples to version to in one list, as the server
// does for a list or watch, and reports what it would refuse at the sample
// the message names, else at the first sample sent.
func (c *webhookChecker) checkList(samples []sample, to string) {
	objs := make([]map[string]any, len(samples))
	for i, s := range samples {
		objs[i] = deepCopy(s.fields).(map[string]any)
	}
	_, sent, err := c.convert(objs, true, to)
	if err == nil {
		return
	}
	at := samples[0]
	if len(sent) > 0 {
		at = samples[sent[0]]
		if m := indexInMessage.FindStringSubmatch(err.Error()); m != nil {
			if i, _ := strconv.Atoi(m[1]); i < len(sent) {
				at = samples[sent[i]]
			}
		}
	}
	c.findings = append(c.findings, webhookFinding{at.file, at.line, fmt.Sprintf("list of %d", len(samples)), "list", "", to, err.Error()})
}

// checkLost reports, for strategy None, the fields of s that reading it
// through each other served version loses: the server only changes
// apiVersion, then prunes by the version's schema.
func (c *webhookChecker) checkLost(s sample) {
	for _, to := range served(c.def) {
		schema := schemaOf(c.def, to)
		if to == s.version || schema == nil {
			continue
		}
		obj := deepCopy(s.fields).(map[string]any)
		obj["apiVersion"] = c.def.Spec.Group + "/" + to
		pruned, err := crd.Coerce(obj, schema)
		switch {
		case err != nil:
			c.add(s, "lost", s.version, to, err.Error())
		case len(pruned) > 0:
			c.add(s, "lost", s.version, to, fmt.Sprintf("the %s schema does not specify, so it is lost: %s", to, strings.Join(pruned, ", ")))
		}
	}
}

// convert sends the ConversionReview the server would send for objs to
// version to, and judges the answer as the server would. It returns the
// converted objects and the indices of objs sent, both nil when the
// server would make no call.
func (c *webhookChecker) convert(objs []map[string]any, list bool, to string) ([]conversion.Converted, []int, error) {
	review, sent, err := conversion.NewRequest(c.def, objs, list, to, newUID())
	if err != nil || review == nil {
		return nil, sent, err
	}
	c.calls++
	input := inputGVK(objs[0], list)
	body, err := c.client.post(review)
	if err != nil {
		return nil, sent, fmt.Errorf("conversion webhook for %s failed: %v", input, err)
	}
	converted, err := conversion.CheckResponse(review, body, conversion.CheckOptions{Input: input, List: list, Schema: schemaOf(c.def, to)})
	return converted, sent, err
}

// inputGVK prints the group, version and kind of obj, or of a list of
// objects like obj, as the server's messages print it:
// "stable.example.com/v1beta1, Kind=CronTab".
func inputGVK(obj map[string]any, list bool) string {
	apiVersion, _ := obj["apiVersion"].(string)
	kind, _ := obj["kind"].(string)
	if list {
		kind += "List"
	}
	if !strings.Contains(apiVersion, "/") {
		apiVersion = "/" + apiVersion
	}
	return apiVersion + ", Kind=" + kind
}
