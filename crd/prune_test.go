package crd

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kubeversion/kubeversion/crd/internal/prune"
	"github.com/kubeversion/kubeversion/crd/internal/structural"
	"github.com/kubeversion/kubeversion/internal/jsonvalue"
)

// mustValue reads a JSON value in the model of [JSON].
func mustValue(t *testing.T, s string) any {
	t.Helper()
	var j JSON
	if err := json.Unmarshal([]byte(s), &j); err != nil {
		t.Fatalf("bad JSON %s: %v", s, err)
	}
	return j.Value
}

// mustSchema reads a schema, or returns nil for "null".
func mustSchema(t *testing.T, s string) *JSONSchemaProps {
	t.Helper()
	if s == "null" {
		return nil
	}
	var p JSONSchemaProps
	if err := json.Unmarshal([]byte(s), &p); err != nil {
		t.Fatalf("bad schema %s: %v", s, err)
	}
	return &p
}

func TestPrune(t *testing.T) {
	tests := []struct {
		name, schema, obj string
		want              string // the object after pruning
		paths             []string
	}{
		{"nil schema keeps type and object meta", `null`,
			`{"apiVersion": "v1", "kind": "K", "metadata": {"x": 1}, "spec": {"a": 1}, "b": 2}`,
			`{"apiVersion": "v1", "kind": "K", "metadata": {"x": 1}}`, []string{"b", "spec"}},
		{"known fields stay", `{"type": "object", "properties": {"spec": {"type": "object", "properties": {"a": {"type": "integer"}}}}}`,
			`{"spec": {"a": 1, "b": 2, "c": {"d": 3}}}`,
			`{"spec": {"a": 1}}`, []string{"spec.b", "spec.c"}},
		{"lists are pruned item by item", `{"type": "object", "properties": {"l": {"type": "array", "items": {"type": "object", "properties": {"a": {"type": "string"}}}}}}`,
			`{"l": [{"a": "x", "b": 1}, 3, {"c": null}]}`,
			`{"l": [{"a": "x"}, 3, {}]}`, []string{"l[0].b", "l[2].c"}},
		{"a list without items loses the fields of its objects", `{"type": "object", "properties": {"l": {"type": "array"}}}`,
			`{"l": [{"a": 1}, [{"b": 2}], "s"]}`,
			`{"l": [{}, [{}], "s"]}`, []string{"l[0].a", "l[1][0].b"}},
		{"additionalProperties schema prunes each value", `{"type": "object", "properties": {"m": {"type": "object", "additionalProperties": {"type": "object", "properties": {"a": {"type": "string"}}}}}}`,
			`{"m": {"x": {"a": "1", "b": 2}, "y": {}}}`,
			`{"m": {"x": {"a": "1"}, "y": {}}}`, []string{"m.x.b"}},
		{"additionalProperties true keeps keys but empties their objects", `{"type": "object", "properties": {"m": {"type": "object", "additionalProperties": true}}}`,
			`{"m": {"x": {"a": 1}, "y": 2}}`,
			`{"m": {"x": {}, "y": 2}}`, []string{"m.x.a"}},
		{"preserve-unknown-fields keeps unknown, prunes known", `{"type": "object", "properties": {"p": {"type": "object", "x-kubernetes-preserve-unknown-fields": true, "properties": {"a": {"type": "object"}}}}}`,
			`{"p": {"a": {"z": 1}, "u": {"v": 1}}}`,
			`{"p": {"a": {}, "u": {"v": 1}}}`, []string{"p.a.z"}},
		{"preserve-unknown-fields walks list items the same way", `{"type": "object", "x-kubernetes-preserve-unknown-fields": true, "properties": {"l": {"type": "array", "x-kubernetes-preserve-unknown-fields": true, "items": {"type": "object", "properties": {"a": {"type": "object"}}}}}}`,
			`{"l": [{"a": {"z": 1}, "u": 2}], "x": 1}`,
			`{"l": [{"a": {}, "u": 2}], "x": 1}`, []string{"l[0].a.z"}},
		{"embedded resource keeps its type and object meta", `{"type": "object", "properties": {"e": {"type": "object", "x-kubernetes-embedded-resource": true, "properties": {"spec": {"type": "string"}}}}}`,
			`{"e": {"apiVersion": 1, "kind": "K", "metadata": {"u": 1}, "spec": "s", "x": 1}}`,
			`{"e": {"apiVersion": 1, "kind": "K", "metadata": {"u": 1}, "spec": "s"}}`, []string{"e.x"}},
		{"type and object meta are pruned below an object that is not a resource", `{"type": "object", "properties": {"o": {"type": "object", "properties": {"a": {"type": "string"}}}}}`,
			`{"o": {"kind": "K", "metadata": {}}}`,
			`{"o": {}}`, []string{"o.kind", "o.metadata"}},
		{"empty keys count as path segments", `{"type": "object", "properties": {"": {"type": "object", "properties": {"a": {"type": "string"}}}}}`,
			`{"": {"b": 1}}`,
			`{"": {}}`, []string{".b"}},
		{"paths are sorted", `{"type": "object"}`,
			`{"b": 1, "a": 2, "c": 3}`,
			`{}`, []string{"a", "b", "c"}},
	}
	for _, tt := range tests {
		obj := mustValue(t, tt.obj).(map[string]any)
		paths := Prune(obj, mustSchema(t, tt.schema))
		if diff := cmp.Diff(tt.paths, paths); diff != "" {
			t.Errorf("%s: Prune paths mismatch (-want +got):\n%s", tt.name, diff)
		}
		if diff := cmp.Diff(mustValue(t, tt.want), any(obj)); diff != "" {
			t.Errorf("%s: Prune result mismatch (-want +got):\n%s", tt.name, diff)
		}
	}
}

