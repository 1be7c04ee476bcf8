package field

import (
	"strconv"
	"strings"
)

// ErrorType is the kind of an [Error], as crd's public ErrorType.
type ErrorType uint8

// The kinds of errors the engines below crd find.
const (
	Invalid ErrorType = iota
	Required
	Forbidden
	NotSupported
	TooLong
	Duplicate
)

// Error is an error found below crd: the engines return these and crd
// turns each into its public Error, which alone knows how the API server
// prints values of its own types.
type Error struct {
	Type     ErrorType
	Field    string
	BadValue any
	Detail   string
}

// InvalidValue is an Invalid error of the value v at field.
func InvalidValue(field string, v any, detail string) Error {
	return Error{Invalid, field, v, detail}
}

// RequiredValue is a Required error at field.
func RequiredValue(field, detail string) Error {
	return Error{Required, field, "", detail}
}

// ForbiddenValue is a Forbidden error at field.
func ForbiddenValue(field, detail string) Error {
	return Error{Forbidden, field, "", detail}
}

// NotSupportedValue is an error of the value v at field, which is none
// of supported, as the server's field.NotSupported: the detail lists them
// quoted, "supported values: "Apply", "Update"".
func NotSupportedValue(field, v string, supported ...string) Error {
	quoted := make([]string, len(supported))
	for i, s := range supported {
		quoted[i] = strconv.Quote(s)
	}
	return Error{NotSupported, field, v, "supported values: " + strings.Join(quoted, ", ")}
}

// TooLongValue is an error at field of a value longer than max bytes, as
// the server's field.TooLong, which omits the value: "may not be more
// than 256 bytes".
func TooLongValue(field string, max int) Error {
	unit := "bytes"
	if max == 1 {
		unit = "byte"
	}
	return Error{TooLong, field, "<value omitted>", "may not be more than " + strconv.Itoa(max) + " " + unit}
}

// DuplicateValue is an error of the value v at field, which repeats an
// earlier one, as the server's field.Duplicate: a set's item, or the keys
// of a map list's item, {"name":"a"}.
func DuplicateValue(field string, v any) Error {
	return Error{Duplicate, field, v, ""}
}
