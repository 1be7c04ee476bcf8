package structural

import "github.com/kubeversion/kubeversion/crd/internal/field"

// rootCompleteness appends to errs what the server's
// validateValueValidationCompleteness finds: every field and item that
// the value validations of the root s speak of must also be in s. As in
// the server, only the root's value validations are looked at.
func rootCompleteness(s *Structural, path *field.Path, errs field.ErrorList) field.ErrorList {
	if s.ValueValidation == nil {
		return errs
	}
	return completeness(s.ValueValidation, s, path, path, errs)
}

// completeness checks the schemas under the allOf, anyOf, oneOf and not
// of vv (found at vPath) against s (at sPath).
func completeness(vv *ValueValidation, s *Structural, sPath, vPath *field.Path, errs field.ErrorList) field.ErrorList {
	if vv.Not != nil {
		errs = nestedCompleteness(vv.Not, s, sPath, vPath.Child("not"), errs)
	}
	for i := range vv.AllOf {
		errs = nestedCompleteness(&vv.AllOf[i], s, sPath, vPath.Child("allOf").Index(i), errs)
	}
	for i := range vv.AnyOf {
		errs = nestedCompleteness(&vv.AnyOf[i], s, sPath, vPath.Child("anyOf").Index(i), errs)
	}
	for i := range vv.OneOf {
		errs = nestedCompleteness(&vv.OneOf[i], s, sPath, vPath.Child("oneOf").Index(i), errs)
	}
	return errs
}

func nestedCompleteness(v *Nested, s *Structural, sPath, vPath *field.Path, errs field.ErrorList) field.ErrorList {
	if v == nil {
		return errs
	}
	if s == nil {
		return append(errs, field.Required(sPath, "because it is defined in "+vPath.String()))
	}
	if v.ValueValidation != nil {
		errs = completeness(v.ValueValidation, s, sPath, vPath, errs)
	}
	errs = nestedCompleteness(v.Items, s.Items, sPath.Child("items"), vPath.Child("items"), errs)
	for _, p := range v.Properties {
		sp := s.Property(p.Name)
		if sp == nil {
			errs = append(errs, field.Required(sPath.Child("properties").Key(p.Name), "because it is defined in "+vPath.Child("properties").Key(p.Name).String()))
			continue
		}
		errs = nestedCompleteness(p.Schema, sp, sPath.Property(p.Name), vPath.Property(p.Name), errs)
	}
	return errs
}
