package structural

import (
	"github.com/kubeversion/kubeversion/crd/internal/api"
)

// Options says how [New] converts a schema.
type Options struct {
	// Lenient converts any schema, as pruning and defaulting read one
	// (crd.Prune, crd.Coerce and crd.Default take any schema): items
	// written as a list read as absent, x-kubernetes-preserve-unknown-fields
	// false as unset, and the value validations, which they do not read,
	// are left out, so that nothing is refused. For a structural schema,
	// what a lenient model holds equals what the strict one holds, but
	// for ValueValidation.
	Lenient bool
}

// New builds the structural model of s as the API server's
// NewStructural converts it, or returns the error with which NewStructural
// refuses s: an unsupported keyword, items written as a list, or
// x-kubernetes-preserve-unknown-fields false, the first one found; with
// o.Lenient, it refuses nothing (see [Options]). The server walks
// properties in random order; here they come sorted, which only matters
// when two properties fail differently. A nil s gives nil.
func New(s *api.JSONSchemaProps, o Options) (*Structural, string) {
	if s == nil {
		return nil, ""
	}
	out := node(s)
	items := Items(s)
	if !o.Lenient {
		var msg string
		if out.ValueValidation, msg = checkedValueValidation(s); msg != "" {
			return nil, msg
		}
		if items, msg = checkedItems(s); msg != "" {
			return nil, msg
		}
	}
	var msg string
	if out.Items, msg = New(items, o); msg != "" {
		return nil, msg
	}
	if len(s.Properties) > 0 {
		out.Properties = make([]Property, 0, len(s.Properties))
		for _, k := range api.SortedKeys(s.Properties) {
			ps, msg := newOf(s.Properties[k], o)
			if msg != "" {
				return nil, msg
			}
			out.Properties = append(out.Properties, Property{Name: k, Schema: ps})
		}
	}
	if ap := s.AdditionalProperties; ap != nil {
		aps, msg := New(ap.Schema, o)
		if msg != "" {
			return nil, msg
		}
		out.AdditionalProperties = &StructuralOrBool{Structural: aps, Bool: ap.Allows}
	}
	out.HasDefaults = s.Default != nil || out.Items != nil && out.Items.HasDefaults
	for _, p := range out.Properties {
		out.HasDefaults = out.HasDefaults || p.Schema.HasDefaults
	}
	return out, ""
}

// node returns the node of s without its value validations and the
// nodes below it.
func node(s *api.JSONSchemaProps) *Structural {
	return &Structural{
		Generic:      genericOf(s),
		Extensions:   extensionsOf(s),
		XValidations: s.XValidations != nil,
	}
}

// newOf is New of a schema held in a map. The copy is its parameter, not
// a variable of New's loop, which the compiler would move to the heap;
// inlined, it would be one again.
//
//go:noinline
func newOf(s api.JSONSchemaProps, o Options) (*Structural, string) {
	return New(&s, o)
}

// checkedValueValidation returns the value validations of s, nil for
// none, after checking in the server's order what the structural view
// cannot hold: the keywords of s, then the schemas under not, allOf,
// anyOf and oneOf.
func checkedValueValidation(s *api.JSONSchemaProps) (*ValueValidation, string) {
	if msg := UnsupportedField(s); msg != "" {
		return nil, msg
	}
	if !hasValueValidation(s) {
		return nil, "" // and so no not, allOf, anyOf or oneOf
	}
	not, msg := newNested(s.Not)
	if msg != "" {
		return nil, msg
	}
	vv := &ValueValidation{
		Format: s.Format, Pattern: s.Pattern,
		Maximum: s.Maximum, ExclusiveMaximum: s.ExclusiveMaximum,
		Minimum: s.Minimum, ExclusiveMinimum: s.ExclusiveMinimum,
		MultipleOf: s.MultipleOf, MaxLength: s.MaxLength, MinLength: s.MinLength,
		MaxItems: s.MaxItems, MinItems: s.MinItems, UniqueItems: s.UniqueItems,
		MaxProperties: s.MaxProperties, MinProperties: s.MinProperties,
		Required: s.Required, Enum: enumValues(s.Enum),
		Not: not, IntOrStringAnyOf: isIntOrStringAnyOf(s.AnyOf),
	}
	for _, l := range []struct {
		list []api.JSONSchemaProps
		out  *[]Nested
	}{{s.AllOf, &vv.AllOf}, {s.AnyOf, &vv.AnyOf}, {s.OneOf, &vv.OneOf}} {
		if *l.out, msg = newNestedList(l.list); msg != "" {
			return nil, msg
		}
	}
	return vv, ""
}

