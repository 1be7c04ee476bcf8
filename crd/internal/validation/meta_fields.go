package validation

import (
	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/field"
	"github.com/kubeversion/kubeversion/crd/internal/objectmeta"
)

// validateMetaLists checks the labels, annotations, owner references,
// finalizers (on create) and managed fields of m, the metadata of a CRD,
// with the checks the server applies to the metadata of every object.
func validateMetaLists(m *api.Metadata, finalizers bool) field.ErrorList {
	return objectmeta.Lists{
		Labels: m.Labels, Annotations: m.Annotations, OwnerReferences: ownerReferences(m.OwnerReferences),
		Finalizers: m.Finalizers, ManagedFields: managedFields(m.ManagedFields),
	}.Validate(finalizers)
}

// ownerReferences converts refs for their checks, which print them with
// the same JSON names.
func ownerReferences(refs []api.OwnerReference) []objectmeta.OwnerReference {
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
func managedFields(fields []api.ManagedField) []objectmeta.ManagedField {
	out := make([]objectmeta.ManagedField, len(fields))
	for i, f := range fields {
		out[i] = objectmeta.ManagedField{
			Manager: f.Manager, Operation: f.Operation, APIVersion: f.APIVersion,
			FieldsType: f.FieldsType, Subresource: f.Subresource,
		}
	}
	return out
}
