package crd

import "github.com/kubeversion/kubeversion/crd/internal/objectmeta"

// ValidateLabels checks labels found at field (such as "metadata.labels")
// as the API server's ValidateLabels does: each key a qualified name, each
// value a label value. The server visits the map in random order; here
// keys come sorted. For example, the label {"bad key!": "v"} gives
//
//	metadata.labels: Invalid value: "bad key!": name part must consist of alphanumeric characters, ...
func ValidateLabels(field string, labels map[string]string) ErrorList {
	return objectmeta.ValidateLabels(field, labels)
}

// ValidateAnnotations checks annotations found at field (such as
// "metadata.annotations") as the API server's ValidateAnnotations does:
// each key, lowercased, a qualified name; keys and values at most 256 KiB
// together. Keys come sorted. For example, the annotation {"a/b/c": ""}
// gives
//
//	metadata.annotations: Invalid value: "a/b/c": a valid label key must consist of ...
func ValidateAnnotations(field string, annotations map[string]string) ErrorList {
	return objectmeta.ValidateAnnotations(field, annotations)
}

// validateMetaLists checks the labels, annotations, owner references,
// finalizers (on create) and managed fields of m, the metadata of a CRD,
// with the checks the server applies to the metadata of every object.
func validateMetaLists(m *Metadata, finalizers bool) ErrorList {
	errs := ValidateLabels("metadata.labels", m.Labels)
	errs = append(errs, ValidateAnnotations("metadata.annotations", m.Annotations)...)
	errs = append(errs, objectmeta.ValidateOwnerReferences("metadata.ownerReferences", ownerReferences(m.OwnerReferences))...)
	if finalizers {
		errs = append(errs, objectmeta.ValidateFinalizers("metadata.finalizers", m.Finalizers)...)
	}
	return append(errs, objectmeta.ValidateManagedFields("metadata.managedFields", managedFields(m.ManagedFields))...)
}

// ownerReferences converts refs for their checks, which print them with
// the same JSON names.
func ownerReferences(refs []OwnerReference) []objectmeta.OwnerReference {
	if refs == nil {
		return nil
	}
	out := make([]objectmeta.OwnerReference, len(refs))
	for i, r := range refs {
		out[i] = objectmeta.OwnerReference(r)
	}
	return out
}

// managedFields converts fields for their checks, which read their
// strings.
func managedFields(fields []ManagedField) []objectmeta.ManagedField {
	out := make([]objectmeta.ManagedField, len(fields))
	for i, f := range fields {
		out[i] = objectmeta.ManagedField{
			Manager: f.Manager, Operation: f.Operation, APIVersion: f.APIVersion,
			FieldsType: f.FieldsType, Subresource: f.Subresource,
		}
	}
	return out
}
