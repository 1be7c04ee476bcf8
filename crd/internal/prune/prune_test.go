package prune

import (
	"reflect"
	"testing"

	"github.com/kubeversion/kubeversion/crd/internal/structural"
)

// object is a model of type object with the given properties, sorted by
// the caller.
func object(props ...structural.Property) *structural.Structural {
	return &structural.Structural{Generic: structural.Generic{Type: "object"}, Properties: props}
}

func prop(name string, s *structural.Structural) structural.Property {
	return structural.Property{Name: name, Schema: s}
}

var str = &structural.Structural{Generic: structural.Generic{Type: "string"}}

func TestResource(t *testing.T) {
	preserved := object(prop("known", object()))
	preserved.XPreserveUnknownFields = true
	list := &structural.Structural{Generic: structural.Generic{Type: "array"}, Items: object(prop("a", str))}
	s := object(prop("list", list), prop("open", preserved), prop("spec", object(prop("a", str))))
	obj := map[string]any{
		"apiVersion": "v1", "kind": "K", "metadata": map[string]any{"x": int64(1)},
		"spec":  map[string]any{"a": "s", "b": int64(1)},
		"list":  []any{map[string]any{"a": "s"}, map[string]any{"c": true}},
		"open":  map[string]any{"kept": int64(1), "known": map[string]any{"gone": int64(2)}},
		"extra": nil,
	}
	got := Resource(obj, s)
	want := []string{"extra", "list[1].c", "open.known.gone", "spec.b"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Resource removed %q, want %q", got, want)
	}
	wantObj := map[string]any{
		"apiVersion": "v1", "kind": "K", "metadata": map[string]any{"x": int64(1)},
		"spec": map[string]any{"a": "s"},
		"list": []any{map[string]any{"a": "s"}, map[string]any{}},
		"open": map[string]any{"kept": int64(1), "known": map[string]any{}},
	}
	if !reflect.DeepEqual(obj, wantObj) {
		t.Errorf("Resource left %v, want %v", obj, wantObj)
	}
}

// TestValueRoot checks that apiVersion, kind and metadata are kept only
// at a resource's root, and removed silently, without a path, elsewhere.
func TestValueRoot(t *testing.T) {
	for _, isRoot := range []bool{false, true} {
		v := map[string]any{"kind": "K", "other": int64(1)}
		removed := Value(v, object(), isRoot)
		_, kept := v["kind"]
		if !removed || kept != isRoot {
			t.Errorf("isResourceRoot %v: removed %v, kind kept %v; want true, %v", isRoot, removed, kept, isRoot)
		}
	}
	if Value(map[string]any{"a": "s"}, object(prop("a", str)), false) {
		t.Error("Value reported a removal from a value its schema specifies")
	}
}

func TestNulls(t *testing.T) {
	def := any(int64(1))
	nullable := &structural.Structural{Generic: structural.Generic{Type: "string", Nullable: true}}
	defaulted := &structural.Structural{Generic: structural.Generic{Type: "integer", Default: &def}}
	s := object(prop("d", defaulted), prop("n", nullable), prop("s", str))
	v := map[string]any{"d": nil, "n": nil, "s": nil, "unknown": nil}
	Nulls(v, s)
	want := map[string]any{"d": nil, "n": nil, "unknown": nil}
	if !reflect.DeepEqual(v, want) {
		t.Errorf("Nulls left %v, want %v", v, want)
	}
}
