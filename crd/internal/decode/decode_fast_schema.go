package decode

import "github.com/kubeversion/kubeversion/crd/internal/api"

// The readers of a schema, its wrappers and the structs in it.

func (d *byteDecoder) schema(s *api.JSONSchemaProps, path *api.FieldPath) {
	if !d.object() {
		return
	}
	var set fieldSet
	for i := 0; d.more('}', i); i++ {
		key := d.key()
		switch string(key) {
		case "id":
			d.once(&set, 0)
			d.string(&s.ID)
		case "$schema":
			d.once(&set, 1)
			d.string(&s.Schema)
		case "$ref":
			d.once(&set, 2)
			optional(d, &s.Ref, (*byteDecoder).string)
		case "description":
			d.once(&set, 3)
			d.string(&s.Description)
		case "type":
			d.once(&set, 4)
			d.string(&s.Type)
		case "format":
			d.once(&set, 5)
			d.string(&s.Format)
		case "title":
			d.once(&set, 6)
			d.string(&s.Title)
		case "default":
			d.once(&set, 7)
			optional(d, &s.Default, (*byteDecoder).json)
		case "maximum":
			d.once(&set, 8)
			optional(d, &s.Maximum, (*byteDecoder).float64)
		case "exclusiveMaximum":
			d.once(&set, 9)
			d.bool(&s.ExclusiveMaximum)
		case "minimum":
			d.once(&set, 10)
			optional(d, &s.Minimum, (*byteDecoder).float64)
		case "exclusiveMinimum":
			d.once(&set, 11)
			d.bool(&s.ExclusiveMinimum)
		case "maxLength":
			d.once(&set, 12)
			optional(d, &s.MaxLength, (*byteDecoder).int64)
		case "minLength":
			d.once(&set, 13)
			optional(d, &s.MinLength, (*byteDecoder).int64)
		case "pattern":
			d.once(&set, 14)
			d.string(&s.Pattern)
		case "maxItems":
			d.once(&set, 15)
			optional(d, &s.MaxItems, (*byteDecoder).int64)
		case "minItems":
			d.once(&set, 16)
			optional(d, &s.MinItems, (*byteDecoder).int64)
		case "uniqueItems":
			d.once(&set, 17)
			d.bool(&s.UniqueItems)
		case "multipleOf":
			d.once(&set, 18)
			optional(d, &s.MultipleOf, (*byteDecoder).float64)
		case "enum":
			d.once(&set, 19)
			decodeList(d, &s.Enum, (*byteDecoder).json)
		case "maxProperties":
			d.once(&set, 20)
			optional(d, &s.MaxProperties, (*byteDecoder).int64)
		case "minProperties":
			d.once(&set, 21)
			optional(d, &s.MinProperties, (*byteDecoder).int64)
		case "required":
			d.once(&set, 22)
			decodeList(d, &s.Required, (*byteDecoder).string)
		default:
			d.schemaMore(s, key, &set, path)
		}
	}
}

// schemaMore reads the fields of a schema that hold schemas, and its
// extensions.
func (d *byteDecoder) schemaMore(s *api.JSONSchemaProps, key []byte, set *fieldSet, path *api.FieldPath) {
	switch string(key) {
	case "items":
		d.once(set, 23)
		d.unstrict(func() { d.orArray(&s.Items) })
	case "allOf":
		d.once(set, 24)
		child := path.Field("allOf", true)
		d.schemaList(&s.AllOf, &child)
	case "oneOf":
		d.once(set, 25)
		child := path.Field("oneOf", true)
		d.schemaList(&s.OneOf, &child)
	case "anyOf":
		d.once(set, 26)
		child := path.Field("anyOf", true)
		d.schemaList(&s.AnyOf, &child)
	case "not":
		d.once(set, 27)
		child := path.Field("not", true)
		optionalAt(d, &s.Not, &child, (*byteDecoder).schema)
	case "properties":
		d.once(set, 28)
		child := path.Field("properties", true)
		d.schemaMap(&s.Properties, &child)
	case "additionalProperties":
		d.once(set, 29)
		d.unstrict(func() { d.orBool(&s.AdditionalProperties) })
	case "patternProperties":
		d.once(set, 30)
		child := path.Field("patternProperties", true)
		d.schemaMap(&s.PatternProperties, &child)
	case "dependencies":
		d.once(set, 31)
		child := path.Field("dependencies", true)
		decodeMapAt(d, &s.Dependencies, &child, (*byteDecoder).orStringArray)
	case "additionalItems":
		d.once(set, 32)
		d.unstrict(func() { d.orBool(&s.AdditionalItems) })
	case "definitions":
		d.once(set, 33)
		child := path.Field("definitions", true)
		d.schemaMap(&s.Definitions, &child)
	case "externalDocs":
		d.once(set, 34)
		child := path.Field("externalDocs", true)
		optionalAt(d, &s.ExternalDocs, &child, (*byteDecoder).externalDocs)
	case "example":
		d.once(set, 35)
		optional(d, &s.Example, (*byteDecoder).json)
	case "nullable":
		d.once(set, 36)
		d.bool(&s.Nullable)
	case "x-kubernetes-preserve-unknown-fields":
		d.once(set, 37)
		optional(d, &s.XPreserveUnknownFields, (*byteDecoder).bool)
	case "x-kubernetes-embedded-resource":
		d.once(set, 38)
		d.bool(&s.XEmbeddedResource)
	case "x-kubernetes-int-or-string":
		d.once(set, 39)
		d.bool(&s.XIntOrString)
	case "x-kubernetes-list-map-keys":
		d.once(set, 40)
		decodeList(d, &s.XListMapKeys, (*byteDecoder).string)
	case "x-kubernetes-list-type":
		d.once(set, 41)
		optional(d, &s.XListType, (*byteDecoder).string)
	case "x-kubernetes-map-type":
		d.once(set, 42)
		optional(d, &s.XMapType, (*byteDecoder).string)
	case "x-kubernetes-validations":
		d.once(set, 43)
		child := path.Field("x-kubernetes-validations", true)
		decodeListAt(d, &s.XValidations, &child, (*byteDecoder).validationRule)
	default:
		d.unknown(key, path, set)
	}
}

