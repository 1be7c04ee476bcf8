package inputs

import (
	"testing"

	"github.com/kubeversion/kubeversion/crd"
)

// TestLineOf checks that a locator takes the steps of an error as they
// are: a key with "]." in it, which a path written out cannot tell from
// the end of the key, is one step.
func TestLineOf(t *testing.T) {
	const text = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
spec:
  versions:
    - name: v1
      schema:
        openAPIV3Schema:
          properties:
            "a].b":
              type: strin
`
	objects, p := ReadObjects("f", []byte(text))
	if p != nil || len(objects) != 1 {
		t.Fatalf("ReadObjects = %v, %v", objects, p)
	}
	path := append(crd.ParsePath("spec.versions[0].schema.openAPIV3Schema.properties"),
		crd.PathStep{Kind: crd.StepKey, Name: "a].b"}, crd.PathStep{Name: "type"})
	if got := NewLocator(objects[0]).LineOf(path); got != 10 {
		t.Errorf("LineOf = %d, want 10", got)
	}
	if got := NewLocator(objects[0]).ObjectLineOf(path); got != 10 {
		t.Errorf("ObjectLineOf = %d, want 10", got)
	}
	// Written out, the path ends its key early.
	if got := NewLocator(objects[0]).Line("spec.versions[0].schema.openAPIV3Schema.properties[a].b].type"); got != 8 {
		t.Errorf("Line = %d, want 8", got)
	}
}
