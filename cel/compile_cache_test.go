package cel_test

import (
	"fmt"
	"sync"
	"testing"

	"github.com/kubeversion/kubeversion/cel"
	"github.com/kubeversion/kubeversion/crd"
)

// TestCompileCache checks that a checker gives the same errors for a
// schema it compiled before as a new checker does, from several
// goroutines at once, and that the same rule compiles at the root of a
// resource, whose type has the resource's metadata, and not below it.
func TestCompileCache(t *testing.T) {
	checker := cel.NewChecker()
	fresh := func(c *crd.CustomResourceDefinition) string {
		return fmt.Sprint(crd.Validator{CEL: cel.NewChecker()}.ValidateCreate(c))
	}
	crds := []*crd.CustomResourceDefinition{
		gadgets("self.replicas >= 'one'", ""),
		gadgets("self.replicas >= 0", ""),
		gadgets("self.replicas >= 0", "5"),
		gadgets("oldSelf.replicas <= self.replicas", ""),
	}
	want := make([]string, len(crds))
	for i, c := range crds {
		want[i] = fresh(c)
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range 3 {
				for i, c := range crds {
					if got := fmt.Sprint(crd.Validator{CEL: checker}.ValidateCreate(c)); got != want[i] {
						t.Errorf("CRD %d, compiled before: %s; want %s", i, got, want[i])
					}
				}
			}
		})
	}
	wg.Wait()

	// self.metadata.name exists at the root of a resource only.
	root, err := crd.Decode([]byte(`{"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
 "metadata": {"name": "gadgets.example.com"},
 "spec": {"group": "example.com", "scope": "Namespaced", "names": {"plural": "gadgets", "kind": "Gadget"},
  "versions": [{"name": "v1", "served": true, "storage": true, "schema": {"openAPIV3Schema": {
   "type": "object", "x-kubernetes-validations": [{"rule": "self.metadata.name != ''"}],
   "properties": {"spec": {"type": "object", "x-kubernetes-validations": [{"rule": "self.metadata.name != ''"}]}}}}}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	errs := crd.Validator{CEL: checker}.ValidateCreate(root)
	if len(errs) != 1 || errs[0].Field != "spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule" {
		t.Errorf("got %v; want one error, of the rule of spec, which has no metadata", errs)
	}
}

// TestCompileCacheDocumentation checks that a schema compiled before with
// other documentation (description and title, which the cache's key
// leaves out) gets the errors and costs a new checker gives it.
func TestCompileCacheDocumentation(t *testing.T) {
	withDocs := func(doc string) *crd.CustomResourceDefinition {
		c, err := crd.Decode([]byte(`{"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
 "metadata": {"name": "gadgets.example.com"},
 "spec": {"group": "example.com", "scope": "Namespaced", "names": {"plural": "gadgets", "kind": "Gadget"},
  "versions": [{"name": "v1", "served": true, "storage": true, "schema": {"openAPIV3Schema": {
   "type": "object", "properties": {"spec": {"type": "object", "description": "` + doc + `", "title": "` + doc + `",
    "properties": {"names": {"type": "array", "description": "` + doc + `", "items": {"type": "string"}}},
    "x-kubernetes-validations": [{"rule": "self.names.all(n, n.size() > 1) && self.names + 1"}, {"rule": "self.names.all(n, n.all(m, m == n))"}]}}}}}]}}`))
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	checker := cel.NewChecker()
	first := fmt.Sprint(crd.Validator{CEL: checker}.ValidateCreate(withDocs("one")))
	if first == "[]" {
		t.Fatal("no errors: the rules should not compile")
	}
	fresh := fmt.Sprint(crd.Validator{CEL: cel.NewChecker()}.ValidateCreate(withDocs("two")))
	if got := fmt.Sprint(crd.Validator{CEL: checker}.ValidateCreate(withDocs("two"))); got != fresh {
		t.Errorf("compiled before with other documentation:\n%s\nwant\n%s", got, fresh)
	}
}
