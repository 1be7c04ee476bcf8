package field

import (
	"strconv"
	"strings"
)

// NewError is an error of type t of the value v at path, with detail:
// its Field is path written out, or "<nil>" for a nil path, as the API
// server prints its nil path.
func NewError(t ErrorType, path *Path, v any, detail string) *Error {
	return &Error{Type: t, Field: path.fieldString(), BadValue: v, Detail: detail, path: path}
}

// Invalid is an Invalid error of the value v at path.
func Invalid(path *Path, v any, detail string) *Error {
	return NewError(ErrorTypeInvalid, path, v, detail)
}

// TypeInvalid is an error of the value v at path, of the wrong type.
func TypeInvalid(path *Path, v any, detail string) *Error {
	return NewError(ErrorTypeTypeInvalid, path, v, detail)
}

// Required is a Required error at path.
func Required(path *Path, detail string) *Error {
	return NewError(ErrorTypeRequired, path, "", detail)
}

// Forbidden is a Forbidden error at path.
func Forbidden(path *Path, detail string) *Error {
	return NewError(ErrorTypeForbidden, path, "", detail)
}

// NotSupported is an error of the value v at path, which is none of
// supported, as the server's field.NotSupported: the detail lists them
// quoted, "supported values: "Apply", "Update"".
func NotSupported(path *Path, v any, supported ...string) *Error {
	quoted := make([]string, len(supported))
	for i, s := range supported {
		quoted[i] = strconv.Quote(s)
	}
	return NewError(ErrorTypeNotSupported, path, v, "supported values: "+strings.Join(quoted, ", "))
}

// Duplicate is an error of the value v at path, which repeats an earlier
// one, as the server's field.Duplicate: a set's item, or the keys of a
// map list's item, {"name":"a"}.
func Duplicate(path *Path, v any) *Error {
	return NewError(ErrorTypeDuplicate, path, v, "")
}

// TooLong is an error at path of a value longer than max bytes, as the
// server's field.TooLong, which omits the value: "may not be more than
// 256 bytes".
func TooLong(path *Path, max int) *Error {
	unit := "bytes"
	if max == 1 {
		unit = "byte"
	}
	return NewError(ErrorTypeTooLong, path, "<value omitted>", "may not be more than "+strconv.Itoa(max)+" "+unit)
}

// TooMany is an error at path of a list of actual items, more than max,
// as the server's field.TooMany: "must have at most 3 items".
func TooMany(path *Path, actual, max int) *Error {
	unit := "items"
	if max == 1 {
		unit = "item"
	}
	return NewError(ErrorTypeTooMany, path, actual, "must have at most "+strconv.Itoa(max)+" "+unit)
}

// Path returns the steps of e's field, from the first: names, keys and
// indices. An error of this module's engines has them from the path it
// was built with; an Error written as a literal, or whose Field was
// changed since, has them read from Field, as [ParsePath] reads it; the
// field "<nil>", where the server reports an error at the root of an
// object, has none. For
// example, the error at "spec.versions[0].schema.openAPIV3Schema.properties[a.b]"
// has the names spec and versions, the index 0, the names schema,
// openAPIV3Schema and properties, and the key a.b.
func (e *Error) Path() []PathStep {
	if e.path.fieldString() == e.Field {
		return e.path.Steps()
	}
	return ParsePath(e.Field)
}
