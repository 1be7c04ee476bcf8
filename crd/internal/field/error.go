package field

// ErrorType is the kind of an [Error], as crd's public ErrorType.
type ErrorType uint8

// The kinds of errors the engines below crd find.
const (
	Invalid ErrorType = iota
	Required
	Forbidden
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
