package crd

import (
	"reflect"
	"testing"
)

func TestRequirementsOptionalOldSelf(t *testing.T) {
	c, err := Decode([]byte(`{"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
 "metadata": {"name": "gadgets.example.com"},
 "spec": {"group": "example.com", "scope": "Namespaced", "names": {"plural": "gadgets", "kind": "Gadget"},
  "versions": [{"name": "v1", "served": true, "storage": true, "schema": {"openAPIV3Schema": {"type": "object",
   "properties": {"spec": {"type": "object", "properties": {
     "b": {"type": "array", "items": {"type": "string", "x-kubernetes-validations": [
       {"rule": "true", "optionalOldSelf": false}, {"rule": "oldSelf.hasValue()", "optionalOldSelf": true}]}},
     "a": {"type": "string", "x-kubernetes-validations": [{"rule": "oldSelf.hasValue()", "optionalOldSelf": true}]}}}}}}},
   {"name": "v2", "served": true, "storage": false, "selectableFields": [{"jsonPath": ".spec.a"}],
    "schema": {"openAPIV3Schema": {"type": "object"}}}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range Requirements(c) {
		got = append(got, r.Field+" "+r.String()[:30])
	}
	want := []string{
		"spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[a].x-kubernetes-validations[0].optionalOldSelf needs Kubernetes 1.30 or later",
		"spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[b].items.x-kubernetes-validations[1].optionalOldSelf needs Kubernetes 1.30 or later",
		"spec.versions[1].selectableFields needs Kubernetes 1.31 or later",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}
