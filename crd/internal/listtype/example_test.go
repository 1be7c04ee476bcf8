package listtype_test

import (
	"fmt"

	"github.com/kubeversion/kubeversion/crd/internal/listtype"
	"github.com/kubeversion/kubeversion/crd/internal/structural"
)

func ExampleValidate() {
	set, mapType := "set", "map"
	s := &structural.Structural{Properties: []structural.Property{
		{Name: "ports", Schema: &structural.Structural{
			Extensions: structural.Extensions{XListType: &mapType, XListMapKeys: []string{"name"}},
		}},
		{Name: "tags", Schema: &structural.Structural{Extensions: structural.Extensions{XListType: &set}}},
	}}
	obj := map[string]any{
		"ports": []any{map[string]any{"name": "http"}, map[string]any{"name": "http", "port": int64(80)}},
		"tags":  []any{"a", "b", "a", int64(1), 1.0},
	}
	for _, e := range listtype.Validate(nil, s, obj) {
		fmt.Printf("%s: %v\n", e.Field, e.BadValue)
	}
	// Output:
	// ports[1]: map[name:http]
	// tags[2]: a
}
