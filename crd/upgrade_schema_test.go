package crd

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kubeversion/kubeversion/crd/internal/upgrade"
)

// withX returns a schema whose spec.x has the schema x.
func withX(x string) string {
	return `{"type":"object","properties":{"spec":{"type":"object","properties":{"x":` + x + `}}}}`
}

// onlyV1 returns a CRD whose one version, v1, has the schema s.
func onlyV1(t *testing.T, s string) *CustomResourceDefinition {
	return upCRD(t, []tv{{name: "v1", served: true, storage: true, schema: s}})
}

// TestCheckUpgradeSchemaKeywords changes spec.x of the one version v1, as
// crdify's property validations do, and states every finding.
func TestCheckUpgradeSchemaKeywords(t *testing.T) {
	const x = "spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[x]"
	tests := []struct {
		name, old, new string
		want           []string // checks and the field below x, "" for x itself
		words          []string
	}{
		{"unchanged", `{"type":"string","enum":["a"]}`, `{"type":"string","enum":["a"]}`, nil, nil},
		{"description, title and example are documentation", `{"type":"string","description":"a"}`,
			`{"type":"string","description":"b","title":"t","example":"e"}`, nil, nil},
		{"type", `{"type":"string"}`, `{"type":"integer"}`, []string{"type-changed .type"}, []string{`spec.x: type changes from "string" to "integer"`}},
		{"pattern written otherwise", `{"type":"string","pattern":"^[a-z]([-a-zSA-Z0-9]*[a-zA-Z0-9])?$"}`, `{"type":"string","pattern":"^[a-z]([-a-zA-Z0-9]*[0-9A-Za-z])?$"}`, nil, nil},
		{"pattern repeat spelt out", `{"type":"string","pattern":"^x{2}$"}`, `{"type":"string","pattern":"^xx$"}`, nil, nil},
		{"pattern changed", `{"type":"string","pattern":"^[a-z]+$"}`, `{"type":"string","pattern":"^[a-y]+$"}`, []string{"pattern-changed .pattern"}, []string{`pattern changes from "^[a-z]+$" to "^[a-y]+$"`}},
		{"pattern loosened", `{"type":"string","pattern":"^[a-y]+$"}`, `{"type":"string","pattern":"^[a-z]+$"}`, []string{"pattern-loosened .pattern"}, []string{`pattern loosens from "^[a-y]+$" to "^[a-z]+$": every value valid before still is`}},
		{"maxLength ratcheted", `{"type":"string"}`, `{"type":"string","maxLength":3}`, []string{"max-length-tightened .maxLength"}, []string{"maxLength 3 added where there was no bound: values it refuses fail validation; a stored object with one can still be updated without changing that value since Kubernetes 1.30 (validation ratcheting), not before"}},
		{"integer to number keeps stored objects", `{"type":"integer"}`, `{"type":"number"}`, []string{"type-widened .type"}, []string{`spec.x: type changes from "integer" to "number": stored objects stay valid`}},
		{"number to integer", `{"type":"number"}`, `{"type":"integer"}`, []string{"type-changed .type"}, []string{`spec.x: type changes from "number" to "integer": stored objects and clients of the old type break`}},
		{"type removed for int-or-string", `{"type":"string"}`, `{"x-kubernetes-int-or-string":true}`,
			[]string{"type-removed ", "unhandled-change "}, []string{`spec.x: type "string" removed: integers and strings are accepted`}},
		// As kyverno v1.19.1 does from v2beta1 to v1 (preconditions): old
		// values stay valid, clients may see others.
		{"type removed", `{"type":"object","properties":{"a":{"type":"string"}}}`, `{"x-kubernetes-preserve-unknown-fields":true}`,
			[]string{"field-removed ", "type-removed ", "unhandled-change "}, []string{`spec.x: type "object" removed: values of any type are accepted, and clients that expect "object" may get others`}},
		{"enum added", `{"type":"string"}`, `{"type":"string","enum":["a","b"]}`, []string{"enum-added .enum"}, []string{`enum added where any value was allowed: "a", "b"`}},
		{"enum value removed and added", `{"type":"string","enum":["a","b"]}`, `{"type":"string","enum":["b","c"]}`,
			[]string{"enum-value-removed .enum", "enum-value-added .enum"}, []string{`enum values removed: "a"`, `enum values added: "c"`}},
		{"enum removed allows every value", `{"type":"string","enum":["a"]}`, `{"type":"string"}`, nil, nil},
		{"default added", `{"type":"integer"}`, `{"type":"integer","default":3}`, []string{"default-changed .default"}, []string{"default changes from none to 3"}},
		{"default removed", `{"type":"integer","default":3}`, `{"type":"integer"}`, []string{"default-changed "}, nil},
		{"default changed", `{"type":"object","default":{"a":1}}`, `{"type":"object","default":{"a":2}}`, []string{"default-changed .default"}, []string{`from {"a":1} to {"a":2}`}},
		{"maximum added", `{"type":"number"}`, `{"type":"number","maximum":1.5}`, []string{"maximum-tightened .maximum"}, []string{"maximum 1.5 added"}},
		{"maximum lowered", `{"type":"number","maximum":10}`, `{"type":"number","maximum":9}`, []string{"maximum-tightened .maximum"}, []string{"lowered from 10 to 9"}},
		{"maximum made exclusive", `{"type":"number","maximum":10}`, `{"type":"number","maximum":10,"exclusiveMaximum":true}`, []string{"maximum-tightened .maximum"}, []string{"10 made exclusive"}},
		{"maximum raised or removed", `{"type":"number","maximum":10,"minimum":1}`, `{"type":"number","minimum":0}`, nil, nil},
		{"maxLength", `{"type":"string","maxLength":5}`, `{"type":"string","maxLength":4}`, []string{"max-length-tightened .maxLength"}, nil},
		{"maxItems", `{"type":"array","items":{"type":"string"}}`, `{"type":"array","maxItems":3,"items":{"type":"string"}}`, []string{"max-items-tightened .maxItems"}, []string{"maxItems 3 added"}},
		{"maxProperties", `{"type":"object","maxProperties":3}`, `{"type":"object","maxProperties":2}`, []string{"max-properties-tightened .maxProperties"}, nil},
		{"minimum raised", `{"type":"integer","minimum":0}`, `{"type":"integer","minimum":1}`, []string{"minimum-tightened .minimum"}, []string{"raised from 0 to 1"}},
		{"minimum made exclusive", `{"type":"integer","minimum":0}`, `{"type":"integer","minimum":0,"exclusiveMinimum":true}`, []string{"minimum-tightened .minimum"}, nil},
		{"minLength", `{"type":"string"}`, `{"type":"string","minLength":1}`, []string{"min-length-tightened .minLength"}, nil},
		{"minItems", `{"type":"array","minItems":1,"items":{"type":"string"}}`, `{"type":"array","minItems":2,"items":{"type":"string"}}`, []string{"min-items-tightened .minItems"}, nil},
		{"minProperties", `{"type":"object"}`, `{"type":"object","minProperties":1}`, []string{"min-properties-tightened .minProperties"}, nil},
		{"min lowered", `{"type":"string","minLength":2}`, `{"type":"string","minLength":1}`, nil, nil},
		{"required added", `{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}},"required":["a"]}`,
			`{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}},"required":["b","a"]}`,
			[]string{"required-added .required"}, []string{"spec.x: newly required: b"}},
		{"required removed", `{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}`, `{"type":"object","properties":{"a":{"type":"string"}}}`, nil, nil},
		{"pattern added", `{"type":"string"}`, `{"type":"string","pattern":"^a"}`, []string{"pattern-changed .pattern"}, []string{`pattern "^a" added`}},
		{"pattern changed", `{"type":"string","pattern":"^a"}`, `{"type":"string","pattern":"^b"}`, []string{"pattern-changed .pattern"}, nil},
		{"pattern removed", `{"type":"string","pattern":"^a"}`, `{"type":"string"}`, nil, nil},
		{"nullable added", `{"type":"string"}`, `{"type":"string","nullable":true}`, []string{"nullable-changed .nullable"}, nil},
		{"nullable removed", `{"type":"string","nullable":true}`, `{"type":"string"}`, []string{"nullable-changed "}, []string{"from true to false"}},
		{"format", `{"type":"string","format":"date"}`, `{"type":"string","format":"date-time"}`, []string{"format-changed .format"}, nil},
		{"uniqueItems added", `{"type":"array","items":{"type":"string"}}`, `{"type":"array","uniqueItems":true,"items":{"type":"string"}}`, []string{"unique-items-added .uniqueItems"}, nil},
		{"CEL rules", `{"type":"string","x-kubernetes-validations":[{"rule":"self != 'a'"},{"rule":"size(self) < 9"}]}`,
			`{"type":"string","x-kubernetes-validations":[{"rule":"size(self) < 9","message":"reworded"},{"rule":"self != 'b'"}]}`,
			[]string{"validation-rules-changed .x-kubernetes-validations"}, []string{`added "self != 'b'"; removed "self != 'a'"`}},
		{"list type atomic spelled out", `{"type":"array","items":{"type":"string"}}`, `{"type":"array","x-kubernetes-list-type":"atomic","items":{"type":"string"}}`, nil, nil},
		{"list type set", `{"type":"array","items":{"type":"string"}}`, `{"type":"array","x-kubernetes-list-type":"set","items":{"type":"string"}}`,
			[]string{"list-type-changed .x-kubernetes-list-type"}, []string{"from atomic to set: server-side apply merges it differently, and stored objects with repeated items fail"}},
		{"list map keys", `{"type":"array","x-kubernetes-list-type":"map","x-kubernetes-list-map-keys":["a"],"items":{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}},"required":["a","b"]}}`,
			`{"type":"array","x-kubernetes-list-type":"map","x-kubernetes-list-map-keys":["a","b"],"items":{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}},"required":["a","b"]}}`,
			[]string{"list-type-changed .x-kubernetes-list-type"}, []string{"from map with keys a to map with keys a, b"}},
		{"map type", `{"type":"object","x-kubernetes-map-type":"granular"}`, `{"type":"object","x-kubernetes-map-type":"atomic"}`,
			[]string{"map-type-changed .x-kubernetes-map-type"}, []string{"from granular to atomic"}},
		// Dropped for the default (cluster-api v1.8.0 -> v1.14.2 does so):
		// reported at the field, as the keyword is gone from the new CRD.
		{"map type dropped", `{"type":"object","x-kubernetes-map-type":"atomic"}`, `{"type":"object"}`,
			[]string{"map-type-changed "}, []string{"from atomic to granular"}},
		{"list type dropped", `{"type":"array","x-kubernetes-list-type":"set","items":{"type":"string"}}`, `{"type":"array","items":{"type":"string"}}`,
			[]string{"list-type-changed "}, []string{"from set to atomic"}},
		{"several unjudged keywords, sorted", `{"type":"object","x-kubernetes-preserve-unknown-fields":true}`,
			`{"type":"object","x-kubernetes-embedded-resource":true,"properties":{"apiVersion":{"type":"string"},"kind":{"type":"string"},"metadata":{"type":"object"}}}`,
			[]string{"unhandled-change "}, []string{"x-kubernetes-embedded-resource, x-kubernetes-preserve-unknown-fields"}},
		{"allOf subschema added", `{"type":"string","allOf":[{"maxLength":5}]}`, `{"type":"string","allOf":[{"maxLength":5},{"minLength":1}]}`,
			[]string{"all-of-changed .allOf"}, []string{"1 allOf subschemas added"}},
		{"allOf subschema removed loosens", `{"type":"string","allOf":[{"maxLength":5},{"minLength":1}]}`, `{"type":"string","allOf":[{"minLength":1}]}`, nil, nil},
		{"anyOf added", `{"type":"string"}`, `{"type":"string","anyOf":[{"maxLength":5},{"minLength":9}]}`, []string{"any-of-changed .anyOf"}, nil},
		{"anyOf description only", `{"type":"string","anyOf":[{"maxLength":5,"description":"a"}]}`, `{"type":"string","anyOf":[{"maxLength":5,"description":"b"}]}`, nil, nil},
		{"oneOf removed", `{"type":"string","oneOf":[{"maxLength":5},{"minLength":9}]}`, `{"type":"string"}`, []string{"one-of-changed "}, nil},
		// The order of subschemas is no change (crdify's allof_test.go,
		// anyof_test.go and oneof_test.go "no diff different order").
		{"allOf reordered", `{"type":"string","allOf":[{"minLength":1},{"maxLength":100}]}`, `{"type":"string","allOf":[{"maxLength":100},{"minLength":1}]}`, nil, nil},
		{"anyOf reordered", `{"anyOf":[{"type":"integer"},{"type":"string"}]}`, `{"anyOf":[{"type":"string"},{"type":"integer"}]}`, nil, nil},
		{"oneOf reordered", `{"oneOf":[{"type":"integer"},{"type":"string"}]}`, `{"oneOf":[{"type":"string"},{"type":"integer"}]}`, nil, nil},
		// A changed allOf subschema is compared with the one left over on
		// the other side, wherever each stands.
		{"allOf reordered and one changed", `{"type":"string","allOf":[{"minLength":1},{"maxLength":100}]}`, `{"type":"string","allOf":[{"maxLength":100},{"minLength":5}]}`,
			[]string{"min-length-tightened .allOf[1].minLength"}, []string{"minLength raised from 1 to 5"}},
		// A branch added to anyOf only loosens it; one removed tightens it.
		{"anyOf branch added", `{"anyOf":[{"type":"integer"}]}`, `{"anyOf":[{"type":"integer"},{"type":"string"}]}`, nil, nil},
		// anyOf removed whole leaves no branch to fail: it only loosens.
		{"anyOf removed", `{"type":"string","anyOf":[{"maxLength":5},{"minLength":9}]}`, `{"type":"string"}`, nil, nil},
		{"anyOf branch removed", `{"anyOf":[{"type":"integer"},{"type":"string"}]}`, `{"anyOf":[{"type":"string"}]}`, []string{"any-of-changed .anyOf"}, nil},
		{"oneOf branch added", `{"oneOf":[{"type":"integer"}]}`, `{"oneOf":[{"type":"integer"},{"type":"string"}]}`, []string{"one-of-changed .oneOf"}, nil},
		{"not added", `{"type":"string"}`, `{"type":"string","not":{"enum":["a"]}}`, []string{"not-changed .not"}, nil},
		{"not tightened inside is a looser schema, reported as a change", `{"type":"string","not":{"maxLength":5}}`, `{"type":"string","not":{"maxLength":4}}`,
			[]string{"not-changed .not"}, nil},
		{"not removed loosens", `{"type":"string","not":{"enum":["a"]}}`, `{"type":"string"}`, nil, nil},
		{"preserve-unknown-fields false is its absence", `{"type":"object"}`, `{"type":"object","x-kubernetes-preserve-unknown-fields":false}`, nil, nil},
		{"in list items", `{"type":"array","items":{"type":"object","properties":{"n":{"type":"string"}}}}`,
			`{"type":"array","items":{"type":"object","properties":{"n":{"type":"integer"}}}}`,
			[]string{"type-changed .items.properties[n].type"}, []string{"spec.x[*].n: type changes"}},
		{"in allOf", `{"type":"string","allOf":[{"maxLength":5}]}`, `{"type":"string","allOf":[{"maxLength":4}]}`, []string{"max-length-tightened .allOf[0].maxLength"}, nil},
		{"in map values", `{"type":"object","additionalProperties":{"type":"string"}}`, `{"type":"object","additionalProperties":{"type":"string","enum":["a"]}}`,
			[]string{"enum-added .additionalProperties.enum"}, []string{"spec.x[*]: enum added"}},
		{"field removed", `{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}}}`, `{"type":"object","properties":{"b":{"type":"string"}}}`,
			[]string{"field-removed .properties"}, []string{"spec.x.a: removed from the schema: clients that set it fail or lose it"}},
		{"field removed but kept as unknown", `{"type":"object","properties":{"a":{"type":"string"}}}`, `{"type":"object","x-kubernetes-preserve-unknown-fields":true}`,
			[]string{"field-removed ", "unhandled-change "}, []string{"spec.x.a: removed from the schema: unknown fields are kept here, but it is no longer validated"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs := CheckUpgrade(onlyV1(t, withX(tt.old)), onlyV1(t, withX(tt.new)))
			var want []string
			for _, w := range tt.want {
				check, below, _ := cut(w)
				want = append(want, check+" "+x+below+" v1")
			}
			checkFindings(t, fs, want, tt.words)
		})
	}
}

