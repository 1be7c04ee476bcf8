package field

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/kubeversion/kubeversion/crd/internal/api"
)

// ErrorType is the kind of an [Error], as in k8s.io/apimachinery's
// field.ErrorType. Its String method gives the words the API server prints,
// for example ErrorTypeInvalid.String() == "Invalid value".
type ErrorType string

// The error types the checks produce.
const (
	ErrorTypeInvalid      ErrorType = "FieldValueInvalid"
	ErrorTypeRequired     ErrorType = "FieldValueRequired"
	ErrorTypeForbidden    ErrorType = "FieldValueForbidden"
	ErrorTypeNotSupported ErrorType = "FieldValueNotSupported"
	ErrorTypeDuplicate    ErrorType = "FieldValueDuplicate"
	ErrorTypeTooLong      ErrorType = "FieldValueTooLong"
	ErrorTypeTooMany      ErrorType = "FieldValueTooMany"
	// ErrorTypeTypeInvalid is a value of the wrong type, such as a default
	// that does not fit its schema; it prints as "Invalid value".
	ErrorTypeTypeInvalid ErrorType = "FieldValueTypeInvalid"
	// ErrorTypeInternal is an error of the server itself, such as a CEL
	// rule it could not compile for want of type information; it prints
	// as "Internal error", with no value.
	ErrorTypeInternal ErrorType = "InternalError"
)

// String returns the words the API server prints for t: "Invalid value"
// (for ErrorTypeInvalid and ErrorTypeTypeInvalid), "Required value",
// "Forbidden", "Unsupported value", "Duplicate value", "Too long", "Too
// many" or "Internal error".
func (t ErrorType) String() string {
	switch t {
	case ErrorTypeInvalid, ErrorTypeTypeInvalid:
		return "Invalid value"
	case ErrorTypeRequired:
		return "Required value"
	case ErrorTypeForbidden:
		return "Forbidden"
	case ErrorTypeNotSupported:
		return "Unsupported value"
	case ErrorTypeDuplicate:
		return "Duplicate value"
	case ErrorTypeTooLong:
		return "Too long"
	case ErrorTypeTooMany:
		return "Too many"
	case ErrorTypeInternal:
		return "Internal error"
	}
	return string(t)
}

// Error is one thing the API server would reject, as k8s.io/apimachinery's
// field.Error: the field path, the kind of error, the offending value and
// a detail. Field is the path written out, as the server prints it; the
// [Error.Path] method returns its steps. For example:
//
//	&Error{Type: ErrorTypeInvalid, Field: "spec.versions[0].name", BadValue: "V1", Detail: "a DNS-1035 label must ..."}
//
// BadValue holds the value as this package models it: a []Version for
// spec.versions, a *JSONSchemaProps for a schema, and so on.
type Error struct {
	Type     ErrorType
	Field    string
	BadValue any
	Detail   string

	// path is the path that Field writes out, when the error was built
	// from one; nil for an Error literal.
	path *Path

	// hoisting is, for a BadValue that is a list of versions, what the
	// server's conversion kept at the top level when the validation
	// began: validating defaults can make schemas that differed equal,
	// and the list prints as the server converted it before. Nil means
	// what the list shares when it is printed.
	hoisting *api.Hoisting
}

// Error returns the message as the API server prints it, "<field>: <body>",
// for example
//
//	spec.versions[0].name: Invalid value: "V1": a DNS-1035 label must consist of ...
//
// A string value prints quoted as by %q, a number or a boolean as by %v.
// Anything else prints as the API server prints it, as the JSON of its
// internal Go type: a list of versions as
//
//	[{"Name":"v1","Served":true,"Storage":true,"Deprecated":false,"DeprecationWarning":null,"Schema":null,...}]
//
// where a schema, subresources, printer columns or selectable fields that
// are the same in every version are null, because the server keeps them
// once at the top level. A Required, Forbidden or Too long error prints no
// value, nor does an error whose BadValue is [ValueOmitted].
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.Field)
	b.WriteString(": ")
	b.WriteString(e.Type.String())
	switch e.Type {
	case ErrorTypeInvalid, ErrorTypeTypeInvalid, ErrorTypeNotSupported, ErrorTypeDuplicate, ErrorTypeTooMany:
		if _, omitted := e.BadValue.(ValueOmitted); !omitted {
			b.WriteString(": ")
			writeValue(&b, e.BadValue, e.hoisting)
		}
	}
	if e.Detail != "" {
		b.WriteString(": ")
		b.WriteString(e.Detail)
	}
	return b.String()
}

// writeValue prints v as field.Error's ErrorBody does; h, if not nil, is
// the hoisting of a list of versions.
func writeValue(b *strings.Builder, v any, h *api.Hoisting) {
	switch v := v.(type) {
	case string:
		b.WriteString(strconv.Quote(v))
		return
	case int64, int32, float64, float32, bool:
		fmt.Fprint(b, v)
		return
	}
	j, err := json.Marshal(internalValue(v, h))
	if err != nil {
		j = []byte(fmt.Sprintf("%#v", v))
	}
	b.Write(j)
}

// ValueOmitted is the BadValue of an error whose message shows no value,
// as field.OmitValueType in k8s.io/apimachinery: the failure of a CEL rule
// on a default prints as
//
//	spec.versions[0].schema.openAPIV3Schema.properties[spec].default: Invalid value: replicas must be positive
type ValueOmitted struct{}

// ErrorList is the list of errors a validation returns; nil means valid.
type ErrorList []*Error

// Error joins the messages of the list with "; ", or returns "" for an
// empty list.
func (list ErrorList) Error() string {
	msgs := make([]string, len(list))
	for i, e := range list {
		msgs[i] = e.Error()
	}
	return strings.Join(msgs, "; ")
}

// SetHoisting records on e, whose BadValue is a list of versions, what
// the API server's conversion kept at the top level of the spec when the
// validation began, so that the list prints as the server converted it.
func SetHoisting(e *Error, h *api.Hoisting) {
	e.hoisting = h
}
