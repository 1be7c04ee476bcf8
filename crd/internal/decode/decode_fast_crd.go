package decode

import "github.com/kubeversion/kubeversion/crd/internal/api"

// The readers of the structs of a CustomResourceDefinition, outside its
// schemas. Each reads an object, or null, which leaves the struct as it
// is; each numbers its fields for once, in the order of the cases.

func (d *byteDecoder) crd(c *api.CustomResourceDefinition) {
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
			path := (*api.FieldPath)(nil).Field("metadata", true)
			d.metadata(&c.Metadata, &path)
		case "spec":
			d.once(&set, 3)
			path := (*api.FieldPath)(nil).Field("spec", true)
			d.spec(&c.Spec, &path)
		case "status":
			d.once(&set, 4)
			path := (*api.FieldPath)(nil).Field("status", true)
			d.status(&c.Status, &path)
		default:
			d.unknown(key, nil, &set)
		}
	}
}

func (d *byteDecoder) spec(s *api.Spec, path *api.FieldPath) {
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
			child := path.Field("names", true)
			d.names(&s.Names, &child)
		case "scope":
			d.once(&set, 2)
			d.string(&s.Scope)
		case "versions":
			d.once(&set, 3)
			child := path.Field("versions", true)
			decodeListAt(d, &s.Versions, &child, (*byteDecoder).version)
		case "conversion":
			d.once(&set, 4)
			child := path.Field("conversion", true)
			optionalAt(d, &s.Conversion, &child, (*byteDecoder).conversion)
		case "preserveUnknownFields":
			d.once(&set, 5)
			d.bool(&s.PreserveUnknownFields)
		default:
			d.unknown(key, path, &set)
		}
	}
}

func (d *byteDecoder) names(n *api.Names, path *api.FieldPath) {
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
			decodeList(d, &n.ShortNames, (*byteDecoder).string)
		case "kind":
			d.once(&set, 3)
			d.string(&n.Kind)
		case "listKind":
			d.once(&set, 4)
			d.string(&n.ListKind)
		case "categories":
			d.once(&set, 5)
			decodeList(d, &n.Categories, (*byteDecoder).string)
		default:
			d.unknown(key, path, &set)
		}
	}
}

func (d *byteDecoder) version(v *api.Version, path *api.FieldPath) {
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
			child := path.Field("schema", true)
			optionalAt(d, &v.Schema, &child, (*byteDecoder).versionSchema)
		case "subresources":
			d.once(&set, 6)
			child := path.Field("subresources", true)
			optionalAt(d, &v.Subresources, &child, (*byteDecoder).subresources)
		case "additionalPrinterColumns":
			d.once(&set, 7)
			child := path.Field("additionalPrinterColumns", true)
			decodeListAt(d, &v.AdditionalPrinterColumns, &child, (*byteDecoder).printerColumn)
		case "selectableFields":
			d.once(&set, 8)
			child := path.Field("selectableFields", true)
			decodeListAt(d, &v.SelectableFields, &child, (*byteDecoder).selectableField)
		default:
			d.unknown(key, path, &set)
		}
	}
}

func (d *byteDecoder) versionSchema(s *api.Schema, path *api.FieldPath) {
	if !d.object() {
		return
	}
	var set fieldSet
	for i := 0; d.more('}', i); i++ {
		switch key := d.key(); string(key) {
		case "openAPIV3Schema":
			d.once(&set, 0)
			child := path.Field("openAPIV3Schema", true)
			optionalAt(d, &s.OpenAPIV3Schema, &child, (*byteDecoder).schema)
		default:
			d.unknown(key, path, &set)
		}
	}
}
