// Package openapi validates JSON values against the structural model of a
// schema as k8s.io/kube-openapi's validate package does it when the API
// server checks a default (a SchemaValidator over
// Structural.ToKubeOpenAPI): the same checks in the same order, the same
// messages, and the same match counts by which anyOf and oneOf pick the
// errors they report. For example, the value 1 against {type: string}
// gives one [Error] with the message
//
//	in body must be of type string: "integer"
//
// In scope: types and nullable, formats (through package strfmt), enum,
// minimum, maximum and multipleOf, pattern and lengths, items and their
// counts and uniqueness, properties, additionalProperties and their
// counts, required, and allOf, anyOf, oneOf and not. The schema is read as
// the server reads a structural schema converted back to OpenAPI:
// x-kubernetes-int-or-string adds no type, and additionalProperties is
// ignored inside allOf, anyOf, oneOf and not. Where the server walks a
// map in random order (the fields of an object), the validator walks it
// in sorted order.
//
// Not in scope: ObjectMeta, CEL rules, pruning and defaulting, and the
// validation of custom resources, whose schemas the server reads
// otherwise (x-kubernetes-int-or-string as the types integer and string,
// unknown formats stripped). Turning an [Error] into a field error, whose
// printing only package crd knows, is crd's business.
//
// Values are those of crd's JSON model: nil, bool, string, int64, float64,
// []any and map[string]any.
package openapi
