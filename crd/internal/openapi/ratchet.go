package openapi

import "github.com/kubeversion/kubeversion/crd/internal/structural"

// ValidateUpdate returns the errors of x against s, as [Validator.Validate]
// does, except those the API server ratchets when x replaces old: the
// errors of a value correlated with an old value it equals. For example,
// with s {type: object, properties: {a: {type: string, maxLength: 1}, b:
// {type: string, maxLength: 1}}}, the update of {a: "xx", b: "x"} to {a:
// "xx", b: "yy"} gives the error of b only.
//
// This is RatchetingSchemaValidator.ValidateUpdate with the correlation
// the server builds over the structural schema (see [correlated]): each
// value correlated with an old one is validated, and when it has errors
// and equals the old value, the errors are dropped, the match counts
// kept. Properties and additionalProperties correlate by name, items of
// lists of type map by their keys; items of other lists do not
// correlate, so that such a list is ratcheted as a whole. Below allOf,
// anyOf, oneOf and not nothing correlates: the errors found there, and
// those of the composition itself, are dropped only with the value that
// holds the composition, when it equals its old value. At the root, the
// fields kind and apiVersion do not correlate.
func (v *Validator) ValidateUpdate(x, old any, s *structural.Structural) []Error {
	if s == nil {
		return nil
	}
	nd := v.structuralNode(s)
	nd.corr = &correlated{value: x, old: old, schema: s}
	return v.validate(x, nd, "").errs
}

// validate validates x against nd at path and, when nd is correlated
// with an old value that x equals, drops the errors.
func (v *Validator) validate(x any, nd node, path string) *result {
	r := v.validateNode(x, nd, path)
	if nd.corr == nil || r.valid() || !nd.corr.isEqual() {
		return r
	}
	return &result{match: r.match}
}

// propertyNode returns the node of the field k of the value at path,
// against s, correlated as the field of the value of nd.
func (v *Validator) propertyNode(nd node, k string, s *structural.Structural, path string) node {
	child := v.structuralNode(s)
	if path != "" || k != "kind" && k != "apiVersion" {
		child.corr = nd.corr.key(k)
	}
	return child
}
