package crd

import (
	"slices"
	"strings"

	"github.com/kubeversion/kubeversion/crd/internal/structural"
)

// pruningModel returns the structural model of s as far as pruning reads
// it: properties, items, additionalProperties, nullable, default and the
// x-kubernetes-preserve-unknown-fields and x-kubernetes-embedded-resource
// extensions. Unlike newStructural it never refuses s: [Prune] and
// [Coerce] take any schema, and read items written as a list as absent
// and x-kubernetes-preserve-unknown-fields false as unset, as the model
// of a structural schema would have them. For a structural s, what it
// holds equals what newStructural holds. A nil s gives nil.
func pruningModel(s *JSONSchemaProps) *structural.Structural {
	if s == nil {
		return nil
	}
	out := pruningNode(s)
	out.Items = pruningModel(structuralItems(s))
	if len(s.Properties) > 0 {
		out.Properties = make([]structural.Property, 0, len(s.Properties))
		for _, k := range sortedKeys(s.Properties) {
			out.Properties = append(out.Properties, structural.Property{Name: k, Schema: pruningModelOf(s.Properties[k])})
		}
	}
	if ap := s.AdditionalProperties; ap != nil {
		out.AdditionalProperties = &structural.StructuralOrBool{Structural: pruningModel(ap.Schema), Bool: ap.Allows}
	}
	return out
}

// pruningModelOf is pruningModel of a schema held in a map (see
// newStructuralOf).
//
//go:noinline
func pruningModelOf(s JSONSchemaProps) *structural.Structural {
	return pruningModel(&s)
}

// pruningNode returns the node of s without the nodes below it.
func pruningNode(s *JSONSchemaProps) *structural.Structural {
	out := &structural.Structural{
		Generic: structural.Generic{Type: s.Type, Nullable: s.Nullable},
		Extensions: structural.Extensions{
			XPreserveUnknownFields: preservesUnknownFields(s),
			XEmbeddedResource:      s.XEmbeddedResource,
		},
	}
	if s.Default != nil {
		out.Default = &s.Default.Value
	}
	return out
}

// pruningModelFor is pruningModel cut to what pruning x reads: the nodes
// of the fields x has and of the items of its lists, so that pruning an
// object costs in proportion to the object and not to its schema, as
// pruning the wire schema did. Pruning x by it removes what pruning x by
// pruningModel(s) removes.
func pruningModelFor(s *JSONSchemaProps, x any) *structural.Structural {
	if s == nil {
		return nil
	}
	out := pruningNode(s)
	switch x := x.(type) {
	case []any:
		if len(x) > 0 {
			out.Items = pruningModelOfValues(structuralItems(s), x)
		}
	case map[string]any:
		var additional []any
		for k, e := range x {
			if p, ok := s.Properties[k]; ok {
				if out.Properties == nil {
					out.Properties = make([]structural.Property, 0, min(len(x), len(s.Properties)))
				}
				out.Properties = append(out.Properties, structural.Property{Name: k, Schema: pruningModelForOf(p, e)})
			} else {
				additional = append(additional, e)
			}
		}
		sortProperties(out.Properties)
		addAdditional(out, s, additional)
	}
	return out
}

// pruningModelOfValues is pruningModelFor for every value of values at
// once, as the items of a list or the values under additionalProperties:
// the nodes below are those some value reaches.
func pruningModelOfValues(s *JSONSchemaProps, values []any) *structural.Structural {
	if s == nil {
		return nil
	}
	out := pruningNode(s)
	var items, additional []any
	var fields map[string][]any
	for _, v := range values {
		switch v := v.(type) {
		case []any:
			items = append(items, v...)
		case map[string]any:
			for k, e := range v {
				if _, ok := s.Properties[k]; !ok {
					additional = append(additional, e)
					continue
				}
				if fields == nil {
					fields = map[string][]any{}
				}
				fields[k] = append(fields[k], e)
			}
		}
	}
	if len(items) > 0 {
		out.Items = pruningModelOfValues(structuralItems(s), items)
	}
	if fields != nil {
		out.Properties = make([]structural.Property, 0, len(fields))
	}
	for k, vs := range fields {
		out.Properties = append(out.Properties, structural.Property{Name: k, Schema: pruningModelOfValuesOf(s.Properties[k], vs)})
	}
	sortProperties(out.Properties)
	addAdditional(out, s, additional)
	return out
}

// pruningModelForOf and pruningModelOfValuesOf are pruningModelFor and
// pruningModelOfValues of a schema held in a map (see newStructuralOf).
//
//go:noinline
func pruningModelForOf(s JSONSchemaProps, x any) *structural.Structural {
	return pruningModelFor(&s, x)
}

//go:noinline
func pruningModelOfValuesOf(s JSONSchemaProps, values []any) *structural.Structural {
	return pruningModelOfValues(&s, values)
}

// addAdditional sets the additionalProperties of out, the node of s, with
// the values that fall under them.
func addAdditional(out *structural.Structural, s *JSONSchemaProps, values []any) {
	if ap := s.AdditionalProperties; ap != nil {
		out.AdditionalProperties = &structural.StructuralOrBool{Bool: ap.Allows}
		if len(values) > 0 {
			out.AdditionalProperties.Structural = pruningModelOfValues(ap.Schema, values)
		}
	}
}

// sortProperties sorts ps by name, as the model keeps them.
func sortProperties(ps []structural.Property) {
	slices.SortFunc(ps, func(a, b structural.Property) int { return strings.Compare(a.Name, b.Name) })
}
