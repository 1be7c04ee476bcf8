package objectmeta

import (
	"strings"

	"github.com/kubeversion/kubeversion/crd/internal/field"
	"github.com/kubeversion/kubeversion/crd/internal/names"
)

// rootPath is the path of a resource's own metadata; the others, of the
// lists in it that every validation checks, are built once, so as not to
// allocate where nothing fails.
var (
	rootPath            = field.NewPath("metadata")
	labelsPath          = rootPath.Child("labels")
	annotationsPath     = rootPath.Child("annotations")
	ownerReferencesPath = rootPath.Child("ownerReferences")
	finalizersPath      = rootPath.Child("finalizers")
	managedFieldsPath   = rootPath.Child("managedFields")
)

// ValidateCreate checks the metadata m of a custom resource being created
// as the server's custom resource strategy does
// (ValidateObjectMetaDeclaratively on create, whose declarative rules are
// all alpha and so add nothing): the name (required) and generateName
// DNS-1123 subdomains, generateName with a trailing '-' masked, the
// namespace required and a DNS-1123 label when namespaceScoped, forbidden
// otherwise, then generation, labels, annotations, owner references,
// finalizers and managed fields. For example, {} in a namespace-scoped
// resource gives
//
//	metadata.name: Required value: name or generateName is required
//	metadata.namespace: Required value
//
// It expects the name generated from generateName, as the server does
// before it validates.
func ValidateCreate(m Meta, namespaceScoped bool) field.ErrorList {
	return validateRoot(m, namespaceScoped, nameIsDNSSubdomain)
}

// ValidateGenericCreate checks m as the server's rest.ValidateCreate does
// once the strategy found nothing wrong: [ValidateCreate] with names
// checked as path segments (not "." or "..", no '/' or '%'). For example,
// a name "a/b" gives
//
//	metadata.name: Invalid value: "a/b": may not contain '/'
func ValidateGenericCreate(m Meta, namespaceScoped bool) field.ErrorList {
	return validateRoot(m, namespaceScoped, pathSegmentErrors)
}

// validateRoot is the server's ValidateObjectMetaAccessor at "metadata",
// with nameErrors to check the name and generateName.
func validateRoot(m Meta, namespaceScoped bool, nameErrors func(name string, prefix bool) []string) field.ErrorList {
	var errs field.ErrorList
	if m.GenerateName != "" {
		for _, msg := range nameErrors(m.GenerateName, true) {
			errs = append(errs, field.Invalid(rootPath.Child("generateName"), m.GenerateName, msg))
		}
	}
	if m.Name == "" {
		errs = append(errs, field.Required(rootPath.Child("name"), "name or generateName is required"))
	} else {
		for _, msg := range nameErrors(m.Name, false) {
			errs = append(errs, field.Invalid(rootPath.Child("name"), m.Name, msg))
		}
	}
	switch {
	case namespaceScoped && m.Namespace == "":
		errs = append(errs, field.Required(rootPath.Child("namespace"), ""))
	case namespaceScoped:
		for _, msg := range dns1123LabelErrors(m.Namespace) {
			errs = append(errs, field.Invalid(rootPath.Child("namespace"), m.Namespace, msg))
		}
	case m.Namespace != "":
		errs = append(errs, field.Forbidden(rootPath.Child("namespace"), "not allowed on this type"))
	}
	errs = appendNegativeGeneration(errs, m.Generation)
	return append(errs, m.lists().Validate(true)...)
}

// appendNegativeGeneration is ValidateNonnegativeField of generation.
func appendNegativeGeneration(errs field.ErrorList, generation int64) field.ErrorList {
	if generation < 0 {
		errs = append(errs, field.Invalid(rootPath.Child("generation"), generation, "must be greater than or equal to 0"))
	}
	return errs
}

// nameIsDNSSubdomain is the server's NameIsDNSSubdomain. For a prefix,
// its maskTrailingDash replaces the last TWO bytes of a name ending in
// '-' with "a", so that "ab_-" passes as "aba".
func nameIsDNSSubdomain(name string, prefix bool) []string {
	if prefix && len(name) > 1 && strings.HasSuffix(name, "-") {
		name = name[:len(name)-2] + "a"
	}
	return names.DNS1123Subdomain(name)
}
