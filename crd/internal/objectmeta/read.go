package objectmeta

import (
	"encoding/json"
	"errors"
	"time"
)

// Meta is metadata as [Read] reads it: the fields that [Validate] checks,
// and the whole as the server writes it back.
type Meta struct {
	Name, GenerateName, Namespace string
	Generation                    int64
	Labels, Annotations           map[string]string
	// Normalized is the metadata as the server writes it back: known
	// fields only, none empty, timestamps in UTC.
	Normalized map[string]any
}

// The Go types of ObjectMeta's fields, as encoding/json names them, and
// "time" for a metav1.Time.
var (
	metaFieldTypes = map[string]string{
		"name": "string", "generateName": "string", "namespace": "string",
		"selfLink": "string", "uid": "types.UID", "resourceVersion": "string",
		"generation": "int64", "deletionGracePeriodSeconds": "int64",
		"creationTimestamp": "time", "deletionTimestamp": "time",
		"labels": "map[string]string", "annotations": "map[string]string",
		"finalizers":      "[]string",
		"ownerReferences": "[]v1.OwnerReference",
		"managedFields":   "[]v1.ManagedFieldsEntry",
	}
	ownerReferenceTypes = map[string]string{
		"apiVersion": "string", "kind": "string", "name": "string", "uid": "string",
		"controller": "bool", "blockOwnerDeletion": "bool",
	}
	managedFieldTypes = map[string]string{
		"manager": "string", "operation": "string", "apiVersion": "string",
		"fieldsType": "string", "subresource": "string", "time": "time", "fieldsV1": "any",
	}
)

// JSONKind is how encoding/json names the kind of the JSON value v in an
// error unmarshalling it into the Go type typ: "string", "bool",
// "number", "array", "object" or "null"; a number that does not fit an
// int64 is "number" and the number: JSONKind(1.5, "int64") == "number 1.5".
func JSONKind(v any, typ string) string {
	switch v := v.(type) {
	case string:
		return "string"
	case bool:
		return "bool"
	case int64:
		return "number"
	case float64:
		if typ == "int64" {
			b, _ := json.Marshal(v)
			return "number " + string(b)
		}
		return "number"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return "null"
}

// metaReader reads metadata as the server's json.Unmarshal into an
// ObjectMeta does: a value of the wrong type is remembered (the first
// one is the error) and reading goes on; a bad timestamp stops it.
type metaReader struct {
	saved string
}

// typeError remembers the first type error: a value of kind that x has
// in the field at path (for example "ownerReferences.name") of the struct
// named strct.
func (r *metaReader) typeError(strct, path, typ string, x any) {
	if r.saved == "" {
		r.saved = "json: cannot unmarshal " + JSONKind(x, typ) + " into Go struct field " + strct + "." + path + " of type " + typ
	}
}

// value checks x against typ. A timestamp error is returned, to stop.
func (r *metaReader) value(strct, path, typ string, x any) (ok bool, stop string) {
	if x == nil {
		return false, ""
	}
	switch typ {
	case "any":
		return true, ""
	case "string", "types.UID":
		if _, isString := x.(string); isString {
			return true, ""
		}
	case "bool":
		if _, isBool := x.(bool); isBool {
			return true, ""
		}
	case "int64":
		if _, isInt := x.(int64); isInt {
			return true, ""
		}
	case "time":
		// metav1.Time unmarshals itself: its errors stop the reading.
		s, isString := x.(string)
		if !isString {
			return false, "json: cannot unmarshal " + JSONKind(x, "string") + " into Go struct field " + strct + "." + path + " of type string"
		}
		if _, err := time.Parse(time.RFC3339, s); err != nil {
			return false, err.Error()
		}
		return true, ""
	}
	if typ == "time" {
		typ = "string"
	}
	r.typeError(strct, path, typ, x)
	return false, ""
}

// structList checks a list of structs, such as ownerReferences.
func (r *metaReader) structList(path, typ, strct string, fields map[string]string, x any) (ok bool, stop string) {
	list, isList := x.([]any)
	if !isList {
		r.typeError("ObjectMeta", path, "[]"+typ, x)
		return false, ""
	}
	for _, e := range list {
		if e == nil {
			continue
		}
		obj, isObj := e.(map[string]any)
		if !isObj {
			r.typeError("ObjectMeta", path, typ, e)
			continue
		}
		for _, k := range sortedKeys(obj) {
			if ft, known := fields[k]; known {
				if _, stop := r.value(strct, path+"."+k, ft, obj[k]); stop != "" {
					return false, stop
				}
			}
		}
	}
	return true, ""
}

// Read reads v as the server's json.Unmarshal into an ObjectMeta does.
// Field names match exactly; unknown fields are dropped from the
// normalized metadata, and so are empty ones, and timestamps are written
// in UTC, as the server writes metadata back. The error is in
// encoding/json's words, such as
//
//	json: cannot unmarshal number into Go struct field ObjectMeta.name of type string
//
// Null reads as empty metadata.
func Read(v any) (Meta, error) {
	m := Meta{Normalized: map[string]any{}}
	if v == nil {
		return m, nil
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return m, errors.New("json: cannot unmarshal " + JSONKind(v, "") + " into Go value of type v1.ObjectMeta")
	}
	var r metaReader
	for _, k := range sortedKeys(obj) {
		x := obj[k]
		typ, known := metaFieldTypes[k]
		if !known || x == nil {
			continue
		}
		var ok bool
		var stop string
		switch typ {
		case "[]v1.OwnerReference":
			ok, stop = r.structList(k, "v1.OwnerReference", "OwnerReference", ownerReferenceTypes, x)
		case "[]v1.ManagedFieldsEntry":
			ok, stop = r.structList(k, "v1.ManagedFieldsEntry", "ManagedFieldsEntry", managedFieldTypes, x)
		case "map[string]string", "[]string":
			ok = m.readStrings(&r, k, typ, x)
		default:
			ok, stop = r.value("ObjectMeta", k, typ, x)
		}
		if stop != "" {
			return m, errors.New(stop)
		}
		if ok {
			m.set(k, x)
		}
	}
	if r.saved != "" {
		return m, errors.New(r.saved)
	}
	return m, nil
}

// readStrings reads labels, annotations or finalizers.
func (m *Meta) readStrings(r *metaReader, k, typ string, x any) bool {
	var elems []any
	switch x := x.(type) {
	case map[string]any:
		if typ != "map[string]string" {
			break
		}
		strs := make(map[string]string, len(x))
		for _, mk := range sortedKeys(x) {
			s, isString := x[mk].(string)
			if !isString && x[mk] != nil {
				r.typeError("ObjectMeta", k, "string", x[mk])
			}
			strs[mk] = s
		}
		if k == "labels" {
			m.Labels = strs
		} else {
			m.Annotations = strs
		}
		return true
	case []any:
		if typ != "[]string" {
			break
		}
		elems = x
		for _, e := range elems {
			if _, isString := e.(string); !isString && e != nil {
				r.typeError("ObjectMeta", k, "string", e)
			}
		}
		return true
	}
	r.typeError("ObjectMeta", k, typ, x)
	return false
}
