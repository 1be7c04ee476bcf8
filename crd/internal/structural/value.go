package structural

// ValueValidation holds the keywords that validate a value. Only Pattern
// and the nested schemas are read by the checks here; Set says whether
// any keyword is set, as the server's model keeps a nil ValueValidation
// for none.
type ValueValidation struct {
	Pattern string
	AllOf   []Nested
	AnyOf   []Nested
	OneOf   []Nested
	Not     *Nested
	// IntOrStringAnyOf reports whether anyOf is exactly
	// [{type: integer}, {type: string}]: the pattern of
	// x-kubernetes-int-or-string, which may say a type.
	IntOrStringAnyOf bool
}

// Nested is a schema under allOf, anyOf, oneOf or not, as the server's
// NestedValueValidation: it may only validate values; what it says about
// types, defaults and extensions is kept to be refused.
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
