package crd

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/kubeversion/kubeversion/crd/internal/upgrade"
)

const (
	specAB = `{"type":"object","properties":{"spec":{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}}}}}`
	specAC = `{"type":"object","properties":{"spec":{"type":"object","properties":{"a":{"type":"string"},"c":{"type":"string"}}}}}`
)

func TestCheckUpgradeConversion(t *testing.T) {
	tests := []upgradeCase{{
		name: "None between schemas that differ: the fields lost each way",
		new: upCRD(t, []tv{
			{name: "v1beta1", served: true, schema: specAB},
			{name: "v1", served: true, storage: true, schema: specAC},
		}),
		want: []string{
			"none-conversion-drops-fields spec v1beta1",
			// v1beta1 to v1, the next in priority, drops spec.b
			"field-removed spec.versions[1].schema.openAPIV3Schema.properties[spec].properties v1",
		},
		words: []string{
			"objects written through v1beta1 are stored as v1 and lose spec.b;",
			"objects read through v1beta1 lack spec.c, and lose them when written back through v1beta1;",
		},
	}, {
		name: "None: each served version against the storage version only, one way where only one loses",
		new: upCRD(t, []tv{
			{name: "v1alpha1", served: true, schema: specAB},
			{name: "v1beta1", served: true, schema: specAC},
			{name: "v1", served: true, storage: true, schema: withX(`{"type":"string"}`)},
		}, func(c *CustomResourceDefinition) {
			// v1 specifies spec.a, spec.b and spec.c, and x
			c.Spec.Versions[2].Schema.OpenAPIV3Schema.Properties["spec"].Properties["a"] = JSONSchemaProps{Type: "string"}
			c.Spec.Versions[2].Schema.OpenAPIV3Schema.Properties["spec"].Properties["b"] = JSONSchemaProps{Type: "string"}
			c.Spec.Versions[2].Schema.OpenAPIV3Schema.Properties["spec"].Properties["c"] = JSONSchemaProps{Type: "string"}
		}),
		want: []string{
			"none-conversion-drops-fields spec v1alpha1",
			"none-conversion-drops-fields spec v1beta1",
			"field-removed spec.versions[1].schema.openAPIV3Schema.properties[spec].properties v1beta1",
		},
		words: []string{
			"between v1alpha1 and the storage version v1, whose schemas differ: objects read through v1alpha1 lack spec.c, spec.x, and lose them",
			"between v1beta1 and the storage version v1, whose schemas differ: objects read through v1beta1 lack spec.b, spec.x, and lose them",
		},
	}, {
		name: "None with an unserved version: no finding for it",
		new: upCRD(t, []tv{
			{name: "v1beta1", schema: specAB},
			{name: "v1", served: true, storage: true, schema: specAC},
		}),
	}, {
		name: "Webhook converts: no finding",
		new: upCRD(t, []tv{
			{name: "v1beta1", served: true, schema: specAB},
			{name: "v1", served: true, storage: true, schema: specAC},
		}, webhook),
	}, {
		name: "preserveUnknownFields prunes nothing",
		new: upCRD(t, []tv{
			{name: "v1beta1", served: true, schema: specAB},
			{name: "v1", served: true, storage: true, schema: specAC},
		}, func(c *CustomResourceDefinition) {
			c.Spec.PreserveUnknownFields = true
			c.Spec.Conversion = &Conversion{Strategy: NoneConverter}
		}),
		want: []string{"field-removed spec.versions[1].schema.openAPIV3Schema.properties[spec].properties v1"},
	}, {
		name: "None to Webhook, with a new version",
		old:  upCRD(t, []tv{{name: "v1", served: true, storage: true}}),
		new: upCRD(t, []tv{
			{name: "v1", served: true, storage: true},
			{name: "v2", served: true},
		}, webhook),
		want: []string{
			"default-version-changed spec.versions[1] v2",
			"conversion-strategy-changed spec.conversion.strategy ",
			"webhook-missing-for-version spec.versions[1] v2",
		},
		words: []string{"from None to Webhook", "must convert to and from v2 before this CRD is applied, or requests for it fail (service ns/conv)"},
	}, {
		name: "Webhook to None (spec.conversion left out)",
		old:  upCRD(t, []tv{{name: "v1", served: true, storage: true}}, webhook),
		new:  upCRD(t, []tv{{name: "v1", served: true, storage: true}}),
		want: []string{"conversion-strategy-changed spec "},
	}, {
		name: "a version served again is newly served",
		old:  upCRD(t, []tv{{name: "v1", served: true, storage: true}, {name: "v1beta1"}}, webhook),
		new:  upCRD(t, []tv{{name: "v1", served: true, storage: true}, {name: "v1beta1", served: true}}, webhook),
		want: []string{"webhook-missing-for-version spec.versions[1] v1beta1"},
	}}
	checkUpgradeCases(t, tests)
}

