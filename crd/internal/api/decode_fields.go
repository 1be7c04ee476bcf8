package api

import (
	"reflect"
	"strings"
	"sync"
)

var fieldCache sync.Map // reflect.Type -> map[string]reflect.StructField

// jsonFields returns the fields of struct type t by their JSON names.
func jsonFields(t reflect.Type) map[string]reflect.StructField {
	if m, ok := fieldCache.Load(t); ok {
		return m.(map[string]reflect.StructField)
	}
	m := map[string]reflect.StructField{}
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		m[name] = f
	}
	fieldCache.Store(t, m)
	return m
}
