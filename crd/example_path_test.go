package crd_test

import (
	"fmt"
	"strings"

	"github.com/kubeversion/kubeversion/crd"
)

// steps writes path one step a line: "name spec", "key a.b", "index 0".
func steps(path []crd.PathStep) string {
	var b strings.Builder
	for _, s := range path {
		switch s.Kind {
		case crd.StepName:
			fmt.Fprintf(&b, "name %s\n", s.Name)
		case crd.StepKey:
			fmt.Fprintf(&b, "key %s\n", s.Name)
		case crd.StepIndex:
			fmt.Fprintf(&b, "index %d\n", s.Index)
		}
	}
	return b.String()
}

func ExampleError_Path() {
	c := load(manifest)
	c.Spec.Versions[1].Schema.OpenAPIV3Schema.Properties = map[string]crd.JSONSchemaProps{"a.b": {}}
	for _, err := range crd.ValidateCreate(c) {
		fmt.Println(err.Field)
		fmt.Print(steps(err.Path()))
	}
	// Output:
	// spec.versions[1].schema.openAPIV3Schema.properties[a.b].type
	// name spec
	// name versions
	// index 1
	// name schema
	// name openAPIV3Schema
	// name properties
	// key a.b
	// name type
}

func ExampleError_Path_literal() {
	// An Error written by hand has the steps of its Field.
	err := &crd.Error{Type: crd.ErrorTypeRequired, Field: "spec.names.plural"}
	fmt.Print(steps(err.Path()))
	// Output:
	// name spec
	// name names
	// name plural
}

func ExamplePathStep() {
	fmt.Print(steps([]crd.PathStep{
		{Kind: crd.StepName, Name: "metadata"},
		{Kind: crd.StepName, Name: "labels"},
		{Kind: crd.StepKey, Name: "app"},
	}))
	// Output:
	// name metadata
	// name labels
	// key app
}

func ExampleStepKind() {
	for _, s := range crd.ParsePath("versions[0].schema.properties[spec]") {
		fmt.Println(s.Kind == crd.StepName, s.Kind == crd.StepKey, s.Kind == crd.StepIndex)
	}
	// Output:
	// true false false
	// false false true
	// true false false
	// true false false
	// false true false
}

func ExampleParsePath() {
	fmt.Print(steps(crd.ParsePath("spec.versions[0].schema.openAPIV3Schema.properties[a.b].type")))
	// Output:
	// name spec
	// name versions
	// index 0
	// name schema
	// name openAPIV3Schema
	// name properties
	// key a.b
	// name type
}

func ExampleV1Path() {
	// One version, whose schema the API server keeps at the top level,
	// as spec.validation, and reports there.
	c := load(manifest)
	c.Spec.Versions = c.Spec.Versions[1:]
	c.Spec.Versions[0].Schema.OpenAPIV3Schema.Nullable = true
	for _, err := range crd.ValidateCreate(c) {
		fmt.Println(err.Field)
		fmt.Print(steps(crd.V1Path(err.Path())))
	}
	// Output:
	// spec.validation.openAPIV3Schema.nullable
	// name spec
	// name versions
	// index 0
	// name schema
	// name openAPIV3Schema
	// name nullable
}
