package listtype

import (
	"maps"
	"slices"

	"github.com/kubeversion/kubeversion/crd/internal/field"
	"github.com/kubeversion/kubeversion/crd/internal/structural"
)

// Validate returns what is wrong with the sets and map lists in obj, the
// object at path (nil for a resource root) whose schema is s, as the
// server's ValidateListSetsAndMaps. For example, at the root, with tags a
// set of strings, {"spec": {"tags": ["a", "b", "a"]}} gives
//
//	spec.tags[2]: Duplicate value: "a"
//
// Within a list, the set or map errors of the list come first, then
// those of its items in order. The server visits the fields of an object
// in Go's random map order (the fields of additionalProperties before
// those of properties); this visits them in sorted order. A nil s or obj
// gives no errors.
func Validate(path *field.Path, s *structural.Structural, obj map[string]any) field.ErrorList {
	return validateObject(nil, path, s, obj)
}

func validateObject(errs field.ErrorList, path *field.Path, s *structural.Structural, obj map[string]any) field.ErrorList {
	if s == nil || obj == nil {
		return errs
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Structural != nil {
		for _, k := range slices.Sorted(maps.Keys(obj)) {
			errs = validateValue(errs, path.Key(k), s.AdditionalProperties.Structural, obj[k])
		}
	}
	// The sorted properties that obj has are its fields that have a
	// schema, in sorted order.
	for _, p := range s.Properties {
		if v, ok := obj[p.Name]; ok {
			errs = validateValue(errs, path.Child(p.Name), p.Schema, v)
		}
	}
	return errs
}

func validateValue(errs field.ErrorList, path *field.Path, s *structural.Structural, v any) field.ErrorList {
	switch v := v.(type) {
	case []any:
		return validateList(errs, path, s, v)
	case map[string]any:
		return validateObject(errs, path, s, v)
	}
	return errs
}

func validateList(errs field.ErrorList, path *field.Path, s *structural.Structural, list []any) field.ErrorList {
	if s.XListType != nil {
		switch *s.XListType {
		case "set":
			dups, err := duplicates(path, list)
			if err != nil {
				errs = append(errs, err)
			}
			for _, i := range dups {
				errs = append(errs, field.Duplicate(path.Index(i), list[i]))
			}
		case "map":
			errs = validateMap(errs, path, s.XListMapKeys, list)
		}
	}
	if s.Items != nil {
		for i, v := range list {
			errs = validateValue(errs, path.Index(i), s.Items, v)
		}
	}
	return errs
}