// enumValues returns the values of enum, nil for none: the one keyword
// the model cannot point to, since each entry is wrapped in a JSON.
func enumValues(enum []api.JSON) []any {
	if len(enum) == 0 {
		return nil
	}
	out := make([]any, len(enum))
	for i, e := range enum {
		out[i] = e.Value
	}
	return out
}

// checkedItems returns the schema of items in the structural view, after
// checking x-kubernetes-preserve-unknown-fields, which comes before it in
// the server's order, and that items is not a list.
func checkedItems(s *api.JSONSchemaProps) (*api.JSONSchemaProps, string) {
	if s.XPreserveUnknownFields != nil && !*s.XPreserveUnknownFields {
		return nil, "internal error: 'x-kubernetes-preserve-unknown-fields' must be true or undefined"
	}
	if s.Items != nil && len(s.Items.JSONSchemas) > 0 {
		return nil, "OpenAPIV3Schema 'items' must be a schema, but is an array"
	}
	return Items(s), ""
}

// genericOf returns the generic keywords of s, its default pointing into
// s.
func genericOf(s *api.JSONSchemaProps) Generic {
	g := Generic{
		Type: s.Type, Description: s.Description, Title: s.Title, Nullable: s.Nullable,
		Other: s.ExternalDocs != nil || s.Example != nil,
	}
	if s.Default != nil {
		g.Default = &s.Default.Value
	}
	return g
}

func extensionsOf(s *api.JSONSchemaProps) Extensions {
	return Extensions{
		XPreserveUnknownFields: PreservesUnknownFields(s),
		XEmbeddedResource:      s.XEmbeddedResource,
		XIntOrString:           s.XIntOrString,
		XListMapKeys:           s.XListMapKeys,
		XListType:              s.XListType,
		XMapType:               s.XMapType,
	}
}

func newNestedList(list []api.JSONSchemaProps) ([]Nested, string) {
	if len(list) == 0 {
		return nil, ""
	}
	out := make([]Nested, len(list))
	for i := range list {
		n, msg := newNested(&list[i])
		if msg != "" {
			return nil, msg
		}
		out[i] = *n
	}
	return out, ""
}

// newNestedOf is newNested of a schema held in a map (see newOf).
//
//go:noinline
func newNestedOf(s api.JSONSchemaProps) (*Nested, string) {
	return newNested(&s)
}

// newNested builds a schema under allOf, anyOf, oneOf or not, keeping
// what it may not say to refuse it, or returns why the server cannot
// convert it, as New.
func newNested(s *api.JSONSchemaProps) (*Nested, string) {
	if s == nil {
		return nil, ""
	}
	out := &Nested{
		ForbiddenGenerics:    genericOf(s),
		ForbiddenExtensions:  extensionsOf(s),
		AdditionalProperties: nestedAdditionalProperties(s),
		XValidations:         len(s.XValidations) > 0,
	}
	var msg string
	if out.ValueValidation, msg = checkedValueValidation(s); msg != "" {
		return nil, msg
	}
	items, msg := checkedItems(s)
	if msg != "" {
		return nil, msg
	}
	if out.Items, msg = newNested(items); msg != "" {
		return nil, msg
	}
	if len(s.Properties) > 0 {
		out.Properties = make([]NestedProperty, 0, len(s.Properties))
		for _, k := range api.SortedKeys(s.Properties) {
			ps, msg := newNestedOf(s.Properties[k])
			if msg != "" {
				return nil, msg
			}
			out.Properties = append(out.Properties, NestedProperty{Name: k, Schema: ps})
		}
	}
	if ap := s.AdditionalProperties; ap != nil {
		// A nested model keeps no schema of additionalProperties, but the
		// server converts it, and refuses what it cannot convert.
		if _, msg := newNested(ap.Schema); msg != "" {
			return nil, msg
		}
	}
	return out, ""
}
