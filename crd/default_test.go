package crd

import (
	"encoding/json"
	"reflect"
	"testing"
)

func TestDefault(t *testing.T) {
	schema := `{"type": "object", "properties": {
		"spec": {"type": "object", "default": {}, "properties": {
			"replicas": {"type": "integer", "default": 1},
			"paused": {"type": "boolean"},
			"mode": {"type": "string", "nullable": true, "default": "auto"},
			"ports": {"type": "array", "items": {"type": "object", "properties": {"protocol": {"type": "string", "default": "TCP"}}}},
			"names": {"type": "array", "items": {"type": "string", "default": "x"}},
			"labels": {"type": "object", "additionalProperties": {"type": "string", "default": "v"}},
			"open": {"type": "object", "x-kubernetes-preserve-unknown-fields": true, "properties": {"a": {"type": "string", "default": "b"}}}
		}}}}`
	for _, tc := range []struct{ in, want string }{
		{`{}`, `{"spec": {"replicas": 1, "mode": "auto"}}`},
		{`{"spec": {"replicas": null, "paused": null}}`, `{"spec": {"replicas": 1, "mode": "auto"}}`},
		{`{"spec": {"mode": null}}`, `{"spec": {"replicas": 1, "mode": null}}`},
		{`{"spec": {"ports": [{}, null, {"protocol": "UDP"}]}}`, `{"spec": {"replicas": 1, "mode": "auto", "ports": [{"protocol": "TCP"}, null, {"protocol": "UDP"}]}}`},
		{`{"spec": {"names": [null, "a"]}}`, `{"spec": {"replicas": 1, "mode": "auto", "names": ["x", "a"]}}`},
		{`{"spec": {"labels": {"a": null, "b": "c"}}}`, `{"spec": {"replicas": 1, "mode": "auto", "labels": {"a": "v", "b": "c"}}}`},
		{`{"spec": {"open": {"z": null}}}`, `{"spec": {"replicas": 1, "mode": "auto", "open": {"a": "b", "z": null}}}`},
		{`{"spec": "not an object", "other": {"replicas": null}}`, `{"spec": "not an object", "other": {"replicas": null}}`},
	} {
		var s JSONSchemaProps
		if err := json.Unmarshal([]byte(schema), &s); err != nil {
			t.Fatal(err)
		}
		var in, want JSON
		if err := json.Unmarshal([]byte(tc.in), &in); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal([]byte(tc.want), &want); err != nil {
			t.Fatal(err)
		}
		obj := in.Value.(map[string]any)
		Default(obj, &s)
		if !reflect.DeepEqual(obj, want.Value) {
			got, _ := json.Marshal(obj)
			t.Errorf("Default(%s) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

// TestDefaultCopies checks that a defaulted object does not share the
// schema's default: changing one leaves the other.
func TestDefaultCopies(t *testing.T) {
	var s JSONSchemaProps
	if err := json.Unmarshal([]byte(`{"type": "object", "properties": {"spec": {"type": "object", "default": {"a": {"b": 1}}}}}`), &s); err != nil {
		t.Fatal(err)
	}
	a, b := map[string]any{}, map[string]any{}
	Default(a, &s)
	a["spec"].(map[string]any)["a"].(map[string]any)["b"] = int64(2)
	Default(b, &s)
	if got := b["spec"].(map[string]any)["a"].(map[string]any)["b"]; got != int64(1) {
		t.Errorf("the second object got b = %v: the first shares the default", got)
	}
}
