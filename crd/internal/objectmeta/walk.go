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
// it, fields in sorted order: the order of the server's Validate, which
// checks a resource before its fields. When isResourceRoot, x itself is
// read as an embedded resource (s is not changed).
//
// The walk reads the apiVersion, kind and metadata of a resource before
// visiting it and goes on into those values, as the server ranges over
// the fields of the object it rewrites: a visitor may replace or delete
// them. It stops, returning false, when visit returns false.
func resources(path *field.Path, x any, s *structural.Structural, isResourceRoot bool, visit func(*field.Path, map[string]any) bool) bool {
	return walker{resource: visit}.start(path, x, s, isResourceRoot)
}

// typeMetaFields is resources for a visitor of each field of a resource,
// apiVersion, kind or metadata, that the resource has: visit gets the
// resource and the field's name, at the field's sorted place among the
// others, as the server's Coerce meets them field by field. For example,
// in {"a": {<embedded resource>}, "kind": 1} the resource under a is
// visited before the kind of the outer one.
func typeMetaFields(path *field.Path, x any, s *structural.Structural, isResourceRoot bool, visit func(path *field.Path, obj map[string]any, k string) bool) bool {
	return walker{field: visit}.start(path, x, s, isResourceRoot)
}

// walker is one walk of resources or typeMetaFields: one of its visitors
// is set.
type walker struct {
	resource func(*field.Path, map[string]any) bool
	field    func(*field.Path, map[string]any, string) bool
}

func (w walker) start(path *field.Path, x any, s *structural.Structural, isResourceRoot bool) bool {
	if isResourceRoot {
		s = structural.ResourceRoot(s)
	}
	return w.walk(path, x, s)
}

func (w walker) walk(path *field.Path, x any, s *structural.Structural) bool {
	if s == nil {
		return true
	}
	switch x := x.(type) {
	case map[string]any:
		keys := sortedKeys(x)
		var typeMeta [3]any // apiVersion, kind and metadata, as they were
		if s.XEmbeddedResource {
			typeMeta = [3]any{x["apiVersion"], x["kind"], x["metadata"]}
			if w.resource != nil && !w.resource(path, x) {
				return false
			}
		}
		for _, k := range keys {
			v := x[k]
			if s.XEmbeddedResource {
				i := typeMetaIndex(k)
				if i >= 0 {
					v = typeMeta[i]
					if w.field != nil && !w.field(path, x, k) {
						return false
					}
				}
			}
			if p := s.Property(k); p != nil {
				if !w.walk(path.Child(k), v, p) {
					return false
				}
			} else if s.AdditionalProperties != nil {
				if !w.walk(path.Key(k), v, s.AdditionalProperties.Structural) {
					return false
				}
			}
		}
	case []any:
		for i, v := range x {
			if !w.walk(path.Index(i), v, s.Items) {
				return false
			}
		}
	}
	return true
}

// typeMetaIndex is the place of k in apiVersion, kind and metadata, or
// -1.
func typeMetaIndex(k string) int {
	switch k {
	case "apiVersion":
		return 0
	case "kind":
		return 1
	case "metadata":
		return 2
	}
	return -1
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
