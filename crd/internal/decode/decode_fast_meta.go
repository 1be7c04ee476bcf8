package decode

import "github.com/kubeversion/kubeversion/crd/internal/api"

// The readers of metadata.

func (d *byteDecoder) metadata(m *api.Metadata, path *api.FieldPath) {
	if !d.object() {
		return
	}
	var set fieldSet
	for i := 0; d.more('}', i); i++ {
		switch key := d.key(); string(key) {
		case "name":
			d.once(&set, 0)
			d.string(&m.Name)
		case "generateName":
			d.once(&set, 1)
			d.string(&m.GenerateName)
		case "namespace":
			d.once(&set, 2)
			d.string(&m.Namespace)
		case "selfLink":
			d.once(&set, 3)
			d.string(&m.SelfLink)
		case "uid":
			d.once(&set, 4)
			d.string(&m.UID)
		case "resourceVersion":
			d.once(&set, 5)
			d.string(&m.ResourceVersion)
		case "generation":
			d.once(&set, 6)
			d.int64(&m.Generation)
		case "creationTimestamp":
			d.once(&set, 7)
			optional(d, &m.CreationTimestamp, (*byteDecoder).json)
		case "deletionTimestamp":
			d.once(&set, 8)
			optional(d, &m.DeletionTimestamp, (*byteDecoder).json)
		case "deletionGracePeriodSeconds":
			d.once(&set, 9)
			optional(d, &m.DeletionGracePeriodSeconds, (*byteDecoder).int64)
		case "labels":
			d.once(&set, 10)
			d.stringMap(&m.Labels)
		case "annotations":
			d.once(&set, 11)
			d.stringMap(&m.Annotations)
		case "ownerReferences":
			d.once(&set, 12)
			child := path.Field("ownerReferences", true)
			decodeListAt(d, &m.OwnerReferences, &child, (*byteDecoder).ownerReference)
		case "finalizers":
			d.once(&set, 13)
			decodeList(d, &m.Finalizers, (*byteDecoder).string)
		case "managedFields":
			d.once(&set, 14)
			child := path.Field("managedFields", true)
			decodeListAt(d, &m.ManagedFields, &child, (*byteDecoder).managedField)
		default:
			d.unknown(key, path, &set)
		}
	}
}

func (d *byteDecoder) ownerReference(o *api.OwnerReference, path *api.FieldPath) {
	if !d.object() {
		return
	}
	var set fieldSet
	for i := 0; d.more('}', i); i++ {
		switch key := d.key(); string(key) {
		case "apiVersion":
			d.once(&set, 0)
			d.string(&o.APIVersion)
		case "kind":
			d.once(&set, 1)
			d.string(&o.Kind)
		case "name":
			d.once(&set, 2)
			d.string(&o.Name)
		case "uid":
			d.once(&set, 3)
			d.string(&o.UID)
		case "controller":
			d.once(&set, 4)
			optional(d, &o.Controller, (*byteDecoder).bool)
		case "blockOwnerDeletion":
			d.once(&set, 5)
			optional(d, &o.BlockOwnerDeletion, (*byteDecoder).bool)
		default:
			d.unknown(key, path, &set)
		}
	}
}

func (d *byteDecoder) managedField(m *api.ManagedField, path *api.FieldPath) {
	if !d.object() {
		return
	}
	var set fieldSet
	for i := 0; d.more('}', i); i++ {
		switch key := d.key(); string(key) {
		case "manager":
			d.once(&set, 0)
			d.string(&m.Manager)
		case "operation":
			d.once(&set, 1)
			d.string(&m.Operation)
		case "apiVersion":
			d.once(&set, 2)
			d.string(&m.APIVersion)
		case "time":
			d.once(&set, 3)
			optional(d, &m.Time, (*byteDecoder).json)
		case "fieldsType":
			d.once(&set, 4)
			d.string(&m.FieldsType)
		case "fieldsV1":
			d.once(&set, 5)
			optional(d, &m.FieldsV1, (*byteDecoder).json)
		case "subresource":
			d.once(&set, 6)
			d.string(&m.Subresource)
		default:
			d.unknown(key, path, &set)
		}
	}
}
