package crd

import "github.com/kubeversion/kubeversion/crd/internal/field"

// valueCompleteness checks that every field and item that the value
// validations of v (found at vPath) speak of is also in the structural
// schema s (at sPath). As in the API server, only the value validations
// of the root are checked: validateStructural calls it with v == s at the
// root and never below.
func valueCompleteness(v, s *JSONSchemaProps, sPath, vPath *field.Path) ErrorList {
	var errs ErrorList
	errs = append(errs, nestedCompleteness(v.Not, s, sPath, vPath.Child("not"))...)
	for i := range v.AllOf {
		errs = append(errs, nestedCompleteness(&v.AllOf[i], s, sPath, vPath.Child("allOf").Index(i))...)
	}
	for i := range v.AnyOf {
		errs = append(errs, nestedCompleteness(&v.AnyOf[i], s, sPath, vPath.Child("anyOf").Index(i))...)
	}
	for i := range v.OneOf {
		errs = append(errs, nestedCompleteness(&v.OneOf[i], s, sPath, vPath.Child("oneOf").Index(i))...)
	}
	return errs
}

func nestedCompleteness(v, s *JSONSchemaProps, sPath, vPath *field.Path) ErrorList {
	if v == nil {
		return nil
	}
	if s == nil {
		return ErrorList{required(sPath.String(), "because it is defined in "+vPath.String())}
	}
	errs := valueCompleteness(v, s, sPath, vPath)
	errs = append(errs, nestedCompleteness(structuralItems(v), structuralItems(s), sPath.Child("items"), vPath.Child("items"))...)
	for _, k := range schemaKeys(v.Properties) {
		vp := v.Properties[k]
		sp, ok := s.Properties[k]
		if !ok {
			errs = append(errs, required(sPath.Child("properties").Key(k).String(), "because it is defined in "+vPath.Child("properties").Key(k).String()))
			continue
		}
		errs = append(errs, nestedCompleteness(&vp, &sp, sPath.Child("properties").Key(k), vPath.Child("properties").Key(k))...)
	}
	return errs
}
