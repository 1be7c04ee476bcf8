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
