package structural

import (
	"slices"
	"strings"

	"github.com/kubeversion/kubeversion/crd/internal/api"
)

// Pruning returns the structural model of s as far as pruning reads
// it: properties, items, additionalProperties, nullable, default and the
// x-kubernetes-preserve-unknown-fields and x-kubernetes-embedded-resource
// extensions. Unlike New it never refuses s: crd.Prune and
// crd.Coerce take any schema, and read items written as a list as absent
// and x-kubernetes-preserve-unknown-fields false as unset, as the model
// of a structural schema would have them. For a structural s, what it
// holds equals what New holds. A nil s gives nil.
func Pruning(s *api.JSONSchemaProps) *Structural {
	if s == nil {
		return nil
	}
	out := pruningNode(s)
	out.Items = Pruning(Items(s))
	if len(s.Properties) > 0 {
		out.Properties = make([]Property, 0, len(s.Properties))
		for _, k := range api.SortedKeys(s.Properties) {
			out.Properties = append(out.Properties, Property{Name: k, Schema: pruningModelOf(s.Properties[k])})
		}
	}
	if ap := s.AdditionalProperties; ap != nil {
		out.AdditionalProperties = &StructuralOrBool{Structural: Pruning(ap.Schema), Bool: ap.Allows}
	}
	return out
}

// pruningModelOf is pruningModel of a schema held in a map (see
// newStructuralOf).
//
//go:noinline
func pruningModelOf(s api.JSONSchemaProps) *Structural {
	return Pruning(&s)
}

// pruningNode returns the node of s without the nodes below it.
func pruningNode(s *api.JSONSchemaProps) *Structural {
	out := &Structural{
		Generic: Generic{Type: s.Type, Nullable: s.Nullable},
		Extensions: Extensions{
			XPreserveUnknownFields: PreservesUnknownFields(s),
			XEmbeddedResource:      s.XEmbeddedResource,
		},
	}
	if s.Default != nil {
		out.Default = &s.Default.Value
	}
	return out
}

// PruningFor is pruningModel cut to what pruning x reads: the nodes
// of the fields x has and of the items of its lists, so that pruning an
// object costs in proportion to the object and not to its schema, as
// pruning the wire schema did. Pruning x by it removes what pruning x by
// Pruning(s) removes.
func PruningFor(s *api.JSONSchemaProps, x any) *Structural {
	if s == nil {
		return nil
	}
	out := pruningNode(s)
	switch x := x.(type) {
	case []any:
		if len(x) > 0 {
			out.Items = pruningModelOfValues(Items(s), x)
		}
	case map[string]any:
		var additional []any
		for k, e := range x {
			if p, ok := s.Properties[k]; ok {
				if out.Properties == nil {
					out.Properties = make([]Property, 0, min(len(x), len(s.Properties)))
				}
				out.Properties = append(out.Properties, Property{Name: k, Schema: pruningModelForOf(p, e)})
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
func pruningModelOfValues(s *api.JSONSchemaProps, values []any) *Structural {
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
		out.Items = pruningModelOfValues(Items(s), items)
	}
	if fields != nil {
		out.Properties = make([]Property, 0, len(fields))
	}
	for k, vs := range fields {
		out.Properties = append(out.Properties, Property{Name: k, Schema: pruningModelOfValuesOf(s.Properties[k], vs)})
	}
	sortProperties(out.Properties)
	addAdditional(out, s, additional)
	return out
}

// pruningModelForOf and pruningModelOfValuesOf are pruningModelFor and
// pruningModelOfValues of a schema held in a map (see newStructuralOf).
//
//go:noinline
func pruningModelForOf(s api.JSONSchemaProps, x any) *Structural {
	return PruningFor(&s, x)
}

//go:noinline
func pruningModelOfValuesOf(s api.JSONSchemaProps, values []any) *Structural {
	return pruningModelOfValues(&s, values)
}

// addAdditional sets the additionalProperties of out, the node of s, with
// the values that fall under them.
func addAdditional(out *Structural, s *api.JSONSchemaProps, values []any) {
	if ap := s.AdditionalProperties; ap != nil {
		out.AdditionalProperties = &StructuralOrBool{Bool: ap.Allows}
		if len(values) > 0 {
			out.AdditionalProperties.Structural = pruningModelOfValues(ap.Schema, values)
		}
	}
}

// sortProperties sorts ps by name, as the model keeps them.
func sortProperties(ps []Property) {
	slices.SortFunc(ps, func(a, b Property) int { return strings.Compare(a.Name, b.Name) })
}
