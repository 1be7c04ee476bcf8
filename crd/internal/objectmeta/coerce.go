package objectmeta

import (
	"github.com/kubeversion/kubeversion/crd/internal/field"
	"github.com/kubeversion/kubeversion/crd/internal/structural"
)

// Coerce is the server's objectmeta.Coerce without DropInvalidFields: in
// every embedded resource in x (and in x when isResourceRoot), apiVersion
// and kind must be strings and metadata must read as an ObjectMeta (see
// [Read]), which Coerce then rewrites in place as the server writes it
// back. It returns the first error, at its path below path, or nil. For
// example, the resource {"kind": 1} gives
//
//	<path>.kind: Invalid value: 1: must be a string
//
// Where the server's random order of fields makes the first of several
// errors random, Coerce returns that of the outermost resource, fields
// in sorted order.
func Coerce(path *field.Path, x any, s *structural.Structural, isResourceRoot bool) *field.Error {
	var err *field.Error
	resources(path, x, s, isResourceRoot, func(path *field.Path, obj map[string]any) bool {
		err = coerceResource(path, obj)
		return err == nil
	})
	return err
}

// coerceResource coerces the apiVersion, kind and metadata of obj, an
// embedded resource at path.
func coerceResource(path *field.Path, obj map[string]any) *field.Error {
	for _, k := range [...]string{"apiVersion", "kind"} {
		if v, ok := obj[k]; ok {
			if _, isString := v.(string); !isString {
				err := field.InvalidValue(path.At(k), v, "must be a string")
				return &err
			}
		}
	}
	if v, ok := obj["metadata"]; ok {
		m, err := Read(v)
		if err != nil {
			err := field.InvalidValue(path.At("metadata"), v, err.Error())
			return &err
		}
		obj["metadata"] = m.Normalized
	}
	return nil
}
