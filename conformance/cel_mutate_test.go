package conformance

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"sync"
	"testing"
)

var (
	celSites  = flag.Int("celsites", 120, "rule sites of the corpus TestCELCorpus mutates (-1: all; 20 under -short)")
	celRepeat = flag.Int("celrepeat", 1, "mutations of each kind TestCELCorpus makes of each rule site")
)

// celSite is a schema of the corpus that carries x-kubernetes-validations
// rules, as the JSON of the schema, with where it was found.
type celSite struct {
	doc    corpusDoc
	schema map[string]any
}

// ruleSites returns every distinct schema with rules in docs, each once:
// the corpus repeats a schema across versions and releases.
func ruleSites(docs []corpusDoc) []celSite {
	seenSchema := map[string]bool{}
	var out []celSite
	for _, d := range docs {
		root, err := decodeJSON(d.json)
		if err != nil {
			continue
		}
		var walk func(v any)
		walk = func(v any) {
			switch v := v.(type) {
			case map[string]any:
				if _, ok := v["x-kubernetes-validations"].([]any); ok {
					if key, err := json.Marshal(v); err == nil && !seenSchema[string(key)] {
						seenSchema[string(key)] = true
						out = append(out, celSite{doc: d, schema: v})
					}
				}
				keys := make([]string, 0, len(v))
				for k := range v {
					keys = append(keys, k)
				}
				sort.Strings(keys)
				for _, k := range keys {
					walk(v[k])
				}
			case []any:
				for _, e := range v {
					walk(e)
				}
			}
		}
		walk(root)
	}
	return out
}

// siteCRD returns a CRD with one version whose spec is schema: the
// rules of the schema compile as in their own CRD, with the same types
// below them (the cardinality that the schemas above them add is lost).
func siteCRD(schema any) []byte {
	spec := schema
	if m, ok := schema.(map[string]any); !ok || m["type"] != "object" {
		spec = map[string]any{"type": "object", "properties": map[string]any{"field": schema}}
	}
	crd := map[string]any{
		"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
		"metadata": map[string]any{"name": "sites.cel.example.com"},
		"spec": map[string]any{
			"group": "cel.example.com", "scope": "Namespaced",
			"names": map[string]any{"plural": "sites", "kind": "Site"},
			"versions": []any{map[string]any{"name": "v1", "served": true, "storage": true,
				"schema": map[string]any{"openAPIV3Schema": map[string]any{"type": "object",
					"properties": map[string]any{"spec": spec}}}}},
		},
	}
	out, err := json.Marshal(crd)
	if err != nil {
		panic(err)
	}
	return out
}

// celMutation is one change to a rule site, made on a deep copy.
type celMutation struct {
	name   string
	mutate func(r *rand.Rand, schema map[string]any) bool // false: does not apply
}

// celMutations are the changes the issue asks for: a character deleted
// from a rule, the bounds under a rule removed, a rule's result made a
// string, a message expression that is not a string, a rule with oldSelf
// under the items of an atomic list, a default that the rules must
// judge.
var celMutations = []celMutation{
	{"rule-char-deleted", func(r *rand.Rand, s map[string]any) bool {
		rule := pickRule(r, s)
		if rule == nil {
			return false
		}
		text, _ := rule["rule"].(string)
		if text == "" {
			return false
		}
		i := r.IntN(len(text))
		rule["rule"] = text[:i] + text[i+1:]
		return true
	}},
	{"bounds-removed", func(r *rand.Rand, s map[string]any) bool {
		removed := false
		eachObject(s, func(o map[string]any) {
			for _, k := range []string{"maxLength", "maxItems", "maxProperties"} {
				if _, ok := o[k]; ok {
					delete(o, k)
					removed = true
				}
			}
		})
		return removed
	}},
	{"rule-not-bool", func(r *rand.Rand, s map[string]any) bool {
		rule := pickRule(r, s)
		if rule == nil {
			return false
		}
		rule["rule"] = "(" + fmt.Sprint(rule["rule"]) + ") ? 'yes' : 'no'"
		return true
	}},
	{"message-expression-not-string", func(r *rand.Rand, s map[string]any) bool {
		rule := pickRule(r, s)
		if rule == nil {
			return false
		}
		rule["messageExpression"] = "self == self"
		return true
	}},
	{"oldself-under-atomic-list", func(r *rand.Rand, s map[string]any) bool {
		if s["type"] != "object" || s["additionalProperties"] != nil {
			return false
		}
		props, _ := s["properties"].(map[string]any)
		if props == nil {
			props = map[string]any{}
			s["properties"] = props
		}
		props["atomicList"] = map[string]any{"type": "array", "maxItems": 4, "items": map[string]any{
			"type": "string", "maxLength": 8,
			"x-kubernetes-validations": []any{map[string]any{"rule": "self == oldSelf"}}}}
		return true
	}},
	{"default-judged", func(r *rand.Rand, s map[string]any) bool {
		if s["type"] != "object" {
			return false
		}
		s["default"] = map[string]any{}
		return true
	}},
}

