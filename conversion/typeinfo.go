package conversion

import (
	"encoding"
	"encoding/json"
	"reflect"
	"strings"
	"sync"
)

// typeInfo tells whether the fast path handles a type: booleans, integers,
// float64, strings, pointers, slices (not of bytes), maps with string keys,
// the empty interface, and structs with neither embedded fields nor field
// options other than omitempty, whose JSON names are plain ASCII and
// distinct ignoring case; and no type that has a JSON or text method of its
// own.
type typeInfo struct {
	ok     bool
	fields []fieldInfo // of a struct
}

type fieldInfo struct {
	name      string
	index     int
	omitEmpty bool
}

var typeInfos sync.Map // reflect.Type -> *typeInfo

// The types of the JSON model's containers.
var (
	mapType   = reflect.TypeFor[map[string]any]()
	sliceType = reflect.TypeFor[[]any]()
	anyType   = reflect.TypeFor[any]()
)

var (
	jsonMarshaler   = reflect.TypeFor[json.Marshaler]()
	jsonUnmarshaler = reflect.TypeFor[json.Unmarshaler]()
	textMarshaler   = reflect.TypeFor[encoding.TextMarshaler]()
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
)

func infoOf(t reflect.Type) *typeInfo {
	if ti, ok := typeInfos.Load(t); ok {
		return ti.(*typeInfo)
	}
	ti := buildInfo(t, map[reflect.Type]bool{})
	typeInfos.Store(t, ti)
	return ti
}

// buildInfo computes t's typeInfo; a type that contains itself is not
// handled.
func buildInfo(t reflect.Type, visiting map[reflect.Type]bool) *typeInfo {
	no := &typeInfo{}
	if visiting[t] {
		return no
	}
	visiting[t] = true
	defer delete(visiting, t)
	if t == reflect.TypeFor[json.Number]() {
		return no // encoded as a number
	}
	pt := reflect.PointerTo(t)
	for _, m := range [...]reflect.Type{jsonMarshaler, jsonUnmarshaler, textMarshaler, textUnmarshaler} {
		if t.Implements(m) || pt.Implements(m) {
			return no
		}
	}
	switch t.Kind() {
	case reflect.Bool, reflect.String, reflect.Float64,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return &typeInfo{ok: true}
	case reflect.Interface:
		return &typeInfo{ok: t.NumMethod() == 0}
	case reflect.Pointer:
		return &typeInfo{ok: buildInfo(t.Elem(), visiting).ok}
	case reflect.Slice:
		return &typeInfo{ok: t.Elem().Kind() != reflect.Uint8 && buildInfo(t.Elem(), visiting).ok}
	case reflect.Map:
		return &typeInfo{ok: t.Key() == reflect.TypeFor[string]() && buildInfo(t.Elem(), visiting).ok}
	case reflect.Struct:
		ti := &typeInfo{ok: true}
		for i := range t.NumField() {
			f := t.Field(i)
			if f.Anonymous {
				return no
			}
			if !f.IsExported() {
				continue
			}
			tag, hasTag := f.Tag.Lookup("json")
			if tag == "-" {
				continue
			}
			name, opts, _ := strings.Cut(tag, ",")
			if !hasTag || name == "" {
				name = f.Name
			}
			if !plainName(name) || opts != "" && opts != "omitempty" {
				return no
			}
			for _, g := range ti.fields {
				if strings.EqualFold(g.name, name) {
					return no
				}
			}
			if !buildInfo(f.Type, visiting).ok {
				return no
			}
			ti.fields = append(ti.fields, fieldInfo{name: name, index: i, omitEmpty: opts == "omitempty"})
		}
		return ti
	}
	return no
}

// plainName reports whether name is a JSON field name of ASCII letters,
// digits and _-./ only, which encoding/json takes as it is.
func plainName(name string) bool {
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("_-./", c) >= 0) {
			return false
		}
	}
	return name != ""
}
