package crd_test

import (
	"encoding/json"
	"fmt"

	"github.com/kubeversion/kubeversion/crd"
)

func ExamplePrune() {
	var schema crd.JSONSchemaProps
	json.Unmarshal([]byte(`{"type": "object", "properties": {
	  "spec": {"type": "object", "properties": {"replicas": {"type": "integer"}}}}}`), &schema)

	var obj map[string]any
	json.Unmarshal([]byte(`{"apiVersion": "example.com/v1", "kind": "Foo", "metadata": {"name": "x"},
	  "spec": {"replicas": 1, "replica": 2}, "status": {}}`), &obj)

	fmt.Println(crd.Prune(obj, &schema))
	out, _ := json.Marshal(obj)
	fmt.Println(string(out))
	// Output:
	// [spec.replica status]
	// {"apiVersion":"example.com/v1","kind":"Foo","metadata":{"name":"x"},"spec":{"replicas":1}}
}

func ExampleCoerce() {
	var schema crd.JSONSchemaProps
	json.Unmarshal([]byte(`{"type": "object", "properties": {
	  "spec": {"type": "object", "properties": {"image": {"type": "string"}}}}}`), &schema)

	var obj map[string]any
	json.Unmarshal([]byte(`{"apiVersion": "example.com/v1", "kind": "Foo",
	  "metadata": {"name": "x", "nickname": "y"}, "spec": {"image": null, "replicas": 3}}`), &obj)
	paths, err := crd.Coerce(obj, &schema)
	out, _ := json.Marshal(obj)
	fmt.Println(paths, err)
	fmt.Println(string(out))

	obj = nil
	json.Unmarshal([]byte(`{"apiVersion": "example.com/v1", "kind": "Foo", "metadata": {"name": 1}}`), &obj)
	_, err = crd.Coerce(obj, &schema)
	fmt.Println(err)
	// Output:
	// [spec.replicas] <nil>
	// {"apiVersion":"example.com/v1","kind":"Foo","metadata":{"name":"x"},"spec":{}}
	// json: cannot unmarshal number into Go struct field ObjectMeta.name of type string
}
