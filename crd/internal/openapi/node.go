package openapi

import "github.com/kubeversion/kubeversion/crd/internal/structural"

// node is one schema as the validator reads it: a [structural.Structural],
// or a [structural.Nested] under allOf, anyOf, oneOf or not, of which the
// server's conversion back to OpenAPI keeps the type, nullable and value
// validations but drops additionalProperties. Exactly one of s and n is
// set.
type node struct {
	typ      string
	nullable bool
	vv       *structural.ValueValidation // never nil
	s        *structural.Structural
	n        *structural.Nested
}

// none is the value validation of a schema that sets none.
var none structural.ValueValidation

func structuralNode(s *structural.Structural) node {
	nd := node{typ: s.Type, nullable: s.Nullable, vv: s.ValueValidation, s: s}
	if nd.vv == nil {
		nd.vv = &none
	}
	return nd
}

func nestedNode(n *structural.Nested) node {
	nd := node{typ: n.ForbiddenGenerics.Type, nullable: n.ForbiddenGenerics.Nullable, vv: n.ValueValidation, n: n}
	if nd.vv == nil {
		nd.vv = &none
	}
	return nd
}

// items returns the schema of the items, and false for none.
func (nd node) items() (node, bool) {
	switch {
	case nd.s != nil && nd.s.Items != nil:
		return structuralNode(nd.s.Items), true
	case nd.n != nil && nd.n.Items != nil:
		return nestedNode(nd.n.Items), true
	}
	return node{}, false
}

// additionalProperties returns additionalProperties as the validator
// sees it: nil when absent or in a nested schema.
func (nd node) additionalProperties() *structural.StructuralOrBool {
	if nd.s == nil {
		return nil
	}
	return nd.s.AdditionalProperties
}
