package structural

import "sort"

// Structural is one node of a structural schema, as the API server's
// schema.Structural: a schema that says what a value is (Generic,
// Extensions, Items, Properties, AdditionalProperties) and how it is
// validated (ValueValidation).
type Structural struct {
	Generic
	Extensions

	// Items is the schema of an array's items, or nil.
	Items *Structural
	// Properties are the properties sorted by name: the order in which
	// this module visits them.
	Properties []Property
	// AdditionalProperties is nil when additionalProperties is absent;
	// its Structural is nil for a boolean.
	AdditionalProperties *StructuralOrBool
	// XValidations reports whether x-kubernetes-validations is set, even
	// to an empty list.
	XValidations bool
	// ValueValidation is nil when no value validation is set.
	ValueValidation *ValueValidation
	// HasDefaults reports whether a default is set here or below, through
	// items and properties: where the server's defaulting and its check
	// of defaults go. A walk of defaults skips what has none.
	HasDefaults bool
}

// Property is a property of a [Structural]: its name and schema.
type Property struct {
	Name   string
	Schema *Structural
}

// StructuralOrBool is additionalProperties: a schema, or a boolean.
type StructuralOrBool struct {
	Structural *Structural
	Bool       bool
}

// Generic holds the keywords that say what a value is and do not
// validate it.
type Generic struct {
	Type        string
	Description string
	Title       string
	Nullable    bool
	// Default points to the default's value in the wire schema, so that
	// coercing it in place changes what the schema prints; nil when
	// absent.
	Default *any
	// Other reports whether externalDocs or example is set, which the
	// server's model keeps elsewhere but its checks count as generic.
	Other bool
}

// Extensions holds the x-kubernetes-* keywords other than validations.
type Extensions struct {
	XPreserveUnknownFields bool
	XEmbeddedResource      bool
	XIntOrString           bool
	XListMapKeys           []string
	XListType              *string
	XMapType               *string
}

// isSet reports whether e sets any extension.
func (e *Extensions) isSet() bool {
	return e.XPreserveUnknownFields || e.XEmbeddedResource || e.XIntOrString ||
		e.XListMapKeys != nil || e.XListType != nil || e.XMapType != nil
}

// Property returns the schema of the property name, or nil.
func (s *Structural) Property(name string) *Structural {
	i := sort.Search(len(s.Properties), func(i int) bool { return s.Properties[i].Name >= name })
	if i < len(s.Properties) && s.Properties[i].Name == name {
		return s.Properties[i].Schema
	}
	return nil
}

// isGenericSet reports whether g sets description, title, nullable,
// externalDocs or example.
func (g *Generic) isGenericSet() bool {
	return g.Description != "" || g.Title != "" || g.Nullable || g.Other
}
