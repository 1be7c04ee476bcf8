package objectmeta

import "github.com/kubeversion/kubeversion/crd/internal/api"

// OwnerReference is an entry of metadata.ownerReferences, the wire type,
// whose fields have the JSON names of the server's metav1.OwnerReference,
// in its order: an error prints it as the server does.
type OwnerReference = api.OwnerReference

// ManagedField is an entry of metadata.managedFields: the fields that
// [ValidateManagedFields] reads.
type ManagedField struct {
	Manager     string
	Operation   string
	APIVersion  string
	FieldsType  string
	Subresource string
}

// OwnerReferences returns the owner references of m as the server reads
// them into an ObjectMeta: a null entry is an empty reference.
func (m Meta) OwnerReferences() []OwnerReference {
	list, _ := m.Normalized["ownerReferences"].([]any)
	refs := make([]OwnerReference, len(list))
	for i, e := range list {
		obj, _ := e.(map[string]any)
		refs[i].APIVersion, _ = obj["apiVersion"].(string)
		refs[i].Kind, _ = obj["kind"].(string)
		refs[i].Name, _ = obj["name"].(string)
		refs[i].UID, _ = obj["uid"].(string)
		refs[i].Controller = boolField(obj, "controller")
		refs[i].BlockOwnerDeletion = boolField(obj, "blockOwnerDeletion")
	}
	return refs
}

// Finalizers returns the finalizers of m; a null entry is "".
func (m Meta) Finalizers() []string {
	list, _ := m.Normalized["finalizers"].([]any)
	fs := make([]string, len(list))
	for i, e := range list {
		fs[i], _ = e.(string)
	}
	return fs
}

// ManagedFields returns the managed fields entries of m.
func (m Meta) ManagedFields() []ManagedField {
	list, _ := m.Normalized["managedFields"].([]any)
	fields := make([]ManagedField, len(list))
	for i, e := range list {
		obj, _ := e.(map[string]any)
		fields[i].Manager, _ = obj["manager"].(string)
		fields[i].Operation, _ = obj["operation"].(string)
		fields[i].APIVersion, _ = obj["apiVersion"].(string)
		fields[i].FieldsType, _ = obj["fieldsType"].(string)
		fields[i].Subresource, _ = obj["subresource"].(string)
	}
	return fields
}

// boolField is obj[k] as a *bool: nil when absent or not a bool.
func boolField(obj map[string]any, k string) *bool {
	b, ok := obj[k].(bool)
	if !ok {
		return nil
	}
	return &b
}
