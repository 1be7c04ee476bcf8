package validation

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/structural"
)

func TestUpdateSchemaOptions(t *testing.T) {
	all := createSchemaOptions()
	relax := func(f func(o *schemaOptions)) schemaOptions {
		o := all
		f(&o)
		return o
	}
	tests := []struct {
		name string
		old  string // the schema of the old object's first version
		want schemaOptions
	}{
		{"valid old schema: every rule", `{"type": "object"}`, all},
		{"old invalid type", `{"type": "object", "properties": {"a": {"type": "bogus"}}}`,
			relax(func(o *schemaOptions) { o.requireValidPropertyType = false })},
		{"old not structural", `{"type": "object", "properties": {"a": {}}}`,
			relax(func(o *schemaOptions) { o.requireStructuralSchema = false })},
		{"old cannot be read as structural", `{"type": "object", "$schema": "x"}`,
			relax(func(o *schemaOptions) { o.requireStructuralSchema = false })},
		{"old set of objects", `{"type": "object", "properties": {"s": {"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "object"}}}}`,
			relax(func(o *schemaOptions) { o.requireAtomicSetType = false })},
		{"old set of atomic objects", `{"type": "object", "properties": {"s": {"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "object", "x-kubernetes-map-type": "atomic"}}}}`, all},
		{"old map key neither required nor defaulted", `{"type": "object", "properties": {"l": {"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["k"], "items": {"type": "object", "properties": {"k": {"type": "string"}}}}}}`,
			relax(func(o *schemaOptions) { o.requireMapListKeysMapSetValidation = false })},
		{"old default that pruning changes", `{"type": "object", "properties": {"a": {"type": "object", "default": {"x": 1}}}}`,
			relax(func(o *schemaOptions) { o.requirePrunedDefaults = false })},
		{"old default that pruning keeps", `{"type": "object", "properties": {"a": {"type": "object", "properties": {"x": {"type": "integer"}}, "default": {"x": 1}}}}`, all},
		{"old default at the root keeps apiVersion, kind and metadata", `{"type": "object", "default": {"kind": "K", "metadata": {}}}`, all},
	}
	for _, tt := range tests {
		var s api.JSONSchemaProps
		if err := json.Unmarshal([]byte(tt.old), &s); err != nil {
			t.Errorf("%s: bad schema: %v", tt.name, err)
			continue
		}
		old := &api.CustomResourceDefinition{Spec: api.Spec{Versions: []api.Version{
			{Name: "v1", Schema: &api.Schema{OpenAPIV3Schema: &s}},
			{Name: "v2"}, // no schema: nothing to relax
		}}}
		got := updateSchemaOptions(old)
		if diff := cmp.Diff(tt.want, got, cmp.AllowUnexported(schemaOptions{})); diff != "" {
			t.Errorf("%s: updateSchemaOptions mismatch (-want +got):\n%s", tt.name, diff)
		}
	}
}

func TestStructuralError(t *testing.T) {
	tests := []struct{ schema, want string }{
		{`{"type": "object"}`, ""},
		{`{"type": "object", "$schema": "x"}`, "OpenAPIV3Schema 'schema' is not supported"},
		{`{"type": "object", "$ref": ""}`, ""}, // an empty $ref converts
		{`{"properties": {"a": {"id": "x"}}}`, "OpenAPIV3Schema 'id' is not supported"},
		// not comes before allOf, and both before the node's own
		// x-kubernetes-preserve-unknown-fields and items.
		{`{"x-kubernetes-preserve-unknown-fields": false, "allOf": [{"definitions": {"d": {}}}], "not": {"dependencies": {"d": ["x"]}}}`,
			"OpenAPIV3Schema 'dependencies' is not supported"},
		{`{"items": [{}], "x-kubernetes-preserve-unknown-fields": false}`,
			"internal error: 'x-kubernetes-preserve-unknown-fields' must be true or undefined"},
		{`{"items": [{}]}`, "OpenAPIV3Schema 'items' must be a schema, but is an array"},
		{`{"items": []}`, ""},
		{`{"additionalProperties": {"additionalItems": true}}`, "OpenAPIV3Schema 'additionalItems' is not supported"},
		{`{"patternProperties": {}}`, ""},
	}
	for _, tt := range tests {
		var s api.JSONSchemaProps
		if err := json.Unmarshal([]byte(tt.schema), &s); err != nil {
			t.Errorf("bad schema %s: %v", tt.schema, err)
			continue
		}
		if _, got := structural.New(&s, structural.Options{}); got != tt.want {
			t.Errorf("structural.New(%s) refused with %q, want %q", tt.schema, got, tt.want)
		}
	}
}
