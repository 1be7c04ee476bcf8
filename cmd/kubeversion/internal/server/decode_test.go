package server

import (
	"testing"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inputs"
	"github.com/kubeversion/kubeversion/crd"
)

func TestFindType(t *testing.T) {
	objects, _ := inputs.ReadObjects("f", []byte(`
spec:
  versions:
    - {name: v1, served: true}
    - {name: v2, served: "yes", schema: {x: [1, "a"]}}
`))
	for _, tt := range []struct {
		path, kind, want string
	}{
		{"spec.versions.served", "string", "spec.versions[1].served"},
		{"spec.versions.served", "bool", "spec.versions[0].served"},
		{"spec.versions.schema.x", "string", "spec.versions[1].schema.x[1]"},
		{"spec.versions.name", "number", ""},
		{"spec", "object", "spec"},
	} {
		got, _ := findType(objects[0].Fields, crd.ParsePath(tt.path), tt.kind)
		if got != tt.want {
			t.Errorf("findType(%q, %q) = %q, want %q", tt.path, tt.kind, got, tt.want)
		}
	}
}
