package objectmeta

import "errors"

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
