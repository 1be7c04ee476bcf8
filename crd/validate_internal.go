package crd

import (
	"github.com/kubeversion/kubeversion/crd/internal/api"
	"reflect"
	"strings"
)

// hoisted says which per-version fields the API server's conversion to
// its internal type moves to the top level of the spec: those equal in
// every version (nil and empty counting as equal). A field moved up is
// checked once, at spec.validation, spec.subresources,
// spec.additionalPrinterColumns or spec.selectableFields, and no longer
// per version.
type hoisted struct {
	schema, subresources, columns, selectableFields bool
}

func hoist(versions []Version) hoisted {
	if len(versions) == 0 {
		return hoisted{}
	}
	h := hoisted{true, true, true, true}
	first := &versions[0]
	for i := range versions[1:] {
		v := &versions[i+1]
		h.schema = h.schema && semanticEqual(v.Schema, first.Schema)
		h.subresources = h.subresources && semanticEqual(v.Subresources, first.Subresources)
		h.columns = h.columns && semanticEqual(v.AdditionalPrinterColumns, first.AdditionalPrinterColumns)
		h.selectableFields = h.selectableFields && semanticEqual(v.SelectableFields, first.SelectableFields)
	}
	return h
}

// internalSpec is spec as the API server validates it: defaulted, and
// converted to the internal type, where fields common to all versions sit
// at the top level and versions[0].name is repeated as version.
type internalSpec struct {
	*Spec                              // the original, for what is unchanged
	names            Names             // defaulted singular and listKind
	conversion       *Conversion       // a missing conversion reads as None
	versions         []Version         // copies without the hoisted fields
	version          string            // versions[0].name
	validation       *Schema           // hoisted schema
	subresources     *Subresources     // hoisted subresources
	columns          []PrinterColumn   // hoisted additionalPrinterColumns
	selectableFields []SelectableField // hoisted selectableFields
	hoisting         hoisted           // which of the four are hoisted
	// firstOfName maps a version name to the index of its first version,
	// when some version has its own subresources; else it is nil.
	firstOfName map[string]int
}

func newInternalSpec(s *Spec) *internalSpec {
	in := &internalSpec{Spec: s, names: s.Names, conversion: s.Conversion}
	if in.names.Singular == "" {
		in.names.Singular = strings.ToLower(in.names.Kind)
	}
	if in.names.ListKind == "" && in.names.Kind != "" {
		in.names.ListKind = in.names.Kind + "List"
	}
	if in.conversion == nil {
		in.conversion = &Conversion{Strategy: NoneConverter}
	}
	if len(s.Versions) == 0 {
		in.versions = s.Versions
		return in
	}
	in.version = s.Versions[0].Name
	h := hoist(s.Versions)
	in.hoisting = h
	first := &s.Versions[0]
	if h.schema {
		in.validation = first.Schema
	}
	if h.subresources {
		in.subresources = first.Subresources
	}
	if h.columns {
		in.columns = first.AdditionalPrinterColumns
	}
	if h.selectableFields {
		in.selectableFields = first.SelectableFields
	}
	in.versions = make([]Version, len(s.Versions))
	for i, v := range s.Versions {
		if h.schema {
			v.Schema = nil
		}
		if h.subresources {
			v.Subresources = nil
		}
		if h.columns {
			v.AdditionalPrinterColumns = nil
		}
		if h.selectableFields {
			v.SelectableFields = nil
		}
		in.versions[i] = v
		if v.Subresources != nil && in.firstOfName == nil {
			in.firstOfName = make(map[string]int, len(s.Versions))
		}
	}
	if in.firstOfName != nil {
		for i := len(in.versions) - 1; i >= 0; i-- {
			in.firstOfName[in.versions[i].Name] = i
		}
	}
	return in
}

// topSchema returns spec.validation.openAPIV3Schema, or nil.
func (in *internalSpec) topSchema() *JSONSchemaProps {
	if in.validation == nil {
		return nil
	}
	return in.validation.OpenAPIV3Schema
}

// schemas returns every schema of the internal spec: the top-level one
// first, then those of the versions.
func (in *internalSpec) schemas() []*JSONSchemaProps {
	var out []*JSONSchemaProps
	if s := in.topSchema(); s != nil {
		out = append(out, s)
	}
	for i := range in.versions {
		if v := &in.versions[i]; api.HasSchema(v) {
			out = append(out, v.Schema.OpenAPIV3Schema)
		}
	}
	return out
}

// subresourcesFor returns the subresources that apply to the version at
// index i: the top-level ones unless some version has its own, else those
// of the first version of the same name.
func (in *internalSpec) subresourcesFor(i int) *Subresources {
	if in.firstOfName == nil {
		return in.subresources
	}
	return in.versions[in.firstOfName[in.versions[i].Name]].Subresources
}

// anyStatusEnabled reports whether the status subresource is enabled at
// the top level or in some version.
func (in *internalSpec) anyStatusEnabled() bool {
	if in.subresources != nil && in.subresources.Status != nil {
		return true
	}
	for i := range in.versions {
		if s := in.versions[i].Subresources; s != nil && s.Status != nil {
			return true
		}
	}
	return false
}

// semanticEqual is reflect.DeepEqual where a nil slice or map equals an
// empty one, as k8s.io/apimachinery's equality.Semantic.DeepEqual.
func semanticEqual(a, b any) bool {
	return deepEqual(reflect.ValueOf(a), reflect.ValueOf(b))
}

func deepEqual(a, b reflect.Value) bool {
	if !a.IsValid() || !b.IsValid() {
		return a.IsValid() == b.IsValid()
	}
	if a.Type() != b.Type() {
		return false
	}
	switch a.Kind() {
	case reflect.Slice, reflect.Array:
		if a.Len() != b.Len() {
			return false
		}
		for i := range a.Len() {
			if !deepEqual(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Map:
		if a.Len() != b.Len() {
			return false
		}
		for _, k := range a.MapKeys() {
			bv := b.MapIndex(k)
			if !bv.IsValid() || !deepEqual(a.MapIndex(k), bv) {
				return false
			}
		}
		return true
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() || a.Pointer() == b.Pointer() {
			return a.IsNil() == b.IsNil()
		}
		return deepEqual(a.Elem(), b.Elem())
	case reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		return deepEqual(a.Elem(), b.Elem())
	case reflect.Struct:
		for i := range a.NumField() {
			if !deepEqual(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	}
	return a.Equal(b)
}
