package crd

import (
	"sort"

	"github.com/kubeversion/kubeversion/crd/internal/structural"
)

// newStructural builds the structural model of s, as the API server's
// NewStructural converts it, for a schema that structuralError accepts:
// items is a schema or absent, and nothing unsupported is set. A nil s
// gives nil.
func newStructural(s *JSONSchemaProps) *structural.Structural {
	if s == nil {
		return nil
	}
	out := &structural.Structural{
		Generic:      genericOf(s),
		Extensions:   extensionsOf(s),
		Items:        newStructural(structuralItems(s)),
		XValidations: s.XValidations != nil,
	}
	if len(s.Properties) > 0 {
		out.Properties = make([]structural.Property, 0, len(s.Properties))
		for k, p := range s.Properties {
			out.Properties = append(out.Properties, structural.Property{Name: k, Schema: newStructural(&p)})
		}
		sort.Slice(out.Properties, func(i, j int) bool { return out.Properties[i].Name < out.Properties[j].Name })
	}
	if ap := s.AdditionalProperties; ap != nil {
		out.AdditionalProperties = &structural.StructuralOrBool{Structural: newStructural(ap.Schema), Bool: ap.Allows}
	}
	if hasValueValidation(s) {
		out.ValueValidation = newValueValidation(s)
	}
	return out
}

// genericOf returns the generic keywords of s, its default pointing into
// s.
func genericOf(s *JSONSchemaProps) structural.Generic {
	g := structural.Generic{
		Type: s.Type, Description: s.Description, Title: s.Title, Nullable: s.Nullable,
		Other: s.ExternalDocs != nil || s.Example != nil,
	}
	if s.Default != nil {
		g.Default = &s.Default.Value
	}
	return g
}

func extensionsOf(s *JSONSchemaProps) structural.Extensions {
	return structural.Extensions{
		XPreserveUnknownFields: preservesUnknownFields(s),
		XEmbeddedResource:      s.XEmbeddedResource,
		XIntOrString:           s.XIntOrString,
		XListMapKeys:           s.XListMapKeys,
		XListType:              s.XListType,
		XMapType:               s.XMapType,
	}
}

// newValueValidation returns the value validations of s that the
// structural checks read, with the schemas under allOf, anyOf, oneOf and
// not.
func newValueValidation(s *JSONSchemaProps) *structural.ValueValidation {
	return &structural.ValueValidation{
		Pattern:          s.Pattern,
		AllOf:            newNestedList(s.AllOf),
		AnyOf:            newNestedList(s.AnyOf),
		OneOf:            newNestedList(s.OneOf),
		Not:              newNested(s.Not),
		IntOrStringAnyOf: isIntOrStringAnyOf(s.AnyOf),
	}
}

func newNestedList(list []JSONSchemaProps) []structural.Nested {
	if len(list) == 0 {
		return nil
	}
	out := make([]structural.Nested, len(list))
	for i := range list {
		out[i] = *newNested(&list[i])
	}
	return out
}

// newNested builds a schema under allOf, anyOf, oneOf or not, keeping
// what it may not say to refuse it.
func newNested(s *JSONSchemaProps) *structural.Nested {
	if s == nil {
		return nil
	}
	out := &structural.Nested{
		Items:                newNested(structuralItems(s)),
		ForbiddenGenerics:    genericOf(s),
		ForbiddenExtensions:  extensionsOf(s),
		AdditionalProperties: nestedAdditionalProperties(s),
		XValidations:         len(s.XValidations) > 0,
	}
	if len(s.Properties) > 0 {
		out.Properties = make([]structural.NestedProperty, 0, len(s.Properties))
		for k, p := range s.Properties {
			out.Properties = append(out.Properties, structural.NestedProperty{Name: k, Schema: newNested(&p)})
		}
		sort.Slice(out.Properties, func(i, j int) bool { return out.Properties[i].Name < out.Properties[j].Name })
	}
	if hasValueValidation(s) {
		out.ValueValidation = newValueValidation(s)
	}
	return out
}
