package crd

import "github.com/kubeversion/kubeversion/crd/internal/field"

// ErrorType is the kind of an [Error], as in k8s.io/apimachinery's
// field.ErrorType. Its String method gives the words the API server prints,
// for example ErrorTypeInvalid.String() == "Invalid value".
type ErrorType = field.ErrorType

// The error types the checks produce.
const (
	ErrorTypeInvalid      = field.ErrorTypeInvalid
	ErrorTypeRequired     = field.ErrorTypeRequired
	ErrorTypeForbidden    = field.ErrorTypeForbidden
	ErrorTypeNotSupported = field.ErrorTypeNotSupported
	ErrorTypeDuplicate    = field.ErrorTypeDuplicate
	ErrorTypeTooLong      = field.ErrorTypeTooLong
	ErrorTypeTooMany      = field.ErrorTypeTooMany
	// ErrorTypeTypeInvalid is a value of the wrong type, such as a default
	// that does not fit its schema; it prints as "Invalid value".
	ErrorTypeTypeInvalid = field.ErrorTypeTypeInvalid
	// ErrorTypeInternal is an error of the server itself, such as a CEL
	// rule it could not compile for want of type information; it prints
	// as "Internal error", with no value.
	ErrorTypeInternal = field.ErrorTypeInternal
)

// Error is one thing the API server would reject, as k8s.io/apimachinery's
// field.Error: the field path, the kind of error, the offending value and
// a detail. Field is the path as the server prints it; the Path method
// returns its steps (names, keys and indices), and [V1Path] where an
// internal path of the server is in the v1 document. For example:
//
//	&Error{Type: ErrorTypeInvalid, Field: "spec.versions[0].name", BadValue: "V1", Detail: "a DNS-1035 label must ..."}
//
// BadValue holds the value as this package models it: a []Version for
// spec.versions, a *JSONSchemaProps for a schema, and so on. Its Error
// method returns the message as the API server prints it,
// "<field>: <body>", for example
//
//	spec.versions[0].name: Invalid value: "V1": a DNS-1035 label must consist of ...
type Error = field.Error

// ValueOmitted is the BadValue of an error whose message shows no value,
// as field.OmitValueType in k8s.io/apimachinery: the failure of a CEL rule
// on a default prints as
//
//	spec.versions[0].schema.openAPIV3Schema.properties[spec].default: Invalid value: replicas must be positive
type ValueOmitted = field.ValueOmitted

// ErrorList is the list of errors a validation returns; nil means valid.
type ErrorList = field.ErrorList
