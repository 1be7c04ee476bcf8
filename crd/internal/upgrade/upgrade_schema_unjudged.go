package upgrade

import (
	"reflect"
	"strings"

	"github.com/kubeversion/kubeversion/crd/internal/api"
)

// judgedKeywords are the keywords of [api.JSONSchemaProps] that the schema
// checks judge, or walk into, or ignore as documentation. A change to any
// other keyword is an unhandled-change: so is one to a keyword added to
// JSONSchemaProps later, until a check judges it.
var judgedKeywords = map[string]bool{
	// documentation: no object or client is affected
	"description": true, "title": true, "example": true, "externalDocs": true, "id": true, "$schema": true,
	// judged by a check
	"type": true, "enum": true, "default": true, "maximum": true, "exclusiveMaximum": true,
	"minimum": true, "exclusiveMinimum": true, "maxLength": true, "minLength": true,
	"maxItems": true, "minItems": true, "maxProperties": true, "minProperties": true,
	"required": true, "pattern": true, "nullable": true, "format": true, "uniqueItems": true,
	"x-kubernetes-validations": true, "x-kubernetes-list-type": true, "x-kubernetes-list-map-keys": true,
	"x-kubernetes-map-type": true,
	// children, compared by the walk
	"properties": true, "items": true, "allOf": true, "oneOf": true, "anyOf": true, "not": true,
	"additionalProperties": true, "patternProperties": true, "dependencies": true,
	"additionalItems": true, "definitions": true,
}

// unjudgedFields are the indices and keywords of the fields of
// JSONSchemaProps not in judgedKeywords.
var unjudgedFields = func() (fields []struct {
	index   int
	keyword string
}) {
	t := reflect.TypeFor[api.JSONSchemaProps]()
	for i := range t.NumField() {
		keyword, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if !judgedKeywords[keyword] {
			fields = append(fields, struct {
				index   int
				keyword string
			}{i, keyword})
		}
	}
	return fields
}()

// unjudgedKeywords returns the keywords outside judgedKeywords whose
// values differ between old and new, a missing value counting as its zero
// value (so that a missing x-kubernetes-preserve-unknown-fields equals
// false).
func unjudgedKeywords(old, new *api.JSONSchemaProps) []string {
	o, n := reflect.ValueOf(old).Elem(), reflect.ValueOf(new).Elem()
	var out []string
	for _, f := range unjudgedFields {
		if !sameValue(o.Field(f.index), n.Field(f.index)) {
			out = append(out, f.keyword)
		}
	}
	return out
}

// sameValue is reflect.DeepEqual with a nil pointer equal to a pointer to
// the zero value, and a nil slice equal to an empty one.
func sameValue(a, b reflect.Value) bool {
	switch a.Kind() {
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			return (a.IsNil() || a.Elem().IsZero()) && (b.IsNil() || b.Elem().IsZero())
		}
		return sameValue(a.Elem(), b.Elem())
	case reflect.String:
		return a.String() == b.String()
	case reflect.Bool:
		return a.Bool() == b.Bool()
	case reflect.Float64:
		return a.Float() == b.Float()
	case reflect.Slice, reflect.Map:
		if a.Len() == 0 || b.Len() == 0 {
			return a.Len() == b.Len()
		}
	}
	return reflect.DeepEqual(a.Interface(), b.Interface())
}

// UnjudgedKeywords returns the schema keywords whose changes no check
// judges, which unhandled-change reports.
func UnjudgedKeywords() []string {
	keywords := make([]string, len(unjudgedFields))
	for i, f := range unjudgedFields {
		keywords[i] = f.keyword
	}
	return keywords
}
