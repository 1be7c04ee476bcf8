package crd

import "github.com/kubeversion/kubeversion/crd/internal/structural"

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
	out := &structural.Structural{
		Generic: structural.Generic{Type: s.Type, Nullable: s.Nullable},
		Extensions: structural.Extensions{
			XPreserveUnknownFields: preservesUnknownFields(s),
			XEmbeddedResource:      s.XEmbeddedResource,
		},
		Items: pruningModel(structuralItems(s)),
	}
	if s.Default != nil {
		out.Default = &s.Default.Value
	}
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