func TestLostFields(t *testing.T) {
	tests := []struct {
		name, from, to string
		want           []string
	}{
		{"same", specAB, specAB, nil},
		{"one each way", specAB, specAC, []string{"spec.b"}},
		{"whole spec", specAB, `{"type":"object"}`, []string{"spec"}},
		{"root metadata is never lost", `{"type":"object","properties":{"metadata":{"type":"object"},"kind":{"type":"string"},"x":{"type":"string"}}}`,
			`{"type":"object"}`, []string{"x"}},
		{"kept as unknown", specAB, `{"type":"object","properties":{"spec":{"type":"object","x-kubernetes-preserve-unknown-fields":true}}}`, nil},
		{"kept by additionalProperties", specAB, `{"type":"object","properties":{"spec":{"type":"object","additionalProperties":{"type":"string"}}}}`, nil},
		{"in list items", `{"type":"object","properties":{"l":{"type":"array","items":{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}}}}}}`,
			`{"type":"object","properties":{"l":{"type":"array","items":{"type":"object","properties":{"a":{"type":"string"}}}}}}`,
			[]string{"l[*].b"}},
		{"in map values", `{"type":"object","properties":{"m":{"type":"object","additionalProperties":{"type":"object","properties":{"a":{"type":"string"}}}}}}`,
			`{"type":"object","properties":{"m":{"type":"object","additionalProperties":{"type":"object"}}}}`,
			[]string{"m[*].a"}},
	}
	for _, tt := range tests {
		from, to := schemaOf(t, tt.from), schemaOf(t, tt.to)
		if diff := cmp.Diff(tt.want, upgrade.LostFields(from, to), cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%s: lostFields mismatch (-want +got):\n%s", tt.name, diff)
		}
	}
}

// TestLostFieldsIsPrune checks lostFields against the server's pruning:
// an object that sets every field of from, pruned by to, loses what
// lostFields says (for objects without lists or maps, where the paths
// are the same).
func TestLostFieldsIsPrune(t *testing.T) {
	schemas := []string{
		specAB, specAC, `{"type":"object"}`,
		`{"type":"object","properties":{"spec":{"type":"object","properties":{"a":{"type":"object","properties":{"x":{"type":"string"},"y":{"type":"string"}}}}},"status":{"type":"string"}}}`,
		`{"type":"object","properties":{"spec":{"type":"object","properties":{"a":{"type":"object","properties":{"x":{"type":"string"}}},"b":{"type":"string"}}}}}`,
		`{"type":"object","properties":{"spec":{"type":"object","x-kubernetes-preserve-unknown-fields":true}}}`,
	}
	for _, a := range schemas {
		for _, b := range schemas {
			from, to := schemaOf(t, a), schemaOf(t, b)
			obj := fullObject(from)
			removed := Prune(obj, to)
			if diff := cmp.Diff(removed, upgrade.LostFields(from, to), cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("from %s to %s: lostFields differs from Prune (-prune +lostFields):\n%s", a, b, diff)
			}
		}
	}
}

// fullObject returns an object that sets every property of s, objects
// where s has properties and "x" elsewhere.
func fullObject(s *JSONSchemaProps) map[string]any {
	obj := map[string]any{}
	for name, p := range s.Properties {
		if len(p.Properties) > 0 || p.Type == "object" {
			obj[name] = fullObject(&p)
		} else {
			obj[name] = "x"
		}
	}
	return obj
}

func schemaOf(t *testing.T, s string) *JSONSchemaProps {
	t.Helper()
	var p JSONSchemaProps
	if err := json.Unmarshal([]byte(s), &p); err != nil {
		t.Fatalf("schema %s: %v", s, err)
	}
	return &p
}
