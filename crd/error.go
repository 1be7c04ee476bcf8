package crd

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// ErrorType is the kind of an [Error], as in k8s.io/apimachinery's
// field.ErrorType. Its String method gives the words the API server prints,
// for example ErrorTypeInvalid.String() == "Invalid value".
type ErrorType string

// The error types the version rules produce.
const (
	ErrorTypeInvalid      ErrorType = "FieldValueInvalid"
	ErrorTypeRequired     ErrorType = "FieldValueRequired"
	ErrorTypeForbidden    ErrorType = "FieldValueForbidden"
	ErrorTypeNotSupported ErrorType = "FieldValueNotSupported"
	ErrorTypeDuplicate    ErrorType = "FieldValueDuplicate"
)

// String returns the words the API server prints for t: "Invalid value",
// "Required value", "Forbidden", "Unsupported value" or "Duplicate value".
func (t ErrorType) String() string {
	switch t {
	case ErrorTypeInvalid:
		return "Invalid value"
	case ErrorTypeRequired:
		return "Required value"
	case ErrorTypeForbidden:
		return "Forbidden"
	case ErrorTypeNotSupported:
		return "Unsupported value"
	case ErrorTypeDuplicate:
		return "Duplicate value"
	}
	return string(t)
}

// Error is one thing the API server would reject, as k8s.io/apimachinery's
// field.Error: the field path, the kind of error, the offending value and
// a detail. For example:
//
//	&Error{Type: ErrorTypeInvalid, Field: "spec.versions[0].name", BadValue: "V1", Detail: "a DNS-1035 label must ..."}
type Error struct {
	Type     ErrorType
	Field    string
	BadValue any
	Detail   string
}

// Error returns the message as the API server prints it, "<field>: <body>",
// for example
//
//	spec.versions[0].name: Invalid value: "V1": a DNS-1035 label must consist of ...
//
// A string value prints quoted as by %q, a number as by %v, anything else
// as JSON.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.Field)
	b.WriteString(": ")
	b.WriteString(e.Type.String())
	switch e.Type {
	case ErrorTypeInvalid, ErrorTypeNotSupported, ErrorTypeDuplicate:
		b.WriteString(": ")
		switch v := e.BadValue.(type) {
		case string:
			b.WriteString(strconv.Quote(v))
		case int32, int64, bool:
			fmt.Fprint(&b, v)
		default:
			j, err := json.Marshal(v)
			if err != nil {
				j = []byte(fmt.Sprintf("%#v", v))
			}
			b.Write(j)
		}
	}
	if e.Detail != "" {
		b.WriteString(": ")
		b.WriteString(e.Detail)
	}
	return b.String()
}

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

func invalid(field string, value any, detail string) *Error {
	return &Error{ErrorTypeInvalid, field, value, detail}
}

func required(field, detail string) *Error {
	return &Error{ErrorTypeRequired, field, "", detail}
}

func forbidden(field, detail string) *Error {
	return &Error{ErrorTypeForbidden, field, "", detail}
}
