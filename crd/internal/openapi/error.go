package openapi

import (
	"strings"

	"github.com/kubeversion/kubeversion/crd/internal/field"
)

// Code is the kind of an [Error]: kube-openapi's errors.Validation code,
// which decides how the API server turns the error into a field error.
type Code uint8

// The codes of errors, as the server tells them apart.
const (
	// Plain is an error that is no errors.Validation: those of allOf,
	// anyOf, oneOf and not, and of a bound that does not fit its type.
	// The server reports it at the path of the value checked, as
	// Invalid with the value "".
	Plain Code = iota
	// InvalidType is a value of the wrong type or format: TypeInvalid.
	InvalidType
	// Required is a missing required field.
	Required
	// TooLong is a string longer than maxLength: Limit holds maxLength.
	TooLong
	// Enum is a value outside the enum: Values holds the enum.
	Enum
	// MaxItems is a list longer than maxItems: Actual and Limit.
	MaxItems
	// TooManyProperties is an object with more than maxProperties
	// fields: Actual and Limit.
	TooManyProperties
	// Other is any other errors.Validation, which the server reports as
	// Invalid with the value.
	Other
)

// Error is one error of the validator. Name is the path of the value as
// the validator writes it in messages: "" at the root, "spec.a", ".k"
// below additionalProperties at the root, "[0]" for an item of the root.
// Value is the offending value (nil for none), Limit and Actual the
// numbers of the codes that have them, Values the enum, and Message the
// whole message, by which the validator drops repeated errors.
type Error struct {
	Code    Code
	Name    string
	Value   any
	Limit   int64
	Actual  int64
	Values  []any
	Message string
}

// Field returns the path of the field the server reports e at, for a
// value at root: root itself for a [Plain] error or one at the value's
// root, else Name below root, as one child (see [field.Path.ChildPath]).
// For example, an error named ".k" below the root "x.default" is at
// "x.default.k", and below a nil root at "k".
func (e Error) Field(root *field.Path) *field.Path {
	if e.Code == Plain || e.Name == "" || e.Name == "." {
		return root
	}
	return root.ChildPath(strings.TrimPrefix(e.Name, "."))
}
