package structural

// ValueValidation holds the keywords that validate a value, as the
// server's schema.ValueValidation. The checks of this package read only
// Pattern and the nested schemas; package openapi validates values with
// all of them. Numbers are as the wire has them (a bound is a float64
// even when written as an integer), Enum holds the entries as JSON values
// (int64 and float64 kept apart, which the messages show), and Required
// and the pointers share the wire schema's memory. A nil *ValueValidation
// means none is set.
type ValueValidation struct {
	Format           string
	Maximum          *float64
	ExclusiveMaximum bool
	Minimum          *float64
	ExclusiveMinimum bool
	MaxLength        *int64
	MinLength        *int64
	Pattern          string
	MaxItems         *int64
	MinItems         *int64
	UniqueItems      bool
	MultipleOf       *float64
	Enum             []any
	MaxProperties    *int64
	MinProperties    *int64
	Required         []string
	AllOf            []Nested
	AnyOf            []Nested
	OneOf            []Nested
	Not              *Nested
	// IntOrStringAnyOf reports whether anyOf is exactly
	// [{type: integer}, {type: string}]: the pattern of
	// x-kubernetes-int-or-string, which may say a type.
	IntOrStringAnyOf bool
}

// Nested is a schema under allOf, anyOf, oneOf or not, as the server's
// NestedValueValidation: it may only validate values; what it says about
// types, defaults and extensions is kept to be refused. Validating a
// value, the server still reads the type and nullable of
// ForbiddenGenerics (an int-or-string anyOf says types), and ignores
// additionalProperties.
type Nested struct {
	ValueValidation *ValueValidation
	Items           *Nested
	Properties      []NestedProperty
	// ForbiddenGenerics and ForbiddenExtensions are what a nested schema
	// may not say.
	ForbiddenGenerics   Generic
	ForbiddenExtensions Extensions
	// AdditionalProperties reports whether additionalProperties is a
	// schema or true.
	AdditionalProperties bool
	// XValidations reports whether x-kubernetes-validations is a
	// non-empty list.
	XValidations bool
}

// NestedProperty is a property of a [Nested]: its name and schema.
type NestedProperty struct {
	Name   string
	Schema *Nested
}

// hasProperty reports whether n has the property name.
func (n *Nested) hasProperty(name string) bool {
	for _, p := range n.Properties {
		if p.Name == name {
			return true
		}
	}
	return false
}