func TestPruneNilObject(t *testing.T) {
	if got := Prune(nil, nil); got != nil {
		t.Errorf("Prune(nil, nil) = %q, want nil", got)
	}
}

func TestPruneDoesNotChangeSchema(t *testing.T) {
	s := mustSchema(t, `{"type": "object"}`)
	Prune(map[string]any{"a": 1}, s)
	if s.XEmbeddedResource {
		t.Errorf("Prune set x-kubernetes-embedded-resource on the caller's schema")
	}
}

func TestPruneValue(t *testing.T) {
	tests := []struct {
		name, schema, value string
		root                bool
		want                string
		removed             bool
	}{
		{"scalar", `{"type": "string"}`, `"s"`, false, `"s"`, false},
		{"kind at the root of a value", `{"type": "object"}`, `{"kind": "K"}`, false, `{}`, true},
		{"kind at a resource root", `{"type": "object"}`, `{"kind": "K"}`, true, `{"kind": "K"}`, false},
		{"list", `{"type": "array", "items": {"type": "object"}}`, `[{"a": 1}]`, false, `[{}]`, true},
	}
	for _, tt := range tests {
		v := mustValue(t, tt.value)
		removed := prune.Value(v, structural.Pruning(mustSchema(t, tt.schema)), tt.root)
		if removed != tt.removed {
			t.Errorf("%s: prune.Value removed = %v, want %v", tt.name, removed, tt.removed)
		}
		if diff := cmp.Diff(mustValue(t, tt.want), v); diff != "" {
			t.Errorf("%s: prune.Value result mismatch (-want +got):\n%s", tt.name, diff)
		}
	}
}

// TestPruneCostInObject checks that Prune and Coerce cost in proportion to
// the object, not to its schema: one small object takes as many
// allocations under a schema of 200 properties as under one of 20,000.
func TestPruneCostInObject(t *testing.T) {
	allocs := func(properties int) (prune, coerce float64) {
		var b strings.Builder
		b.WriteString(`{"type":"object","properties":{"spec":{"type":"object","properties":{`)
		for i := range properties {
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, `"f%d":{"type":"object","properties":{"a":{"type":"string"}}}`, i)
		}
		b.WriteString(`}}}}`)
		s := mustSchema(t, b.String())
		obj := map[string]any{"apiVersion": "x/v1", "kind": "K", "metadata": map[string]any{"name": "n"},
			"spec": map[string]any{"f1": map[string]any{"a": "x", "b": int64(1)}}}
		prune = testing.AllocsPerRun(20, func() { Prune(jsonvalue.Copy(obj).(map[string]any), s) })
		coerce = testing.AllocsPerRun(20, func() { Coerce(jsonvalue.Copy(obj).(map[string]any), s) })
		return prune, coerce
	}
	p1, c1 := allocs(200)
	p2, c2 := allocs(20000)
	if p2 > p1 || c2 > c1 {
		t.Errorf("allocations per object: Prune %v with 200 properties, %v with 20,000; Coerce %v and %v", p1, p2, c1, c2)
	}
}