// cut splits "check below" at its space.
func cut(s string) (check, below string, ok bool) {
	for i := range s {
		if s[i] == ' ' {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

// TestCheckUpgradeSchemaScopes states which schemas are compared: each
// version kept, the storage move, and served versions neighbouring in
// priority.
func TestCheckUpgradeSchemaScopes(t *testing.T) {
	max5, max4, max3 := withX(`{"type":"string","maxLength":5}`), withX(`{"type":"string","maxLength":4}`), withX(`{"type":"string","maxLength":3}`)
	const at = ".schema.openAPIV3Schema.properties[spec].properties[x].maxLength"
	tests := []upgradeCase{{
		name: "scope",
		old:  onlyV1(t, ""),
		new:  upCRD(t, []tv{{name: "v1", served: true, storage: true}}, func(c *CustomResourceDefinition) { c.Spec.Scope = ClusterScoped }),
		want: []string{"scope-changed spec.scope "},
	}, {
		name: "without a live object, each served version against the next higher",
		new: upCRD(t, []tv{
			{name: "v1", served: true, storage: true, schema: max3},
			{name: "v1alpha1", served: true, schema: max5},
			{name: "v1beta1", served: true, schema: max4},
			{name: "v1beta2", schema: max3}, // not served
		}),
		want: []string{
			"max-length-tightened spec.versions[2]" + at + " v1beta1",
			"max-length-tightened spec.versions[0]" + at + " v1",
		},
		words: []string{"from v1alpha1 to v1beta1: spec.x: maxLength lowered from 5 to 4", "from v1beta1 to v1: spec.x: maxLength lowered from 4 to 3"},
	}, {
		name: "Webhook conversion: versions are not compared with each other",
		new: upCRD(t, []tv{
			{name: "v1", served: true, storage: true, schema: max3},
			{name: "v1beta1", served: true, schema: max4},
		}, webhook),
	}, {
		name: "with a live object, only pairs with a new or changed version",
		old: upCRD(t, []tv{
			{name: "v1alpha1", served: true, schema: max5},
			{name: "v1beta1", served: true, storage: true, schema: max4},
		}, webhook),
		new: upCRD(t, []tv{
			{name: "v1alpha1", served: true, schema: max5},
			{name: "v1beta1", served: true, storage: true, schema: max4},
			{name: "v1", served: true, schema: max3},
		}, webhook, func(c *CustomResourceDefinition) { c.Spec.Conversion = nil }),
		want: []string{
			"default-version-changed spec.versions[2] v1",
			"conversion-strategy-changed spec ",
			"max-length-tightened spec.versions[2]" + at + " v1",
		},
		words: []string{"from v1beta1 to v1: spec.x: maxLength lowered"},
	}, {
		name: "within a version kept, and across the storage move",
		old: upCRD(t, []tv{
			{name: "v1beta1", served: true, storage: true, schema: max5},
			{name: "v1", served: true, schema: max5},
		}, stored("v1beta1"), webhook),
		new: upCRD(t, []tv{
			{name: "v1beta1", served: true, schema: max5},
			{name: "v1", served: true, storage: true, schema: max4},
		}, webhook),
		want: []string{
			"storage-version-changed spec.versions[1].storage v1",
			"max-length-tightened spec.versions[1]" + at + " v1",
			"max-length-tightened spec.versions[1]" + at + " v1",
		},
		words: []string{"spec.x: maxLength lowered from 5 to 4", "from v1beta1 to v1: spec.x: maxLength lowered from 5 to 4"},
	}, {
		name: "storage move and neighbours: the same finding once",
		old: upCRD(t, []tv{
			{name: "v1beta1", served: true, storage: true, schema: max5},
		}, stored("v1beta1")),
		new: upCRD(t, []tv{
			{name: "v1beta1", served: true, schema: max5},
			{name: "v1", served: true, storage: true, schema: max4},
		}),
		want: []string{
			"default-version-changed spec.versions[1] v1",
			"storage-version-changed spec.versions[1].storage v1",
			"max-length-tightened spec.versions[1]" + at + " v1",
		},
	}, {
		name: "a version without a schema reads as the empty schema",
		old:  onlyV1(t, ""),
		new: upCRD(t, []tv{{name: "v1", served: true, storage: true}}, func(c *CustomResourceDefinition) {
			c.Spec.Versions[0].Schema = nil
		}),
		want: []string{"type-removed spec.versions[0].schema.openAPIV3Schema v1"},
	}}
	checkUpgradeCases(t, tests)
}

// TestUpgradeChecksComplete checks that every check name is listed once
// and that every field of JSONSchemaProps is either judged or reported.
func TestUpgradeChecksComplete(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range UpgradeChecks() {
		if seen[c] {
			t.Errorf("UpgradeChecks lists %q twice", c)
		}
		seen[c] = true
	}
	if n := len(seen); n != 40 {
		t.Errorf("UpgradeChecks has %d names, want 40", n)
	}
	got := map[string]bool{}
	for _, k := range upgrade.UnjudgedKeywords() {
		got[k] = true
	}
	want := map[string]bool{"$ref": true, "multipleOf": true, "x-kubernetes-preserve-unknown-fields": true,
		"x-kubernetes-embedded-resource": true, "x-kubernetes-int-or-string": true}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("unjudged keywords mismatch (-want +got):\n%s", diff)
	}
}
