package validation

import (
	"strings"

	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/field"
	"github.com/kubeversion/kubeversion/crd/internal/names"
)

// validateNames checks spec.names or status.acceptedNames (at path) as
// ValidateCustomResourceDefinitionNames: each name present must be a
// DNS-1035 label, kind and listKind after lowercasing; every short name
// and category, even an empty one.
func validateNames(n *api.Names, path *field.Path) field.ErrorList {
	const mixed = "may have mixed case, but should otherwise match: "
	var errs field.ErrorList
	errs = appendLabelError(errs, path, "plural", n.Plural, "", n.Plural)
	errs = appendLabelError(errs, path, "singular", n.Singular, "", n.Singular)
	errs = appendLabelError(errs, path, "kind", n.Kind, mixed, strings.ToLower(n.Kind))
	errs = appendLabelError(errs, path, "listKind", n.ListKind, mixed, strings.ToLower(n.ListKind))
	for i, s := range n.ShortNames {
		if msgs := names.DNS1035Label(s); msgs != nil {
			errs = append(errs, field.Invalid(path.Child("shortNames").Index(i), s, strings.Join(msgs, ",")))
		}
	}
	if n.Kind != "" && n.Kind == n.ListKind {
		errs = append(errs, field.Invalid(path.Child("listKind"), n.ListKind, "kind and listKind may not be the same"))
	}
	for i, s := range n.Categories {
		if msgs := names.DNS1035Label(s); msgs != nil {
			errs = append(errs, field.Invalid(path.Child("categories").Index(i), s, strings.Join(msgs, ",")))
		}
	}
	return errs
}

// appendLabelError appends the error of a name that is set and whose
// checked form is not a DNS-1035 label.
func appendLabelError(errs field.ErrorList, path *field.Path, name, value, prefix, checked string) field.ErrorList {
	if value == "" {
		return errs
	}
	if msgs := names.DNS1035Label(checked); msgs != nil {
		errs = append(errs, field.Invalid(path.Child(name), value, prefix+strings.Join(msgs, ",")))
	}
	return errs
}
