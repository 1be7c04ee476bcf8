package objectmeta

import "github.com/kubeversion/kubeversion/crd/internal/field"

// Lists are the labels, annotations, owner references, finalizers and
// managed fields of the metadata of an object, which the API server
// checks alike in every object at their paths under metadata.
type Lists struct {
	Labels          map[string]string
	Annotations     map[string]string
	OwnerReferences []OwnerReference
	Finalizers      []string
	ManagedFields   []ManagedField
}

// Validate checks l in the server's order, at metadata.labels and so on:
// labels, annotations, owner references, the finalizers when finalizers
// is true (on create), and managed fields.
func (l Lists) Validate(finalizers bool) field.ErrorList {
	errs := ValidateLabels(labelsPath, l.Labels)
	errs = append(errs, ValidateAnnotations(annotationsPath, l.Annotations)...)
	errs = append(errs, ValidateOwnerReferences(ownerReferencesPath, l.OwnerReferences)...)
	if finalizers {
		errs = append(errs, ValidateFinalizers(finalizersPath, l.Finalizers)...)
	}
	return append(errs, ValidateManagedFields(managedFieldsPath, l.ManagedFields)...)
}

// lists returns the lists of m.
func (m Meta) lists() Lists {
	return Lists{m.Labels, m.Annotations, m.OwnerReferences(), m.Finalizers(), m.ManagedFields()}
}
