package defaulting

import (
	"reflect"
	"testing"

	"github.com/kubeversion/kubeversion/crd/internal/structural"
)

func TestDefault(t *testing.T) {
	def := func(v any) *any { return &v }
	var null any
	s := &structural.Structural{Properties: []structural.Property{
		{Name: "a", Schema: &structural.Structural{Generic: structural.Generic{Type: "integer", Default: def(int64(1))}}},
		{Name: "n", Schema: &structural.Structural{Generic: structural.Generic{Type: "string", Default: &null}}},
		{Name: "o", Schema: &structural.Structural{Generic: structural.Generic{Type: "object", Default: def(map[string]any{})},
			Properties: []structural.Property{{Name: "b", Schema: &structural.Structural{Generic: structural.Generic{Type: "string", Default: def("x")}}}}}},
	}}
	x := map[string]any{"n": nil}
	Default(x, s)
	want := map[string]any{"a": int64(1), "n": nil, "o": map[string]any{"b": "x"}}
	if !reflect.DeepEqual(x, want) {
		t.Errorf("Default = %v, want %v: a default of null is none, and a default gets the defaults inside it", x, want)
	}
}
