package crd_test

import (
	"fmt"

	"github.com/kubeversion/kubeversion/crd"
)

func ExampleRequirements() {
	c, err := crd.Decode([]byte(`{"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
 "metadata": {"name": "gadgets.example.com"},
 "spec": {"group": "example.com", "scope": "Namespaced", "names": {"plural": "gadgets", "kind": "Gadget"},
  "versions": [{"name": "v1", "served": true, "storage": true,
   "selectableFields": [{"jsonPath": ".spec.color"}],
   "schema": {"openAPIV3Schema": {"type": "object", "properties": {"spec": {"type": "object",
    "properties": {"color": {"type": "string"}}}}}}}]}}`))
	if err != nil {
		panic(err)
	}
	for _, r := range crd.Requirements(c) {
		fmt.Printf("%s: %v\n", r.Field, r)
	}
	// Output:
	// spec.versions[0].selectableFields: needs Kubernetes 1.31 or later: older releases drop selectableFields (feature CustomResourceFieldSelectors, on by default from 1.31)
}

func ExampleRequirement() {
	r := crd.Requirement{Field: "spec.versions[0].selectableFields", Minor: 31, Reason: "older releases drop it"}
	fmt.Println(r)
	// Output: needs Kubernetes 1.31 or later: older releases drop it
}
