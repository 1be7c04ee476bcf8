package crd

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/kubeversion/kubeversion/crd/internal/field"
	"github.com/kubeversion/kubeversion/crd/internal/openapi"
	"github.com/kubeversion/kubeversion/crd/internal/prune"
	"github.com/kubeversion/kubeversion/crd/internal/structural"
	"github.com/kubeversion/kubeversion/crd/internal/validation"
	"github.com/kubeversion/kubeversion/internal/jsonvalue"
)

// isPartOf reports whether a is b with some fields of its objects removed.
func isPartOf(a, b any) bool {
	switch a := a.(type) {
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok {
			return false
		}
		for k, v := range a {
			w, ok := b[k]
			if !ok || !isPartOf(v, w) {
				return false
			}
		}
		return true
	case []any:
		b, ok := b.([]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for i := range a {
			if !isPartOf(a[i], b[i]) {
				return false
			}
		}
		return true
	}
	return jsonvalue.Equal(a, b)
}

// FuzzPrune checks the laws of Prune and Coerce on any schema and object:
// Prune only removes fields, reports a path exactly when it removes one
// that is not at the root of a resource's type and object meta, and a
// second Prune removes nothing. Coerce does not panic and, without an
// error, leaves an object that Prune no longer changes. Run it with
// go test -fuzz FuzzPrune ./crd; a failing input is saved under
// testdata/fuzz/FuzzPrune and rerun by go test.
func FuzzPrune(f *testing.F) {
	f.Add(`{"type": "object", "properties": {"spec": {"type": "object", "properties": {"a": {"type": "string"}}}}}`,
		`{"apiVersion": "v1", "kind": "K", "metadata": {"name": "x"}, "spec": {"a": "s", "b": [1, {"c": null}]}}`)
	f.Add(`{"type": "object", "x-kubernetes-preserve-unknown-fields": true, "properties": {"l": {"type": "array", "items": {"type": "object"}}}}`,
		`{"l": [{"a": 1}], "u": {"v": 2}}`)
	f.Add(`{"type": "object", "additionalProperties": true}`, `{"m": {"a": {"b": 1}}}`)
	f.Add(`{"type": "object", "properties": {"e": {"type": "object", "x-kubernetes-embedded-resource": true, "properties": {"s": {}}}}}`,
		`{"e": {"kind": 1, "metadata": {"name": 2}, "x": null}}`)
	f.Fuzz(func(t *testing.T, schema, object string) {
		var s JSONSchemaProps
		if json.Unmarshal([]byte(schema), &s) != nil {
			return
		}
		var o JSON
		if json.Unmarshal([]byte(object), &o) != nil {
			return
		}
		obj, ok := o.Value.(map[string]any)
		if !ok {
			return
		}
		orig := jsonvalue.Copy(obj)
		paths := Prune(obj, &s)
		if !isPartOf(obj, orig) {
			t.Fatalf("Prune added or changed a value: %v from %v", obj, orig)
		}
		if len(paths) > 0 && jsonvalue.Equal(any(obj), orig) {
			t.Fatalf("Prune reported %q but removed nothing", paths)
		}
		if len(paths) == 0 && !jsonvalue.Equal(any(obj), orig) {
			t.Fatalf("Prune removed fields of %v but reported none", orig)
		}
		if again := Prune(obj, &s); again != nil {
			t.Fatalf("a second Prune removed %q", again)
		}
		full := jsonvalue.Copy(orig).(map[string]any)
		fullPaths := prune.Resource(full, structural.Pruning(&s))
		if !slices.Equal(paths, fullPaths) || !jsonvalue.Equal(any(full), any(obj)) {
			t.Fatalf("pruning by the whole model gives %v and %q, by the model cut to the object %v and %q", full, fullPaths, obj, paths)
		}
		c := jsonvalue.Copy(orig).(map[string]any)
		if _, err := Coerce(c, &s); err == nil {
			if again := Prune(c, &s); again != nil {
				t.Fatalf("Prune after Coerce removed %q", again)
			}
		}
		validation.CheckDefaults(&s, field.NewPath("p"), true)
		if ss, msg := structural.New(&s, structural.Options{}); msg == "" {
			var v openapi.Validator
			v.Validate(orig, ss)
		}
	})
}
