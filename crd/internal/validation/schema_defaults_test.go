package validation

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/field"
	"github.com/kubeversion/kubeversion/crd/internal/names"
)

func TestValidateDefaults(t *testing.T) {
	const p = "spec.versions[0].schema.openAPIV3Schema"
	tests := []struct {
		name, schema string
		prune        bool
		want         []string
	}{
		{"valid default", `{"type": "object", "properties": {"a": {"type": "string", "default": "x"}}}`, true, nil},
		{"default of the wrong type", `{"type": "object", "properties": {"a": {"type": "string", "default": 1}}}`, true,
			[]string{p + `.properties[a].default|FieldValueTypeInvalid|"integer"| in body must be of type string: "integer"`}},
		{"unknown fields in a default", `{"type": "object", "properties": {"a": {"type": "object", "properties": {"b": {"type": "string"}}, "default": {"b": "x", "c": 1}}}}`, true,
			[]string{p + `.properties[a].default|FieldValueInvalid|{"b":"x","c":1}|must not have unknown fields`}},
		{"unknown fields allowed when pruning is not required", `{"type": "object", "properties": {"a": {"type": "object", "properties": {"b": {"type": "string"}}, "default": {"b": "x", "c": 1}}}}`, false, nil},
		{"defaults in items and nested properties", `{"type": "object", "properties": {"l": {"type": "array", "items": {"type": "object", "properties": {"n": {"type": "integer", "minimum": 0, "default": -1}}}}}}`, true,
			[]string{p + `.properties[l].items.properties[n].default|FieldValueInvalid|-1| in body should be greater than or equal to 0`}},
		{"an embedded resource needs apiVersion and kind", `{"type": "object", "properties": {"e": {"type": "object", "x-kubernetes-embedded-resource": true, "x-kubernetes-preserve-unknown-fields": true, "default": {"kind": "bad_kind"}}}}`, true, []string{
			p + `.properties[e].default.apiVersion|FieldValueRequired|""|`,
			p + `.properties[e].default.kind|FieldValueInvalid|"bad_kind"|may have mixed case, but should otherwise match: ` + names.DNS1035Message}},
		{"kind must be a string", `{"type": "object", "properties": {"e": {"type": "object", "x-kubernetes-embedded-resource": true, "x-kubernetes-preserve-unknown-fields": true, "default": {"apiVersion": "v1", "kind": 1}}}}`, true,
			[]string{p + `.properties[e].default.kind|FieldValueInvalid|1|must be a string`}},
		{"metadata of an embedded resource", `{"type": "object", "properties": {"e": {"type": "object", "x-kubernetes-embedded-resource": true, "x-kubernetes-preserve-unknown-fields": true, "default": {"apiVersion": "v1", "kind": "K", "metadata": {"name": "a/b"}}}}}`, true,
			[]string{p + `.properties[e].default.metadata.name|FieldValueInvalid|"a/b"|may not contain '/'`}},
		{"labels of an embedded resource", `{"type": "object", "properties": {"e": {"type": "object", "x-kubernetes-embedded-resource": true, "x-kubernetes-preserve-unknown-fields": true, "default": {"apiVersion": "v1", "kind": "K", "metadata": {"labels": {"a": "b c"}}}}}}`, true,
			[]string{p + `.properties[e].default.metadata.labels|FieldValueInvalid|"b c"|` + names.LabelValue("b c")[0]}},
		{"metadata that is no ObjectMeta", `{"type": "object", "properties": {"e": {"type": "object", "x-kubernetes-embedded-resource": true, "x-kubernetes-preserve-unknown-fields": true, "default": {"apiVersion": "v1", "kind": "K", "metadata": {"name": 1}}}}}`, true,
			[]string{p + `.properties[e].default.metadata|FieldValueInvalid|{"name":1}|json: cannot unmarshal number into Go struct field ObjectMeta.name of type string`}},
		{"a default inside metadata is checked in the resource", `{"type": "object", "properties": {"metadata": {"type": "object", "properties": {"name": {"type": "string", "default": "a%b"}}}}}`, true,
			[]string{p + `.properties[metadata].properties[name].default|FieldValueInvalid|"a%b"|must result in valid metadata: metadata.name: Invalid value: "a%b": may not contain '%'`}},
		{"a default of kind in an embedded resource", `{"type": "object", "properties": {"e": {"type": "object", "x-kubernetes-embedded-resource": true, "properties": {"kind": {"type": "string", "default": ""}}}}}`, true,
			[]string{p + `.properties[e].properties[kind].default|FieldValueInvalid|""|must result in valid metadata: kind: Invalid value: "": must not be empty`}},
		{"the root default is a resource", `{"type": "object", "x-kubernetes-preserve-unknown-fields": true, "default": {"a": 1}}`, true, []string{
			p + `.default.apiVersion|FieldValueRequired|""|`,
			p + `.default.kind|FieldValueRequired|""|`}},
		{"no default under additionalProperties is visited", `{"type": "object", "properties": {"m": {"type": "object", "additionalProperties": {"type": "string", "default": 1}}}}`, true, nil},
	}
	for _, tt := range tests {
		got := brief(checkDefaults(mustSchema(t, tt.schema), p, tt.prune))
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: validateDefaults mismatch (-want +got):\n%s", tt.name, diff)
		}
	}
}

// TestValidateDefaultsCoercesInPlace checks that validateDefaults, as the
// API server, coerces the embedded metadata of a default in the schema
// itself, and leaves a default inside metadata and the root's
// x-kubernetes-embedded-resource alone.
func TestValidateDefaultsCoercesInPlace(t *testing.T) {
	s := mustSchema(t, `{"type": "object", "properties": {"e": {"type": "object", "x-kubernetes-embedded-resource": true,
		"x-kubernetes-preserve-unknown-fields": true, "default": {"apiVersion": "v1", "kind": "K", "metadata": {"x": 1}},
		"properties": {"metadata": {"type": "object", "default": {"x": 1}}}}}}`)
	checkDefaults(s, "p", true)
	want := mustValue(t, `{"apiVersion": "v1", "kind": "K", "metadata": {}}`)
	if diff := cmp.Diff(want, s.Properties["e"].Default.Value); diff != "" {
		t.Errorf("validateDefaults left a default uncoerced (-want +got):\n%s", diff)
	}
	want = mustValue(t, `{"x": 1}`)
	if diff := cmp.Diff(want, s.Properties["e"].Properties["metadata"].Default.Value); diff != "" {
		t.Errorf("validateDefaults changed a default inside metadata (-want +got):\n%s", diff)
	}
	if s.XEmbeddedResource {
		t.Errorf("validateDefaults marked the root as an embedded resource")
	}
}

// checkDefaults is validateDefaults of the root s with its structural
// model, or nil when s has none.
func checkDefaults(s *api.JSONSchemaProps, path string, prune bool) field.ErrorList {
	return CheckDefaults(s, (*field.Path)(nil).ChildPath(path), prune)
}
