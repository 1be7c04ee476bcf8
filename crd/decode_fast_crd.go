package crd

// The readers of the structs of a CustomResourceDefinition, outside its
// schemas. Each reads an object, or null, which leaves the struct as it
// is; each numbers its fields for once, in the order of the cases.

func (d *byteDecoder) crd(c *CustomResourceDefinition) {
	if !d.object() {
		return
	}
	var set fieldSet
	for i := 0; d.more('}', i); i++ {
		switch key := d.key(); string(key) {
		case "apiVersion":
			d.once(&set, 0)
			d.string(&c.APIVersion)
		case "kind":
			d.once(&set, 1)
			d.string(&c.Kind)
		case "metadata":
			d.once(&set, 2)
			path := (*fieldPath)(nil).field("metadata", true)
			d.metadata(&c.Metadata, &path)
		case "spec":
			d.once(&set, 3)
			path := (*fieldPath)(nil).field("spec", true)
			d.spec(&c.Spec, &path)
		case "status":
			d.once(&set, 4)
			path := (*fieldPath)(nil).field("status", true)
			d.status(&c.Status, &path)
		default:
			d.unknown(key, nil, &set)
		}
	}
}

func (d *byteDecoder) metadata(m *Metadata, path *fieldPath) {
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
			child := path.field("ownerReferences", true)
			listAt(d, &m.OwnerReferences, &child, (*byteDecoder).ownerReference)
		case "finalizers":
			d.once(&set, 13)
			list(d, &m.Finalizers, (*byteDecoder).string)
		case "managedFields":
			d.once(&set, 14)
			child := path.field("managedFields", true)
			listAt(d, &m.ManagedFields, &child, (*byteDecoder).managedField)
		default:
			d.unknown(key, path, &set)
		}
	}
}

func (d *byteDecoder) ownerReference(o *OwnerReference, path *fieldPath) {
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

func (d *byteDecoder) managedField(m *ManagedField, path *fieldPath) {
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

func (d *byteDecoder) spec(s *Spec, path *fieldPath) {
	if !d.object() {
		return
	}
	var set fieldSet
	for i := 0; d.more('}', i); i++ {
		switch key := d.key(); string(key) {
		case "group":
			d.once(&set, 0)
			d.string(&s.Group)
		case "names":
			d.once(&set, 1)
			child := path.field("names", true)
			d.names(&s.Names, &child)
		case "scope":
			d.once(&set, 2)
			d.string(&s.Scope)
		case "versions":
			d.once(&set, 3)
			child := path.field("versions", true)
			listAt(d, &s.Versions, &child, (*byteDecoder).version)
		case "conversion":
			d.once(&set, 4)
			child := path.field("conversion", true)
			optionalAt(d, &s.Conversion, &child, (*byteDecoder).conversion)
		case "preserveUnknownFields":
			d.once(&set, 5)
			d.bool(&s.PreserveUnknownFields)
		default:
			d.unknown(key, path, &set)
		}
	}
}

func (d *byteDecoder) names(n *Names, path *fieldPath) {
	if !d.object() {
		return
	}
	var set fieldSet
	for i := 0; d.more('}', i); i++ {
		switch key := d.key(); string(key) {
		case "plural":
			d.once(&set, 0)
			d.string(&n.Plural)
		case "singular":
			d.once(&set, 1)
			d.string(&n.Singular)
		case "shortNames":
			d.once(&set, 2)
			list(d, &n.ShortNames, (*byteDecoder).string)
		case "kind":
			d.once(&set, 3)
			d.string(&n.Kind)
		case "listKind":
			d.once(&set, 4)
			d.string(&n.ListKind)
		case "categories":
			d.once(&set, 5)
			list(d, &n.Categories, (*byteDecoder).string)
		default:
			d.unknown(key, path, &set)
		}
	}
}

func (d *byteDecoder) version(v *Version, path *fieldPath) {
	if !d.object() {
		return
	}
	var set fieldSet
	for i := 0; d.more('}', i); i++ {
		switch key := d.key(); string(key) {
		case "name":
			d.once(&set, 0)
			d.string(&v.Name)
		case "served":
			d.once(&set, 1)
			d.bool(&v.Served)
		case "storage":
			d.once(&set, 2)
			d.bool(&v.Storage)
		case "deprecated":
			d.once(&set, 3)
			d.bool(&v.Deprecated)
		case "deprecationWarning":
			d.once(&set, 4)
			optional(d, &v.DeprecationWarning, (*byteDecoder).string)
		case "schema":
			d.once(&set, 5)
			child := path.field("schema", true)
			optionalAt(d, &v.Schema, &child, (*byteDecoder).versionSchema)
		case "subresources":
			d.once(&set, 6)
			child := path.field("subresources", true)
			optionalAt(d, &v.Subresources, &child, (*byteDecoder).subresources)
		case "additionalPrinterColumns":
			d.once(&set, 7)
			child := path.field("additionalPrinterColumns", true)
			listAt(d, &v.AdditionalPrinterColumns, &child, (*byteDecoder).printerColumn)
		case "selectableFields":
			d.once(&set, 8)
			child := path.field("selectableFields", true)
			listAt(d, &v.SelectableFields, &child, (*byteDecoder).selectableField)
		default:
			d.unknown(key, path, &set)
		}
	}
}

func (d *byteDecoder) versionSchema(s *Schema, path *fieldPath) {
	if !d.object() {
		return
	}
	var set fieldSet
	for i := 0; d.more('}', i); i++ {
		switch key := d.key(); string(key) {
		case "openAPIV3Schema":
			d.once(&set, 0)
			child := path.field("openAPIV3Schema", true)
			optionalAt(d, &s.OpenAPIV3Schema, &child, (*byteDecoder).schema)
		default:
			d.unknown(key, path, &set)
		}
	}
}
