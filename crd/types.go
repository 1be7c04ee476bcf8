package crd

import "github.com/kubeversion/kubeversion/crd/internal/api"

// CustomResourceDefinition is an apiextensions.k8s.io/v1
// CustomResourceDefinition, with the JSON field names of the v1 API. Read
// one with [Decode], which matches field names case-sensitively and reports
// unknown fields as the API server does. For example:
//
//	c, err := crd.Decode(manifest) // JSON; convert YAML first
type CustomResourceDefinition = api.CustomResourceDefinition

// Metadata is metadata, the ObjectMeta of Kubernetes. The fields the
// server sets (uid, resourceVersion, timestamps and the like) are kept as
// they were read.
type Metadata = api.Metadata

// OwnerReference is an entry of metadata.ownerReferences.
type OwnerReference = api.OwnerReference

// ManagedField is an entry of metadata.managedFields, kept as read.
type ManagedField = api.ManagedField

// Spec is spec.
type Spec = api.Spec

// Names is spec.names, and status.acceptedNames.
type Names = api.Names

// Version is one entry of spec.versions.
type Version = api.Version

// Schema is spec.versions[].schema.
type Schema = api.Schema

// Subresources is spec.versions[].subresources.
type Subresources = api.Subresources

// StatusSubresource is spec.versions[].subresources.status, an empty
// object.
type StatusSubresource = api.StatusSubresource

// ScaleSubresource is spec.versions[].subresources.scale.
type ScaleSubresource = api.ScaleSubresource

// PrinterColumn is an entry of spec.versions[].additionalPrinterColumns.
type PrinterColumn = api.PrinterColumn

// SelectableField is an entry of spec.versions[].selectableFields.
type SelectableField = api.SelectableField

// Conversion is spec.conversion. The API server reads a missing
// spec.conversion as strategy None.
type Conversion = api.Conversion

// Webhook is spec.conversion.webhook.
type Webhook = api.Webhook

// ClientConfig is spec.conversion.webhook.clientConfig. CABundle holds
// the PEM bytes, decoded from the base64 of the manifest.
type ClientConfig = api.ClientConfig

// ServiceReference is spec.conversion.webhook.clientConfig.service. A nil
// Port means the default, 443.
type ServiceReference = api.ServiceReference

// Status is status. On create the API server replaces it; on update it
// keeps the live object's.
type Status = api.Status

// Condition is an entry of status.conditions.
type Condition = api.Condition

// JSONSchemaProps is an OpenAPI v3 schema as a CustomResourceDefinition
// holds it in spec.versions[].schema.openAPIV3Schema: the one model of a
// schema in this project, used to validate it, to prune objects by it, and
// to compare two of them. Its fields and JSON names are those of
// apiextensions.k8s.io/v1. For example, the schema
//
//	{"type": "object", "properties": {"spec": {"type": "string"}}}
//
// is
//
//	&JSONSchemaProps{Type: "object", Properties: map[string]JSONSchemaProps{"spec": {Type: "string"}}}
type JSONSchemaProps = api.JSONSchemaProps

// JSONSchemaPropsOrArray is the value of items: one schema, or (not
// allowed in a structural schema) a list of them.
type JSONSchemaPropsOrArray = api.JSONSchemaPropsOrArray

// JSONSchemaPropsOrBool is the value of additionalProperties or
// additionalItems: a boolean, or a schema, which means true.
type JSONSchemaPropsOrBool = api.JSONSchemaPropsOrBool

// JSONSchemaPropsOrStringArray is a value of dependencies: a schema, or a
// list of property names.
type JSONSchemaPropsOrStringArray = api.JSONSchemaPropsOrStringArray

// ExternalDocumentation is externalDocs.
type ExternalDocumentation = api.ExternalDocumentation

// ValidationRule is an entry of x-kubernetes-validations: a CEL rule.
// Package crd keeps the rules but does not compile them; see the package
// doc.
type ValidationRule = api.ValidationRule

// JSON is a JSON value of a schema (default, example, an entry of enum) or
// of metadata (a timestamp, managed fields), as the API server reads it:
// Value is nil, a bool, a string, an int64 (a number written without a
// fraction or exponent that fits), a float64 (any other number), a []any
// or a map[string]any. For example, the default 3 is &JSON{Value: int64(3)}
// and 3.0 is &JSON{Value: 3.0}.
type JSON = api.JSON

// The scopes of spec.scope.
const (
	NamespaceScoped = api.NamespaceScoped
	ClusterScoped   = api.ClusterScoped
)

// The conversion strategies the API server accepts.
const (
	NoneConverter    = api.NoneConverter
	WebhookConverter = api.WebhookConverter
)
