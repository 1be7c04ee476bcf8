package crd_test

import (
	"fmt"

	"github.com/kubeversion/kubeversion/crd"
)

// gadgets returns a Gadget CRD whose one version has the properties of
// the spec given, as JSON.
func gadgets(spec string) *crd.CustomResourceDefinition {
	c, err := crd.Decode([]byte(`{"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
 "metadata": {"name": "gadgets.example.com"},
 "spec": {"group": "example.com", "scope": "Namespaced", "names": {"plural": "gadgets", "kind": "Gadget"},
  "versions": [{"name": "v1", "served": true, "storage": true,
   "schema": {"openAPIV3Schema": {"type": "object", "properties": {"spec": {"type": "object",
    "properties": ` + spec + `}}}}}]}}`))
	if err != nil {
		panic(err)
	}
	return c
}

func ExampleWarningsOnCreate() {
	c := gadgets(`{
 "port": {"x-kubernetes-int-or-string": true, "anyOf": [{"type": "integer"}, {"type": "string"}], "format": "int-or-string"},
 "size": {"type": "integer", "format": "int64"},
 "owner": {"type": "string", "format": "k8s-short-name"},
 "ports": {"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "object", "x-kubernetes-map-type": "atomic"}}}`)
	fmt.Println(crd.ValidateCreate(c) == nil)
	for _, w := range crd.WarningsOnCreate(c) {
		fmt.Printf("Warning: %v\n  at %s\n", w, w.Field)
	}
	// Output:
	// true
	// Warning: unrecognized format "int-or-string"
	//   at spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[port].format
	// Warning: x-kubernetes-list-type: set for items of type "object" is not supported by server-side apply or CEL validation rules
	//   at spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[ports].x-kubernetes-list-type
}

func ExampleWarningsOnUpdate() {
	old := gadgets(`{"port": {"type": "string", "format": "port"}}`)
	c := gadgets(`{"port": {"type": "string", "format": "port"}, "ip": {"type": "string", "format": "ip"}, "mask": {"type": "string", "format": "port"}}`)
	for _, w := range crd.WarningsOnUpdate(c, old) {
		fmt.Println(w)
	}
	// Output:
	// unrecognized format "ip"
}

func ExampleWarning() {
	w := crd.Warning{Field: "spec.versions[0].schema.openAPIV3Schema.properties[a.b].format", Message: `unrecognized format "port"`}
	fmt.Println(w)
	fmt.Print(steps(w.Path()[5:]))
	// Output:
	// unrecognized format "port"
	// name properties
	// key a.b
	// name format
}
