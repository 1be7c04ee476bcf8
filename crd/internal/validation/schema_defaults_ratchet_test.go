package validation

import "testing"

func TestPruningChangesDefaults(t *testing.T) {
	tests := []struct {
		name, schema string
		want         bool
	}{
		{"no defaults", `{"type": "object"}`, false},
		{"pruned default", `{"type": "object", "properties": {"a": {"type": "object", "properties": {"b": {"type": "string"}}, "default": {"b": "x"}}}}`, false},
		{"unknown field", `{"type": "object", "properties": {"a": {"type": "object", "properties": {"b": {"type": "string"}}, "default": {"c": 1}}}}`, true},
		{"below additionalProperties", `{"type": "object", "properties": {"m": {"type": "object", "additionalProperties": {"type": "object", "default": {"c": 1}}}}}`, true},
		{"in a list", `{"type": "object", "properties": {"l": {"type": "array", "items": {"type": "object", "default": {"c": 1}}}}}`, true},
		{"an embedded resource keeps its type and object meta", `{"type": "object", "properties": {"e": {"type": "object", "x-kubernetes-embedded-resource": true,
			"properties": {"spec": {"type": "string"}}, "default": {"apiVersion": "v1", "kind": "K", "metadata": {"name": "n"}}}}}`, false},
		{"malformed metadata is dropped", `{"type": "object", "properties": {"e": {"type": "object", "x-kubernetes-embedded-resource": true,
			"properties": {"spec": {"type": "string"}}, "default": {"metadata": {"name": 1}}}}}`, true},
		{"kind that is no string is dropped", `{"type": "object", "properties": {"e": {"type": "object", "x-kubernetes-embedded-resource": true,
			"properties": {"spec": {"type": "string"}}, "default": {"kind": 1}}}}`, true},
		{"an empty metadata.name default disappears", `{"type": "object", "properties": {"metadata": {"type": "object", "properties": {"name": {"type": "string", "default": ""}}}}}`, true},
		{"a root default that is no object stops the check", `{"type": "object", "default": 1, "properties": {"a": {"type": "object", "default": {"c": 1}}}}`, false},
	}
	for _, tt := range tests {
		if got := pruningChangesDefaults(mustSchema(t, tt.schema)); got != tt.want {
			t.Errorf("%s: pruningChangesDefaults = %v, want %v", tt.name, got, tt.want)
		}
	}
}
