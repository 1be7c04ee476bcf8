package crd_test

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/kubeversion/kubeversion/crd"
)

// widgets is a CRD whose one version's schema has spec.replicas, an
// integer of at least 0 that defaults to 1, and a CEL rule on spec.
const widgets = `{
  "apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
  "metadata": {"name": "widgets.example.com"},
  "spec": {"group": "example.com", "scope": "Namespaced",
    "names": {"plural": "widgets", "singular": "widget", "kind": "Widget", "listKind": "WidgetList"},
    "versions": [{"name": "v1", "served": true, "storage": true,
      "schema": {"openAPIV3Schema": {"type": "object", "properties": {
        "spec": {"type": "object",
          "x-kubernetes-validations": [{"rule": "self.replicas < 100"}],
          "properties": {"replicas": {"type": "integer", "minimum": 0, "default": 1}}}}}}}]}}`

func ExampleValidateObject() {
	c, _ := crd.Decode([]byte(widgets))
	res, err := crd.ValidateObject(c, []byte(`{"apiVersion": "example.com/v1", "kind": "Widget",
	  "metadata": {"name": "w"}, "spec": {"replicas": -1, "colour": "red"}}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Strict)
	for _, e := range res.Errors {
		fmt.Println(e)
	}

	res, _ = crd.ValidateObject(c, []byte(`{"apiVersion": "example.com/v1", "kind": "Widget",
	  "metadata": {"name": "w"}, "spec": {}}`))
	stored, _ := json.Marshal(res.Object)
	fmt.Println(string(stored))
	fmt.Println("CEL rules not evaluated:", res.UncheckedRules)
	// Output:
	// [unknown field "spec.colour"]
	// spec.replicas: Invalid value: -1: spec.replicas in body should be greater than or equal to 0
	// {"apiVersion":"example.com/v1","kind":"Widget","metadata":{"generation":1,"name":"w","namespace":"default"},"spec":{"replicas":1}}
	// CEL rules not evaluated: 1
}

func ExampleValidateObjectUpdate() {
	c, _ := crd.Decode([]byte(widgets))
	old := `{"apiVersion": "example.com/v1", "kind": "Widget",
	  "metadata": {"name": "w", "namespace": "default", "generation": 1, "resourceVersion": "7"}, "spec": {"replicas": 1}}`
	res, _ := crd.ValidateObjectUpdate(c, []byte(`{"apiVersion": "example.com/v1", "kind": "Widget",
	  "metadata": {"name": "w", "resourceVersion": "7"}, "spec": {"replicas": 2}}`), []byte(old))
	stored, _ := json.Marshal(res.Object)
	fmt.Println(string(stored))

	res, _ = crd.ValidateObjectUpdate(c, []byte(`{"apiVersion": "example.com/v1", "kind": "Widget",
	  "metadata": {"name": "w"}, "spec": {"replicas": 2}}`), []byte(old))
	fmt.Println(res.Errors)
	// Output:
	// {"apiVersion":"example.com/v1","kind":"Widget","metadata":{"generation":2,"name":"w","namespace":"default"},"spec":{"replicas":2}}
	// metadata.resourceVersion: Invalid value: 0: must be specified for an update
}

func ExampleErrLiveObject() {
	c, _ := crd.Decode([]byte(widgets))
	_, err := crd.ValidateObjectUpdate(c, []byte(`{"apiVersion": "example.com/v1", "kind": "Widget",
	  "metadata": {"name": "w"}, "spec": {}}`), []byte(`not JSON`))
	fmt.Println(errors.Is(err, crd.ErrLiveObject))
	// Output:
	// true
}

// replicasBelow100 is a stand-in for the evaluator of the module
// github.com/kubeversion/kubeversion/cel, which evaluates rules with
// Kubernetes' code: it judges the one rule of widgets by hand.
type replicasBelow100 struct{}

func (replicasBelow100) EvaluateCEL(o *crd.CELObject) (crd.ErrorList, []string) {
	spec, _ := o.Object["spec"].(map[string]any)
	if n, _ := spec["replicas"].(int64); n >= 100 {
		return crd.ErrorList{{Type: crd.ErrorTypeInvalid, Field: "spec", BadValue: "object", Detail: "failed rule: self.replicas < 100"}}, nil
	}
	return nil, nil
}

func ExampleObjectValidator() {
	c, _ := crd.Decode([]byte(widgets))
	v := crd.ObjectValidator{CEL: replicasBelow100{}}
	res, _ := v.ValidateObject(c, []byte(`{"apiVersion": "example.com/v1", "kind": "Widget",
	  "metadata": {"name": "w"}, "spec": {"replicas": 200}}`))
	fmt.Println(res.Errors, res.UncheckedRules)
	// Output:
	// spec: Invalid value: "object": failed rule: self.replicas < 100 0
}

func ExampleNewObjectValidator() {
	c, _ := crd.Decode([]byte(widgets))
	v := crd.NewObjectValidator(nil)
	for _, replicas := range []string{"1", "-1", `"2"`} {
		res, _ := v.ValidateObject(c, []byte(`{"apiVersion": "example.com/v1", "kind": "Widget",
		  "metadata": {"name": "w"}, "spec": {"replicas": `+replicas+`}}`))
		fmt.Println(replicas, len(res.Errors) == 0)
	}
	// Output:
	// 1 true
	// -1 false
	// "2" false
}
