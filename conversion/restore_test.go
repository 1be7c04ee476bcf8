package conversion

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestRestore(t *testing.T) {
	original := func() map[string]any {
		return map[string]any{"apiVersion": "g/v1beta1", "kind": "K", "metadata": map[string]any{
			"name": "a", "uid": "1", "labels": map[string]any{"x": "1"}, "annotations": map[string]any{"y": "2"},
		}}
	}
	meta := func(kv ...any) map[string]any {
		m := map[string]any{"name": "a", "uid": "1"}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}
	labels := map[string]any{"x": "1"}
	annotations := map[string]any{"y": "2"}
	tests := []struct {
		name            string
		converted, want map[string]any
	}{
		{"unchanged", original(), map[string]any{"apiVersion": "g/v1", "kind": "K", "metadata": meta("labels", labels, "annotations", annotations)}},
		{"no metadata keeps the original's", map[string]any{"spec": 1},
			map[string]any{"apiVersion": "g/v1", "kind": "K", "metadata": meta("labels", labels, "annotations", annotations), "spec": 1}},
		{"renamed, kind changed, uid dropped", map[string]any{"kind": "L", "metadata": map[string]any{"name": "b", "labels": map[string]any{"z": "3"}}},
			map[string]any{"apiVersion": "g/v1", "kind": "K", "metadata": meta("labels", map[string]any{"z": "3"})}},
		{"null labels are removed", map[string]any{"metadata": map[string]any{"labels": nil, "annotations": map[string]any{}}},
			map[string]any{"apiVersion": "g/v1", "kind": "K", "metadata": meta("annotations", map[string]any{})}},
		{"invalid labels keep the original's", map[string]any{"metadata": map[string]any{"labels": "x", "annotations": map[string]any{"y": 2}}},
			map[string]any{"apiVersion": "g/v1", "kind": "K", "metadata": meta("labels", labels, "annotations", annotations)}},
	}
	for _, tt := range tests {
		orig := original()
		got := Restore(orig, tt.converted, "g/v1")
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: Restore mismatch (-want +got):\n%s", tt.name, diff)
		}
		if diff := cmp.Diff(original(), orig); diff != "" {
			t.Errorf("%s: Restore changed the original (-want +got):\n%s", tt.name, diff)
		}
	}
	// Without metadata or kind in the original, the result has empty
	// metadata and no kind.
	got := Restore(map[string]any{}, map[string]any{"kind": "K", "metadata": map[string]any{"name": "x"}}, "g/v1")
	if diff := cmp.Diff(map[string]any{"apiVersion": "g/v1", "metadata": map[string]any{}}, got); diff != "" {
		t.Errorf("Restore of an empty original mismatch (-want +got):\n%s", diff)
	}
}
