package objectmeta

import (
	"encoding/json"
	"time"
)

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