// pickRule returns one rule of s, drawn from r, or nil.
func pickRule(r *rand.Rand, s map[string]any) map[string]any {
	rules, _ := s["x-kubernetes-validations"].([]any)
	if len(rules) == 0 {
		return nil
	}
	rule, _ := rules[r.IntN(len(rules))].(map[string]any)
	return rule
}

// TestCELCorpus compares the CEL errors of package crd with package cel's
// checker and the API server's on every distinct schema with rules of
// the corpus (the first -celsites of them), each in a CRD of its own,
// and on -celrepeat mutations of each kind of celMutations: on create; on update from the schema as it was (the
// changed rule is new, compiled in the environment for new expressions);
// on update from the mutated CRD itself with its description changed (the
// rule is stored); and on update from it with a label added (the schema
// is unchanged, and spared the limit of each expression's cost).
func TestCELCorpus(t *testing.T) {
	docs, err := loadCorpus()
	if err != nil {
		t.Fatal("corpus not available:", err)
	}
	sites := ruleSites(docs)
	n := len(sites)
	switch {
	case testing.Short():
		n = min(n, 20)
	case *celSites >= 0:
		n = min(n, *celSites)
	}
	var mu sync.Mutex
	cases, withCELErrors, failures := map[string]int{}, map[string]int{}, 0
	check := func(source string, site celSite, manifest, old []byte) {
		k, _, diffs, err := runCase(source, manifest, old)
		if err != nil {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		cases[source]++
		for _, e := range k.errs {
			if e.topic == "cel" || e.topic == "cel-defaults" {
				withCELErrors[source]++
				break
			}
		}
		if covered := coveredDifferences(diffs); len(covered) > 0 {
			failures++
			if failures <= 10 {
				t.Errorf("%s: a schema of %s %s differs:\n%s\nmanifest: %s\nold: %s", source, site.doc.module, site.doc.file, formatDifferences(covered), manifest, old)
			}
		}
	}
	parallel(n, func(i int) {
		site := sites[i]
		original := siteCRD(site.schema)
		check("cel-site", site, original, nil)
		for rep := range *celRepeat {
			for j, m := range celMutations {
				r := rand.New(rand.NewPCG(uint64(11+rep), uint64(i*len(celMutations)+j)))
				s := pruneClone(site.schema).(map[string]any)
				if !m.mutate(r, s) {
					continue
				}
				mutated := siteCRD(s)
				check("cel-"+m.name, site, mutated, nil)
				check("cel-"+m.name+"-update", site, stored(mutated), stored(original))
				check("cel-"+m.name+"-stored", site, stored(described(mutated)), stored(mutated))
				check("cel-"+m.name+"-unchanged", site, stored(labeled(mutated)), stored(mutated))
			}
		}
	})
	total := 0
	var b strings.Builder
	names := make([]string, 0, len(cases))
	for name := range cases {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		total += cases[name]
		fmt.Fprintf(&b, "  %-44s %6d cases, %6d with CEL errors\n", name, cases[name], withCELErrors[name])
	}
	t.Logf("CEL: %d of %d rule sites, %d cases, %d differ in covered topics\n%s", n, len(sites), total, failures, b.String())
}

// described returns doc with a description on its version's root schema:
// an update that changes the schema but none of its rules.
func described(doc []byte) []byte {
	return edit(doc, func(root map[string]any) {
		spec, _ := root["spec"].(map[string]any)
		versions, _ := spec["versions"].([]any)
		for _, v := range versions {
			if v, ok := v.(map[string]any); ok {
				if s, ok := v["schema"].(map[string]any); ok {
					if o, ok := s["openAPIV3Schema"].(map[string]any); ok {
						o["description"] = "changed"
					}
				}
			}
		}
	})
}

// labeled returns doc with a label added: an update that leaves every
// schema as it was.
func labeled(doc []byte) []byte {
	return edit(doc, func(root map[string]any) {
		if m, ok := root["metadata"].(map[string]any); ok {
			m["labels"] = map[string]any{"changed": "true"}
		}
	})
}

// eachObject calls f on v, if it is an object, and on every object
// inside it, after f has run on the one that holds it.
func eachObject(v any, f func(map[string]any)) {
	switch v := v.(type) {
	case map[string]any:
		f(v)
		for _, e := range v {
			eachObject(e, f)
		}
	case []any:
		for _, e := range v {
			eachObject(e, f)
		}
	}
}