// unstrict runs read without the strict checks, as the server decodes
// the wrappers.
func (d *byteDecoder) unstrict(read func()) {
	strict := d.strict
	d.strict = false
	read()
	d.strict = strict
}

// orArray reads items as JSONSchemaPropsOrArray.UnmarshalJSON does: a
// schema, a list of schemas, and any other value but null as neither.
func (d *byteDecoder) orArray(p **api.JSONSchemaPropsOrArray) {
	if d.null() {
		*p = nil
		return
	}
	w := new(api.JSONSchemaPropsOrArray)
	switch d.next() {
	case '{':
		w.Schema = new(api.JSONSchemaProps)
		d.schema(w.Schema, nil)
	case '[':
		d.schemaList(&w.JSONSchemas, nil)
	default:
		d.skip()
	}
	*p = w
}

// orBool reads a boolean or a schema as
// JSONSchemaPropsOrBool.UnmarshalJSON does; it declines its errors.
func (d *byteDecoder) orBool(p **api.JSONSchemaPropsOrBool) {
	if d.null() {
		*p = nil
		return
	}
	w := new(api.JSONSchemaPropsOrBool)
	switch d.next() {
	case '{':
		w.Allows = true
		w.Schema = new(api.JSONSchemaProps)
		d.schema(w.Schema, nil)
	case 't':
		d.literal("true")
		w.Allows = true
	case 'f':
		d.literal("false")
	default:
		d.decline()
	}
	*p = w
}

// orStringArray reads a value of dependencies as
// JSONSchemaPropsOrStringArray.UnmarshalJSON does: a schema, a list of
// names, and any other value, null too, as neither. Its path is unused:
// the strict checks are off under it.
func (d *byteDecoder) orStringArray(w *api.JSONSchemaPropsOrStringArray, _ *api.FieldPath) {
	strict := d.strict
	d.strict = false
	switch d.next() {
	case '{':
		w.Schema = new(api.JSONSchemaProps)
		d.schema(w.Schema, nil)
	case '[':
		decodeList(d, &w.Property, (*byteDecoder).string)
	default:
		d.skip()
	}
	d.strict = strict
}

// schemaList is decodeListAt for schemas, and schemaMap decodeMapAt: called
// directly, not through a func value, they let the compiler keep the
// paths and the schema being read on the stack.
func (d *byteDecoder) schemaList(p *[]api.JSONSchemaProps, path *api.FieldPath) {
	if !d.array() {
		*p = nil
		return
	}
	list := []api.JSONSchemaProps{}
	for i := 0; d.more(']', i); i++ {
		list = append(list, api.JSONSchemaProps{})
		child := path.Element(i)
		d.schema(&list[i], &child)
	}
	*p = list
}

func (d *byteDecoder) schemaMap(p *map[string]api.JSONSchemaProps, path *api.FieldPath) {
	if !d.object() {
		*p = nil
		return
	}
	m := map[string]api.JSONSchemaProps{}
	for i := 0; d.more('}', i); i++ {
		k := string(d.key())
		if _, dup := m[k]; dup {
			d.decline()
		}
		v := d.takeSchema()
		child := path.Field(k, false)
		d.schema(v, &child)
		m[k] = *v
		d.scratchUsed--
	}
	*p = m
}

// takeSchema returns a zeroed schema to read a property into before it is
// copied into its map: one for each level of nesting, taken and given
// back in turn, where a variable of its own went to the heap for every
// property, 17 MB of the 297 MB that lint allocated on the operators'
// corpus.
func (d *byteDecoder) takeSchema() *api.JSONSchemaProps {
	if d.scratchUsed == len(d.scratch) {
		d.scratch = append(d.scratch, new(api.JSONSchemaProps))
	}
	s := d.scratch[d.scratchUsed]
	d.scratchUsed++
	*s = api.JSONSchemaProps{}
	return s
}
