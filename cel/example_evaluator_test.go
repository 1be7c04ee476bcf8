package cel_test

import (
	"fmt"

	"github.com/kubeversion/kubeversion/cel"
	"github.com/kubeversion/kubeversion/crd"
)

// gadget returns a Gadget whose spec is spec, as package crd's JSON
// model holds it.
func gadget(spec string) map[string]any {
	var j crd.JSON
	if err := j.UnmarshalJSON([]byte(`{"apiVersion": "example.com/v1", "kind": "Gadget", "metadata": {"name": "g"}, "spec": ` + spec + `}`)); err != nil {
		panic(err)
	}
	return j.Value.(map[string]any)
}

func ExampleNewEvaluator() {
	c := gadgets("self.replicas >= 0", "")
	errs, _ := cel.NewEvaluator().EvaluateCEL(&crd.CELObject{
		CRD: c, Version: "v1", Schema: c.Spec.Versions[0].Schema.OpenAPIV3Schema,
		Object: gadget(`{"replicas": -1}`),
	})
	fmt.Println(errs)
	// Output: spec: Invalid value: failed rule: self.replicas >= 0
}

// On update, ratcheting lets a value that breaks a rule through if it did
// not change, with a warning.
func ExampleEvaluator() {
	var e cel.Evaluator // ready to use
	c := gadgets("self.replicas >= 0", "")
	for _, replicas := range []string{"-1", "-2"} {
		errs, warnings := e.EvaluateCEL(&crd.CELObject{
			CRD: c, Version: "v1", Schema: c.Spec.Versions[0].Schema.OpenAPIV3Schema,
			Object: gadget(`{"replicas": ` + replicas + `}`),
			Old:    gadget(`{"replicas": -1}`),
		})
		fmt.Printf("%s: errors %q, warnings %q\n", replicas, errs.Error(), warnings)
	}
	// Output:
	// -1: errors "", warnings ["spec: Invalid value: failed rule: self.replicas >= 0"]
	// -2: errors "spec: Invalid value: failed rule: self.replicas >= 0", warnings []
}

func ExampleEvaluator_EvaluateCEL() {
	c := gadgets("self.replicas >= oldSelf.replicas", "")
	rules := c.Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"].XValidations
	rules[0].MessageExpression = "'may not go down to ' + string(self.replicas)"
	rules[0].FieldPath = ".replicas"
	reason := "FieldValueForbidden"
	rules[0].Reason = &reason
	o := &crd.CELObject{
		CRD: c, Version: "v1", Schema: c.Spec.Versions[0].Schema.OpenAPIV3Schema,
		Object: gadget(`{"replicas": 1}`),
	}
	e := cel.NewEvaluator()
	errs, _ := e.EvaluateCEL(o)
	fmt.Println("on create, the transition rule is not run:", len(errs), "errors")
	o.Old = gadget(`{"replicas": 2}`)
	errs, _ = e.EvaluateCEL(o)
	fmt.Println(errs)
	// Output:
	// on create, the transition rule is not run: 0 errors
	// spec.replicas: Forbidden: may not go down to 1
}
