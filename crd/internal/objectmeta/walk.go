package objectmeta

import (
	"slices"

	"github.com/kubeversion/kubeversion/crd/internal/field"
	"github.com/kubeversion/kubeversion/crd/internal/structural"
)

// resources calls visit with every embedded resource in x, by its schema
// s, and the resource's path, as the server's objectmeta walks do:
// through the properties of an object, else its additionalProperties,
// and the items of a list. An object is visited before the objects in
// it, fields in sorted order. When isResourceRoot, x itself is read as
// an embedded resource (s is not changed).
//
// The walk reads the apiVersion, kind and metadata of a resource before
// visiting it and goes on into those values, as the server ranges over
// the fields of the object it rewrites: a visitor may replace or delete
// them. It stops, returning false, when visit returns false.
func resources(path *field.Path, x any, s *structural.Structural, isResourceRoot bool, visit func(*field.Path, map[string]any) bool) bool {
	if isResourceRoot {
		s = structural.ResourceRoot(s)
	}
	return walk(path, x, s, visit)
}

func walk(path *field.Path, x any, s *structural.Structural, visit func(*field.Path, map[string]any) bool) bool {
	if s == nil {
		return true
	}
	switch x := x.(type) {
	case map[string]any:
		keys := sortedKeys(x)
		var typeMeta [3]any // apiVersion, kind and metadata, as they were
		if s.XEmbeddedResource {
			typeMeta = [3]any{x["apiVersion"], x["kind"], x["metadata"]}
			if !visit(path, x) {
				return false
			}
		}
		for _, k := range keys {
			v := x[k]
			if s.XEmbeddedResource {
				switch k {
				case "apiVersion":
					v = typeMeta[0]
				case "kind":
					v = typeMeta[1]
				case "metadata":
					v = typeMeta[2]
				}
			}
			if p := s.Property(k); p != nil {
				if !walk(path.Child(k), v, p, visit) {
					return false
				}
			} else if s.AdditionalProperties != nil {
				if !walk(path.Key(k), v, s.AdditionalProperties.Structural, visit) {
					return false
				}
			}
		}
	case []any:
		for i, v := range x {
			if !walk(path.Index(i), v, s.Items, visit) {
				return false
			}
		}
	}
	return true
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
