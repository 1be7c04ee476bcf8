package cel_test

import (
	"fmt"
	"strings"

	"github.com/kubeversion/kubeversion/cel"
	"github.com/kubeversion/kubeversion/crd"
)

// gadgets returns a CRD whose spec has the CEL rule rule and, unless def
// is "", defaults to {"replicas": def}.
func gadgets(rule, def string) *crd.CustomResourceDefinition {
	if def != "" {
		def = `"default": {"replicas": ` + def + `}, `
	}
	c, err := crd.Decode([]byte(`{"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
 "metadata": {"name": "gadgets.example.com"},
 "spec": {"group": "example.com", "scope": "Namespaced", "names": {"plural": "gadgets", "kind": "Gadget"},
  "versions": [{"name": "v1", "served": true, "storage": true, "schema": {"openAPIV3Schema": {
   "type": "object", "properties": {"spec": {"type": "object", ` + def + `
    "properties": {"replicas": {"type": "integer"}},
    "x-kubernetes-validations": [{"rule": ` + fmt.Sprintf("%q", rule) + `}]}}}}}]}}`))
	if err != nil {
		panic(err)
	}
	return c
}

func ExampleNewChecker() {
	v := crd.Validator{CEL: cel.NewChecker()}
	for _, e := range v.ValidateCreate(gadgets("self.replicas >= 'one'", "")) {
		fmt.Println(e)
	}
	// With a default, the server reports the same compile error at the
	// default, where it runs the rule first, and compiles no rule.
	for _, e := range v.ValidateCreate(gadgets("self.replicas >= 'one'", "1")) {
		fmt.Println(e.Field)
	}
	// Output:
	// spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule: Invalid value: {"Rule":"self.replicas \u003e= 'one'","Message":"","MessageExpression":"","Reason":null,"FieldPath":"","OptionalOldSelf":null}: compilation failed: ERROR: <input>:1:15: found no matching overload for '_>=_' applied to '(int, string)'
	//  | self.replicas >= 'one'
	//  | ..............^
	// spec.validation.openAPIV3Schema.properties[spec].default
}

func ExampleChecker() {
	v := crd.Validator{CEL: cel.NewChecker()}
	fmt.Println(len(v.ValidateCreate(gadgets("self.replicas >= 0", "1"))), "errors")
	// Output: 0 errors
}

func ExampleChecker_CheckCEL() {
	c := gadgets("oldSelf.replicas <= self.replicas", "1")
	errs := cel.NewChecker().CheckCEL(&crd.CELSchema{
		Field:   "spec.validation.openAPIV3Schema",
		Schema:  c.Spec.Versions[0].Schema.OpenAPIV3Schema,
		Version: "v1",
		CRD:     c,
	})
	fmt.Println(len(errs), "errors: a transition rule on an object compiles")
	// Output: 0 errors: a transition rule on an object compiles
}

func ExampleChecker_DefaultErrors() {
	c := gadgets("self.replicas < 3", "5")
	errs := cel.NewChecker().DefaultErrors(&crd.CELSchema{
		Field:   "spec.validation.openAPIV3Schema",
		Schema:  c.Spec.Versions[0].Schema.OpenAPIV3Schema,
		Version: "v1",
		CRD:     c,
	})
	fmt.Println(errs)
	// Output: spec.validation.openAPIV3Schema.properties[spec].default: Invalid value: failed rule: self.replicas < 3
}

func ExampleNewCheckerFor() {
	c := gadgets("!has(self.host) || isIP(self.host)", "")
	c.Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"].Properties["host"] = crd.JSONSchemaProps{Type: "string", MaxLength: ptr(int64(64))}
	for _, minor := range []int{30, 31} {
		checker, err := cel.NewCheckerFor(minor)
		if err != nil {
			panic(err)
		}
		verdict := "accepts it"
		if errs := (crd.Validator{CEL: checker}).ValidateCreate(c); len(errs) > 0 {
			verdict = "rejects it: " + errs[0].Detail[:strings.Index(errs[0].Detail, "\n")]
		}
		fmt.Printf("Kubernetes 1.%d %s\n", checker.Release(), verdict)
	}
	// Output:
	// Kubernetes 1.30 rejects it: compilation failed: ERROR: <input>:1:24: undeclared reference to 'isIP' (in container '')
	// Kubernetes 1.31 accepts it
}

func ExampleChecker_Release() {
	fmt.Println(cel.NewChecker().Release() == cel.Newest, cel.Newest)
	// Output: true 37
}

func ExampleChecker_Requirements() {
	c := gadgets("self.replicas >= 0 && (!has(self.host) || isIP(self.host))", "")
	c.Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"].Properties["host"] = crd.JSONSchemaProps{Type: "string", MaxLength: ptr(int64(64))}
	for _, r := range cel.NewChecker().Requirements(c) {
		fmt.Println(r.Field)
		fmt.Println(r)
	}
	// Output:
	// spec.versions[0].schema.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule
	// needs Kubernetes 1.31 or later: Kubernetes 1.31 added the ip and cidr libraries; Kubernetes 1.30 says: undeclared reference to 'isIP' (in container '')
}

func ptr[T any](v T) *T { return &v }
