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
// The server meets the fields of an object in random order, so that of
// several errors any may come first; Coerce meets them in sorted order,
// the fields of a resource among the others (see [typeMetaFields]).
func Coerce(path *field.Path, x any, s *structural.Structural, isResourceRoot bool) *field.Error {
	var err *field.Error
	typeMetaFields(path, x, s, isResourceRoot, func(path *field.Path, obj map[string]any, k string) bool {
		err = coerceField(path, obj, k)
		return err == nil
	})
	return err
}

// coerceField coerces the field k (apiVersion, kind or metadata) of obj,
// an embedded resource at path.
func coerceField(path *field.Path, obj map[string]any, k string) *field.Error {
	v := obj[k]
	if k != "metadata" {
		if _, isString := v.(string); !isString {
			err := field.Invalid(path.Child(k), v, "must be a string")
			return err
		}
		return nil
	}
	m, err := Read(v)
	if err != nil {
		err := field.Invalid(path.Child("metadata"), v, err.Error())
		return err
	}
	obj["metadata"] = m.Normalized
	return nil
}
