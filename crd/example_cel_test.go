package crd_test

import (
	"fmt"

	"github.com/kubeversion/kubeversion/crd"
)

// ruleCRD is a CRD whose spec has one CEL rule.
const ruleCRD = `{"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
 "metadata": {"name": "gadgets.example.com"},
 "spec": {"group": "example.com", "scope": "Namespaced", "names": {"plural": "gadgets", "kind": "Gadget"},
  "versions": [{"name": "v1", "served": true, "storage": true, "schema": {"openAPIV3Schema": {
   "type": "object", "properties": {"spec": {"type": "object",
    "properties": {"replicas": {"type": "integer"}},
    "x-kubernetes-validations": [{"rule": "self.replicas >= 0"}]}}}}}]}}`

// listRules is a CELChecker that compiles nothing: it reports each schema
// it is asked about, to show where a Validator calls its checker.
type listRules struct{}

func (listRules) CheckCEL(s *crd.CELSchema) crd.ErrorList {
	fmt.Printf("rules of %s (version %s)\n", s.Field, s.Version)
	return nil
}

func (listRules) DefaultErrors(s *crd.CELSchema) crd.ErrorList {
	fmt.Printf("defaults of %s\n", s.Field)
	return nil
}

func ExampleValidator() {
	c, err := crd.Decode([]byte(ruleCRD))
	if err != nil {
		panic(err)
	}
	v := crd.Validator{CEL: listRules{}}
	fmt.Println(len(v.ValidateCreate(c)), "errors")
	fmt.Println(crd.CountCELRules(c), "rule, unchecked without a checker")
	// Output:
	// defaults of spec.validation.openAPIV3Schema
	// rules of spec.validation.openAPIV3Schema (version v1)
	// 0 errors
	// 1 rule, unchecked without a checker
}

func ExampleCELChecker() {
	c, err := crd.Decode([]byte(ruleCRD))
	if err != nil {
		panic(err)
	}
	var checker crd.CELChecker = listRules{}
	crd.Validator{CEL: checker}.ValidateUpdate(c, c)
	// Output:
	// defaults of spec.validation.openAPIV3Schema
	// rules of spec.validation.openAPIV3Schema (version v1)
}

func ExampleCELSchema() {
	c, err := crd.Decode([]byte(ruleCRD))
	if err != nil {
		panic(err)
	}
	s := &crd.CELSchema{
		Field:   "spec.validation.openAPIV3Schema", // one version: the server hoists its schema
		Schema:  c.Spec.Versions[0].Schema.OpenAPIV3Schema,
		Version: "v1",
		CRD:     c,
	}
	fmt.Println(s.Schema.Properties["spec"].XValidations[0].Rule)
	// Output: self.replicas >= 0
}

func ExampleValueOmitted() {
	e := &crd.Error{Type: crd.ErrorTypeInvalid, Field: "spec.versions[0].schema.openAPIV3Schema.properties[spec].default",
		BadValue: crd.ValueOmitted{}, Detail: "replicas must be positive"}
	fmt.Println(e)
	// Output: spec.versions[0].schema.openAPIV3Schema.properties[spec].default: Invalid value: replicas must be positive
}
