package structural

import (
	"slices"
	"strings"

	"github.com/kubeversion/kubeversion/crd/internal/api"
)

// Pruning returns the lenient structural model of s (see [Options]),
// which pruning, coercion and defaulting read. A nil s gives nil.
func Pruning(s *api.JSONSchemaProps) *Structural {
	m, _ := New(s, Options{Lenient: true})
	return m
}

// PruningFor is the lenient model of s cut to what pruning x reads: the nodes
// of the fields x has and of the items of its lists, so that pruning an
// object costs in proportion to the object and not to its schema, as
// pruning the wire schema did. Pruning x by it removes what pruning x by
// Pruning(s) removes.
func PruningFor(s *api.JSONSchemaProps, x any) *Structural {
	if s == nil {
		return nil
	}
	out := node(s)
	switch x := x.(type) {
	case []any:
		if len(x) > 0 {
			out.Items = pruningForValues(Items(s), x)
		}
	case map[string]any:
		var additional []any
		for k, e := range x {
			if p, ok := s.Properties[k]; ok {
				if out.Properties == nil {
					out.Properties = make([]Property, 0, min(len(x), len(s.Properties)))
				}
				out.Properties = append(out.Properties, Property{Name: k, Schema: pruningForOf(p, e)})
			} else {
				additional = append(additional, e)
			}
		}
		sortProperties(out.Properties)
		addAdditional(out, s, additional)
	}
	return out
}

// pruningForValues is PruningFor for every value of values at
// once, as the items of a list or the values under additionalProperties:
// the nodes below are those some value reaches.
func pruningForValues(s *api.JSONSchemaProps, values []any) *Structural {
	if s == nil {
		return nil
	}
	out := node(s)
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
		out.Items = pruningForValues(Items(s), items)
	}
	if fields != nil {
		out.Properties = make([]Property, 0, len(fields))
	}
	for k, vs := range fields {
		out.Properties = append(out.Properties, Property{Name: k, Schema: pruningForValuesOf(s.Properties[k], vs)})
	}
	sortProperties(out.Properties)
	addAdditional(out, s, additional)
	return out
}

// pruningForOf and pruningForValuesOf are PruningFor and
// pruningForValues of a schema held in a map (see newOf).
//
//go:noinline
func pruningForOf(s api.JSONSchemaProps, x any) *Structural {
	return PruningFor(&s, x)
}

//go:noinline
func pruningForValuesOf(s api.JSONSchemaProps, values []any) *Structural {
	return pruningForValues(&s, values)
}

// addAdditional sets the additionalProperties of out, the node of s, with
// the values that fall under them.
func addAdditional(out *Structural, s *api.JSONSchemaProps, values []any) {
	if ap := s.AdditionalProperties; ap != nil {
		out.AdditionalProperties = &StructuralOrBool{Bool: ap.Allows}
		if len(values) > 0 {
			out.AdditionalProperties.Structural = pruningForValues(ap.Schema, values)
		}
	}
}

// sortProperties sorts ps by name, as the model keeps them.
func sortProperties(ps []Property) {
	slices.SortFunc(ps, func(a, b Property) int { return strings.Compare(a.Name, b.Name) })
}
