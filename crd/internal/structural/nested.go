package structural

import "github.com/kubeversion/kubeversion/crd/internal/field"

// nestedValueValidation appends what is wrong with n, a schema under
// allOf, anyOf, oneOf or not: it may only validate values, not say what
// they are.
func nestedValueValidation(n *Nested, skipAnyOf bool, path *field.Path, errs field.ErrorList) field.ErrorList {
	if vv := n.ValueValidation; vv != nil {
		errs = valueValidation(vv, skipAnyOf, false, path, errs)
	}
	if n.Items != nil {
		errs = nestedValueValidation(n.Items, false, path.Child("items"), errs)
	}
	for _, p := range n.Properties {
		errs = nestedValueValidation(p.Schema, false, path.Property(p.Name), errs)
	}
	for _, f := range forbiddenInNested(n) {
		errs = append(errs, field.Forbidden(path.Child(f.keyword), f.detail))
	}
	if n.hasProperty("metadata") {
		errs = append(errs, field.Forbidden(path.Child("properties").Key("metadata"), "must not be specified in a nested context"))
	}
	return errs
}

// forbidden is a keyword a nested schema sets and may not, with the
// reason.
type forbidden struct{ keyword, detail string }

// forbiddenInNested returns the keywords that n sets and may not, in the
// server's order.
func forbiddenInNested(n *Nested) []forbidden {
	g, e := &n.ForbiddenGenerics, &n.ForbiddenExtensions
	var out []forbidden
	for _, c := range [...]struct {
		set bool
		f   forbidden
	}{
		{g.Type != "", forbidden{"type", "must be empty to be structural"}},
		{n.AdditionalProperties, forbidden{"additionalProperties", "must be undefined to be structural"}},
		{g.Default != nil, forbidden{"default", "must be undefined to be structural"}},
		{g.Title != "", forbidden{"title", "must be empty to be structural"}},
		{g.Description != "", forbidden{"description", "must be empty to be structural"}},
		{g.Nullable, forbidden{"nullable", "must be false to be structural"}},
		{e.XPreserveUnknownFields, forbidden{"x-kubernetes-preserve-unknown-fields", "must be false to be structural"}},
		{e.XEmbeddedResource, forbidden{"x-kubernetes-embedded-resource", "must be false to be structural"}},
		{e.XIntOrString, forbidden{"x-kubernetes-int-or-string", "must be false to be structural"}},
		{len(e.XListMapKeys) > 0, forbidden{"x-kubernetes-list-map-keys", "must be empty to be structural"}},
		{e.XListType != nil, forbidden{"x-kubernetes-list-type", "must be undefined to be structural"}},
		{e.XMapType != nil, forbidden{"x-kubernetes-map-type", "must be undefined to be structural"}},
		{n.XValidations, forbidden{"x-kubernetes-validations", "must be empty to be structural"}},
	} {
		if c.set {
			out = append(out, c.f)
		}
	}
	return out
}
