// Package openapi validates JSON values against the structural model of a
// schema as k8s.io/kube-openapi's validate package does it in the API
// server: the same checks in the same order, the same messages, and the
// same match counts by which anyOf and oneOf pick the errors they report.
// For example, the value 1 against {type: string} gives one [Error] with
// the message
//
//	in body must be of type string: "integer"
//
// In scope: types and nullable, formats (through package strfmt), enum,
// minimum, maximum and multipleOf, pattern and lengths, items and their
// counts and uniqueness, properties, additionalProperties and their
// counts, required, and allOf, anyOf, oneOf and not; and the ratcheting
// of an update ([Validator.ValidateUpdate]). Where the server walks a map
// in random order (the fields of an object), the validator walks it in
// sorted order.
//
// # Two modes
//
// The server reads a schema in two ways, and a [Validator] reads it as
// its field CustomResource says.
//
// Defaults (the zero Validator): a SchemaValidator over
// Structural.ToKubeOpenAPI, as the server checks the defaults of a CRD.
// x-kubernetes-int-or-string adds no type, every format is kept (a format
// kube-openapi does not know still excuses a string or a list from the
// type check, and still makes it check the type of other values), and
// additionalProperties is ignored inside allOf, anyOf, oneOf and not.
//
// Custom resources (CustomResource set): the validator that
// NewSchemaValidator builds for the objects of a CRD, over the schema
// converted by ConvertJSONSchemaPropsWithPostProcess with
// StripUnsupportedFormatsPostProcessorForVersion at the compatibility
// version of a 1.37 server, 1.36. x-kubernetes-int-or-string says the
// types integer and string, so that true gives
//
//	in body must be of type integer,string: "boolean"
//
// and null the same with "null" unless nullable. Formats are kept only
// where the server supports them: for a schema of type string, of no
// type, or int-or-string, the formats of package strfmt (Kubernetes 1.0's
// and, since 1.34, k8s-short-name and k8s-long-name; names match without
// dashes); int32 and int64 for an integer; float and double for a number;
// none for a boolean, an array or an object. The server would also keep
// additionalProperties inside allOf, anyOf, oneOf and not, but a
// structural schema has none there. Nullable reads the same in both
// modes.
//
// # Not in scope
//
// ObjectMeta, CEL rules, pruning and defaulting (the server prunes, and
// drops the nulls of fields that are not nullable and have no default,
// before it validates), list types and map keys beyond correlation, and
// the checks of the server outside the schema (kind, apiVersion, scale).
// Turning an [Error] into a field error, whose printing only package crd
// knows, is crd's business.
//
// Values are those of crd's JSON model: nil, bool, string, int64, float64,
// []any and map[string]any.
package openapi
