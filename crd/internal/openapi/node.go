package openapi

import "github.com/kubeversion/kubeversion/crd/internal/structural"

// node is one schema as the validator reads it: a [structural.Structural],
// or a [structural.Nested] under allOf, anyOf, oneOf or not, of which the
// server's conversion back to OpenAPI keeps the type, nullable and value
// validations but drops additionalProperties. Exactly one of s and n is
// set. format is the format the validator checks (in the custom-resource
// mode, what the server's conversion leaves of it), intOrString reports
// the types integer and string that the custom-resource mode reads in
// x-kubernetes-int-or-string, and corr is the old value the node is
// correlated with when ratcheting (nil for none).
type node struct {
	typ         string
	nullable    bool
	intOrString bool
	format      string
	vv          *structural.ValueValidation // never nil
	s           *structural.Structural
	n           *structural.Nested
	corr        *correlated
}

// none is the value validation of a schema that sets none.
var none structural.ValueValidation

func (v *Validator) structuralNode(s *structural.Structural) node {
	nd := node{typ: s.Type, nullable: s.Nullable, vv: s.ValueValidation, s: s}
	return v.finish(nd, s.XIntOrString)
}

func (v *Validator) nestedNode(n *structural.Nested) node {
	nd := node{typ: n.ForbiddenGenerics.Type, nullable: n.ForbiddenGenerics.Nullable, vv: n.ValueValidation, n: n}
	return v.finish(nd, n.ForbiddenExtensions.XIntOrString)
}

// finish sets the value validation, format and types of nd as the mode
// of v reads them.
func (v *Validator) finish(nd node, intOrString bool) node {
	if nd.vv == nil {
		nd.vv = &none
	}
	nd.format = nd.vv.Format
	if v.CustomResource {
		if intOrString {
			nd.typ, nd.intOrString = "", true
		}
		nd.format = resourceFormat(nd.typ, nd.intOrString, nd.format)
	}
	return nd
}

// items returns the schema of the items of nd, and false for none.
func (v *Validator) items(nd node) (node, bool) {
	switch {
	case nd.s != nil && nd.s.Items != nil:
		return v.structuralNode(nd.s.Items), true
	case nd.n != nil && nd.n.Items != nil:
		return v.nestedNode(nd.n.Items), true
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

// hasType reports whether the schema of nd says the type typ: its type,
// or integer and string for x-kubernetes-int-or-string in the
// custom-resource mode.
func (nd node) hasType(typ string) bool {
	if nd.intOrString {
		return typ == "integer" || typ == "string"
	}
	return typ != "" && nd.typ == typ
}

// typed reports whether the schema of nd says a type.
func (nd node) typed() bool {
	return nd.typ != "" || nd.intOrString
}

// typeName is the type of nd as kube-openapi writes it in messages, the
// types joined by commas: "integer,string" for int-or-string.
func (nd node) typeName() string {
	if nd.intOrString {
		return "integer,string"
	}
	return nd.typ
}
