package crd

// ownerReferences returns the owner references of m as the server reads
// them into an ObjectMeta: a null entry is an empty reference.
func (m objectMeta) ownerReferences() []OwnerReference {
	list, _ := m.normalized["ownerReferences"].([]any)
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

// finalizers returns the finalizers of m; a null entry is "".
func (m objectMeta) finalizers() []string {
	list, _ := m.normalized["finalizers"].([]any)
	fs := make([]string, len(list))
	for i, e := range list {
		fs[i], _ = e.(string)
	}
	return fs
}

// managedFields returns the managed fields entries of m, with the fields
// that their validation reads.
func (m objectMeta) managedFields() []ManagedField {
	list, _ := m.normalized["managedFields"].([]any)
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
