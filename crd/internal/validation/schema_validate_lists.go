package validation

import (
	"slices"

	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/field"
	"github.com/kubeversion/kubeversion/crd/internal/structural"
)

// checkListAndMapTypes checks x-kubernetes-map-type, x-kubernetes-list-type
// and x-kubernetes-list-map-keys of one schema, in the API server's order.
func checkListAndMapTypes(s *api.JSONSchemaProps, path *field.Path, opts schemaOptions) field.ErrorList {
	var errs field.ErrorList
	if s.XMapType != nil && s.Type != "object" {
		if s.Type == "" {
			errs = append(errs, field.Required(path.Child("type"), "must be object if x-kubernetes-map-type is specified"))
		} else {
			errs = append(errs, field.Invalid(path.Child("type"), s.Type, "must be object if x-kubernetes-map-type is specified"))
		}
	}
	if s.XMapType != nil && *s.XMapType != "atomic" && *s.XMapType != "granular" {
		errs = append(errs, field.NotSupported(path.Child("x-kubernetes-map-type"), *s.XMapType, "atomic", "granular"))
	}

	listType := ""
	if s.XListType != nil {
		listType = *s.XListType
	}
	switch {
	case s.XListType != nil && s.Type != "array":
		if s.Type == "" {
			errs = append(errs, field.Required(path.Child("type"), "must be array if x-kubernetes-list-type is specified"))
		} else {
			errs = append(errs, field.Invalid(path.Child("type"), s.Type, "must be array if x-kubernetes-list-type is specified"))
		}
	case opts.requireAtomicSetType && listType == "set" && structural.Items(s) != nil:
		errs = append(errs, checkSetItems(s.Items.Schema, path.Child("items"))...)
	}
	if s.XListType != nil && listType != "atomic" && listType != "set" && listType != "map" {
		errs = append(errs, field.NotSupported(path.Child("x-kubernetes-list-type"), listType, "atomic", "set", "map"))
	}
	if len(s.XListMapKeys) > 0 {
		if s.XListType == nil {
			errs = append(errs, field.Required(path.Child("x-kubernetes-list-type"), "must be map if x-kubernetes-list-map-keys is non-empty"))
		} else if listType != "map" {
			errs = append(errs, field.Invalid(path.Child("x-kubernetes-list-type"), listType, "must be map if x-kubernetes-list-map-keys is non-empty"))
		}
	}
	if listType == "map" {
		errs = append(errs, checkMapList(s, path)...)
	}
	if opts.requireMapListKeysMapSetValidation {
		errs = append(errs, checkMapListKeysMapSet(s, path)...)
	}
	return errs
}

// checkSetItems checks that the items of a set are atomic. As in the API
// server, the error on an object's x-kubernetes-map-type shows the items'
// x-kubernetes-list-type as its value (usually null).
func checkSetItems(items *api.JSONSchemaProps, path *field.Path) field.ErrorList {
	switch items.Type {
	case "array":
		if items.XListType != nil && *items.XListType != "atomic" {
			return field.ErrorList{field.Invalid(path.Child("x-kubernetes-list-type"), items.XListType, "must be atomic as item of a list with x-kubernetes-list-type=set")}
		}
	case "object":
		if items.XMapType == nil || *items.XMapType != "atomic" {
			return field.ErrorList{field.Invalid(path.Child("x-kubernetes-map-type"), items.XListType, "must be atomic as item of a list with x-kubernetes-list-type=set")}
		}
	}
	return nil
}

// checkMapList checks a list with x-kubernetes-list-type map: its keys and
// its items. As in the API server, a key whose property is an array or
// object is reported with the items' type as its value.
func checkMapList(s *api.JSONSchemaProps, path *field.Path) field.ErrorList {
	var errs field.ErrorList
	if len(s.XListMapKeys) == 0 {
		errs = append(errs, field.Required(path.Child("x-kubernetes-list-map-keys"), "must not be empty if x-kubernetes-list-type is map"))
	}
	if s.Items == nil {
		return append(errs, field.Required(path.Child("items"), "must have a schema if x-kubernetes-list-type is map"))
	}
	items := s.Items.Schema
	if items == nil {
		// The value prints as the server prints its internal type.
		value := field.ItemsValue(s.Items.JSONSchemas)
		return append(errs, field.Invalid(path.Child("items"), value, "must only have a single schema if x-kubernetes-list-type is map"))
	}
	if items.Type != "object" {
		return append(errs, field.Invalid(path.Child("items").Child("type"), items.Type, "must be object if parent array's x-kubernetes-list-type is map"))
	}
	seen := make(map[string]bool, len(s.XListMapKeys))
	for _, k := range s.XListMapKeys {
		if p, ok := items.Properties[k]; !ok {
			errs = append(errs, field.Invalid(path.Child("x-kubernetes-list-map-keys"), s.XListMapKeys, "entries must all be names of item properties"))
		} else if p.Type == "array" || p.Type == "object" {
			errs = append(errs, field.Invalid(path.Child("items").Child("properties").Key(k).Child("type"), items.Type, "must be a scalar type if parent array's x-kubernetes-list-type is map"))
		}
		if seen[k] {
			errs = append(errs, field.Invalid(path.Child("x-kubernetes-list-map-keys"), s.XListMapKeys, "must not contain duplicate entries"))
		}
		seen[k] = true
	}
	return errs
}

// checkMapListKeysMapSet checks, for a set or a map list, that items are
// not nullable and, for a map list, that each key is required or has a
// default and is not nullable: the API server's validateMapListKeysMapSet.
func checkMapListKeysMapSet(s *api.JSONSchemaProps, path *field.Path) field.ErrorList {
	items := structural.Items(s)
	if items == nil || s.XListType == nil || *s.XListType != "set" && *s.XListType != "map" {
		return nil
	}
	var errs field.ErrorList
	if items.Nullable {
		errs = append(errs, field.Forbidden(path.Child("items").Child("nullable"), "cannot be nullable when x-kubernetes-list-type is "+*s.XListType))
	}
	if *s.XListType != "map" {
		return errs
	}
	for _, k := range s.XListMapKeys {
		p, ok := items.Properties[k]
		if !ok {
			continue // reported by checkMapList
		}
		kp := path.Child("items").Child("properties").Key(k)
		if !slices.Contains(items.Required, k) && p.Default == nil {
			errs = append(errs, field.Required(kp.Child("default"), "this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property"))
		}
		if p.Nullable {
			errs = append(errs, field.Forbidden(kp.Child("nullable"), "this property is in x-kubernetes-list-map-keys, so it cannot be nullable"))
		}
	}
	return errs
}
