package crd

import (
	"testing"

	"github.com/kubeversion/kubeversion/crd/internal/field"
)

// TestFromFieldDuplicate checks that a Duplicate error of an engine prints
// as k8s.io/apimachinery v0.37.2's field.Duplicate(...).Error() printed
// these values (run once in a throwaway module).
func TestFromFieldDuplicate(t *testing.T) {
	for _, tt := range []struct {
		value any
		want  string
	}{
		{"a", `spec.tags[1]: Duplicate value: "a"`},
		{int64(2), `spec.tags[1]: Duplicate value: 2`},
		{1e21, `spec.tags[1]: Duplicate value: 1e+21`},
		{true, `spec.tags[1]: Duplicate value: true`},
		{nil, `spec.tags[1]: Duplicate value: null`},
		{map[string]any{}, `spec.tags[1]: Duplicate value: {}`},
		{map[string]any{"name": "a", "b": int64(1)}, `spec.tags[1]: Duplicate value: {"b":1,"name":"a"}`},
		{map[string]any{"name": "<x>"}, `spec.tags[1]: Duplicate value: {"name":"\u003cx\u003e"}`},
		{[]any{int64(1), "a"}, `spec.tags[1]: Duplicate value: [1,"a"]`},
	} {
		e := field.Duplicate(field.NewPath("spec", "tags").Index(1), tt.value)
		if e.Type != ErrorTypeDuplicate {
			t.Errorf("DuplicateValue().Type = %v, want %v", e.Type, ErrorTypeDuplicate)
		}
		if got := e.Error(); got != tt.want {
			t.Errorf("Error() = %s, want %s", got, tt.want)
		}
	}
}
