// Package structural is the structural model of a schema: what the API
// server's k8s.io/apiextensions-apiserver/pkg/apiserver/schema builds
// once from a version's openAPIV3Schema as schema.Structural, and what
// its checks, pruning, defaulting and list-type rules walk. Package crd
// builds it from its wire type JSONSchemaProps, once per schema, after
// checking that the schema can be built (no items list, no $ref, ...).
//
// In scope: the model (type, properties in name order, items,
// additionalProperties, the x-kubernetes extensions, the value
// validations and the schemas under allOf, anyOf, oneOf and not), the
// server's ValidateStructural over it, and how the engines read a
// resource root ([ResourceRoot]). Not in scope: what the wire type
// must keep and the model drops (items written as a list,
// additionalProperties false versus absent in a nested schema, the
// preserve-unknown-fields pointer); the checks of those stay on the wire
// type in crd.
package structural
