package objectmeta

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode"

	"github.com/kubeversion/kubeversion/crd/internal/field"
	"github.com/kubeversion/kubeversion/crd/internal/names"
)

// maxAnnotationsSize is the most bytes that the keys and values of
// metadata.annotations may hold together.
const maxAnnotationsSize = 256 << 10

// ValidateLabels checks labels found at path (such as "metadata.labels")
// as the API server's ValidateLabels does: each key a qualified name, each
// value a label value. The server visits the map in random order; here
// keys come sorted.
func ValidateLabels(path *field.Path, labels map[string]string) field.ErrorList {
	if len(labels) == 0 {
		return nil
	}
	var errs field.ErrorList
	for _, k := range slices.Sorted(maps.Keys(labels)) {
		for _, msg := range names.QualifiedName(k) {
			errs = append(errs, field.Invalid(path, k, msg))
		}
		for _, msg := range names.LabelValue(labels[k]) {
			errs = append(errs, field.Invalid(path, labels[k], msg))
		}
	}
	return errs
}

// ValidateAnnotations checks annotations found at path (such as
// "metadata.annotations") as the API server's ValidateAnnotations does:
// each key, lowercased, a qualified name; keys and values at most 256 KiB
// together. Keys come sorted.
func ValidateAnnotations(path *field.Path, annotations map[string]string) field.ErrorList {
	if len(annotations) == 0 {
		return nil
	}
	var errs field.ErrorList
	size := 0
	for _, k := range slices.Sorted(maps.Keys(annotations)) {
		for _, msg := range names.QualifiedName(strings.ToLower(k)) {
			errs = append(errs, field.Invalid(path, k, msg))
		}
		size += len(k) + len(annotations[k])
	}
	if size > maxAnnotationsSize {
		errs = append(errs, field.TooLong(path, maxAnnotationsSize))
	}
	return errs
}

// ValidateOwnerReferences checks the owner references at path (such as
// "metadata.ownerReferences") as ValidateOwnerReferences: required
// fields, the apiVersion's form, no Event owner, at most one controller.
func ValidateOwnerReferences(path *field.Path, refs []OwnerReference) field.ErrorList {
	var errs field.ErrorList
	firstController := ""
	for i, ref := range refs {
		p := path.Index(i)
		group, version, ok := parseGroupVersion(ref.APIVersion)
		if ref.APIVersion == "" {
			errs = append(errs, field.Required(p.Child("apiVersion"), "must not be empty"))
		} else if !ok || version == "" {
			errs = append(errs, field.Invalid(p.Child("apiVersion"), ref.APIVersion, "must be <group>/<version> or <version>"))
		}
		for _, f := range []struct{ name, value string }{{"kind", ref.Kind}, {"name", ref.Name}, {"uid", ref.UID}} {
			if f.value == "" {
				errs = append(errs, field.Required(p.Child(f.name), "must not be empty"))
			}
		}
		if group == "" && version == "v1" && ref.Kind == "Event" {
			errs = append(errs, field.Invalid(p, ref, "/v1, Kind=Event is disallowed from being an owner"))
		}
		if ref.Controller != nil && *ref.Controller {
			current := ref.Kind + "/" + ref.Name
			if firstController != "" {
				errs = append(errs, field.Invalid(path, refs, `Only one reference can have Controller set to true. Found "true" in references for `+
					firstController+" and "+current))
			} else {
				firstController = current
			}
		}
	}
	return errs
}

// parseGroupVersion is schema.ParseGroupVersion: "" and "/" give empty
// parts; more than one '/' is an error.
func parseGroupVersion(gv string) (group, version string, ok bool) {
	if gv == "" || gv == "/" {
		return "", "", true
	}
	switch strings.Count(gv, "/") {
	case 0:
		return "", gv, true
	case 1:
		group, version, _ = strings.Cut(gv, "/")
		return group, version, true
	}
	return "", "", false
}

// ValidateFinalizers checks the finalizers at path (such as
// "metadata.finalizers") on create: each a qualified name, and not both
// orphan and foregroundDeletion.
func ValidateFinalizers(path *field.Path, finalizers []string) field.ErrorList {
	var errs field.ErrorList
	for _, f := range finalizers {
		for _, msg := range names.QualifiedName(f) {
			errs = append(errs, field.Invalid(path, f, msg))
		}
	}
	if slices.Contains(finalizers, "orphan") && slices.Contains(finalizers, "foregroundDeletion") {
		errs = append(errs, field.Invalid(path, finalizers, "finalizer orphan and foregroundDeletion cannot be both set"))
	}
	return errs
}

// ValidateManagedFields checks the managed fields at path (such as
// "metadata.managedFields") as ValidateManagedFields: the operation, the
// fields type, the manager's length and characters, the subresource's
// length.
func ValidateManagedFields(path *field.Path, fields []ManagedField) field.ErrorList {
	var errs field.ErrorList
	for i, f := range fields {
		p := path.Index(i)
		switch f.Operation {
		case "":
			errs = append(errs, field.Required(p.Child("operation"), "must not be empty"))
		case "Apply", "Update":
		default:
			errs = append(errs, field.NotSupported(p.Child("operation"), f.Operation, "Apply", "Update"))
		}
		if f.FieldsType != "" && f.FieldsType != "FieldsV1" {
			errs = append(errs, field.Invalid(p.Child("fieldsType"), f.FieldsType, "must be `FieldsV1`"))
		}
		if len(f.Manager) > 128 {
			errs = append(errs, field.TooLong(p.Child("manager"), 128))
		}
		for j, r := range f.Manager {
			if !unicode.IsPrint(r) {
				errs = append(errs, field.Invalid(p.Child("manager"), f.Manager, fmt.Sprintf("invalid character %#U (at position %d)", r, j)))
			}
		}
		if len(f.Subresource) > 256 {
			errs = append(errs, field.TooLong(p.Child("subresource"), 256))
		}
	}
	return errs
}
