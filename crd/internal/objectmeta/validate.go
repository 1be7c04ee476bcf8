package objectmeta

import (
	"fmt"
	"strings"

	"github.com/kubeversion/kubeversion/crd/internal/field"
	"github.com/kubeversion/kubeversion/crd/internal/names"
	"github.com/kubeversion/kubeversion/crd/internal/structural"
)

// Validate is the server's objectmeta.Validate: in every embedded resource
// in x (and in x when isResourceRoot), apiVersion and kind are required,
// non-empty strings, apiVersion a group/version and kind a DNS-1035 label
// in any case, and metadata must read (see [Read]) and be valid on create
// (a missing name is not an error). Errors are at their paths below path,
// in the order of [Coerce]'s walk.
func Validate(path *field.Path, x any, s *structural.Structural, isResourceRoot bool) field.ErrorList {
	var errs field.ErrorList
	resources(path, x, s, isResourceRoot, func(path *field.Path, obj map[string]any) bool {
		errs = validateResource(path, obj, errs)
		return true
	})
	return errs
}

// validateResource appends to errs what is wrong with the apiVersion,
// kind and metadata of obj, an embedded resource at path, as the
// server's validateEmbeddedResource finds.
func validateResource(path *field.Path, obj map[string]any, errs field.ErrorList) field.ErrorList {
	for _, k := range [...]string{"apiVersion", "kind"} {
		if _, ok := obj[k]; !ok {
			errs = append(errs, field.Required(path.Child(k), ""))
		}
	}
	if v, ok := obj["apiVersion"]; ok {
		errs = validateTypeField(path.Child("apiVersion"), v, apiVersionErrors, errs)
	}
	if v, ok := obj["kind"]; ok {
		errs = validateTypeField(path.Child("kind"), v, kindErrors, errs)
	}
	if v, ok := obj["metadata"]; ok {
		p := path.Child("metadata")
		if m, err := Read(v); err != nil {
			errs = append(errs, field.Invalid(p, v, err.Error()))
		} else {
			errs = m.validate(p, errs)
		}
	}
	return errs
}

// validateTypeField appends what is wrong with v, the apiVersion or kind
// at path: not a string, empty, or what check finds in the string.
func validateTypeField(path *field.Path, v any, check func(string) string, errs field.ErrorList) field.ErrorList {
	s, isString := v.(string)
	switch {
	case !isString:
		return append(errs, field.Invalid(path, v, "must be a string"))
	case s == "":
		return append(errs, field.Invalid(path, s, "must not be empty"))
	}
	if msg := check(s); msg != "" {
		errs = append(errs, field.Invalid(path, s, msg))
	}
	return errs
}

// apiVersionErrors is the error of schema.ParseGroupVersion.
func apiVersionErrors(s string) string {
	if strings.Count(s, "/") > 1 {
		return "unexpected GroupVersion string: " + s
	}
	return ""
}

// kindErrors is the check of a kind: a DNS-1035 label in any case.
func kindErrors(s string) string {
	if msgs := names.DNS1035Label(strings.ToLower(s)); len(msgs) > 0 {
		return "may have mixed case, but should otherwise match: " + strings.Join(msgs, ",")
	}
	return ""
}

// validate appends what ValidateObjectMeta finds in the metadata m of an
// embedded resource, at path, on create, with a path-segment name check:
// the name ("fakename" when empty, so never required), generateName,
// namespace, generation, labels, annotations, owner references,
// finalizers and managed fields. Unlike the top-level metadata, repeated
// errors are all kept.
func (m Meta) validate(path *field.Path, errs field.ErrorList) field.ErrorList {
	if m.GenerateName != "" {
		for _, msg := range pathSegmentErrors(m.GenerateName, true) {
			errs = append(errs, field.Invalid(path.Child("generateName"), m.GenerateName, msg))
		}
	}
	name := m.Name
	if name == "" {
		name = "fakename"
	}
	for _, msg := range pathSegmentErrors(name, false) {
		errs = append(errs, field.Invalid(path.Child("name"), name, msg))
	}
	if m.Namespace != "" {
		for _, msg := range dns1123LabelErrors(m.Namespace) {
			errs = append(errs, field.Invalid(path.Child("namespace"), m.Namespace, msg))
		}
	}
	if m.Generation < 0 {
		errs = append(errs, field.Invalid(path.Child("generation"), m.Generation, "must be greater than or equal to 0"))
	}
	errs = append(errs, ValidateLabels(path.Child("labels"), m.Labels)...)
	errs = append(errs, ValidateAnnotations(path.Child("annotations"), m.Annotations)...)
	errs = append(errs, ValidateOwnerReferences(path.Child("ownerReferences"), m.OwnerReferences())...)
	errs = append(errs, ValidateFinalizers(path.Child("finalizers"), m.Finalizers())...)
	return append(errs, ValidateManagedFields(path.Child("managedFields"), m.ManagedFields())...)
}

// pathSegmentErrors is content.IsPathSegmentName (or, for a prefix,
// IsPathSegmentPrefix).
func pathSegmentErrors(name string, prefix bool) []string {
	var msgs []string
	if !prefix && (name == "." || name == "..") {
		msgs = append(msgs, fmt.Sprintf("may not be '%s'", name))
	}
	for _, c := range []string{"/", "%"} {
		if strings.Contains(name, c) {
			msgs = append(msgs, fmt.Sprintf("may not contain '%s'", c))
		}
	}
	return msgs
}

// dns1123LabelErrors is content.IsDNS1123Label's messages.
func dns1123LabelErrors(s string) []string {
	var msgs []string
	if len(s) > 63 {
		msgs = append(msgs, "must be no more than 63 characters")
	}
	switch {
	case names.IsDNS1123Label(s):
	case names.IsDNS1123Subdomain(s):
		// A valid subdomain that is not a label has dots.
		msgs = append(msgs, "must not contain dots")
	default:
		msgs = append(msgs, "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', "+
			"and must start and end with an alphanumeric character "+
			"(e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')")
	}
	return msgs
}
