package objectmeta

import (
	"time"

	"github.com/kubeversion/kubeversion/internal/jsonvalue"
)

// set records a field read without error, as the server writes it back.
func (m *Meta) set(k string, x any) {
	switch x := x.(type) {
	case string:
		switch k {
		case "name":
			m.Name = x
		case "generateName":
			m.GenerateName = x
		case "namespace":
			m.Namespace = x
		case "creationTimestamp", "deletionTimestamp":
			t, _ := time.Parse(time.RFC3339, x)
			x = t.UTC().Format(time.RFC3339)
			if k == "creationTimestamp" && t.IsZero() {
				return
			}
		}
		if x != "" {
			m.Normalized[k] = x
		}
	case int64:
		if k == "generation" {
			m.Generation = x
			if x == 0 {
				return
			}
		}
		m.Normalized[k] = x
	case map[string]any:
		if len(x) > 0 {
			norm := make(map[string]any, len(x))
			for mk, mv := range x {
				if s, ok := mv.(string); ok {
					norm[mk] = s
				} else {
					norm[mk] = ""
				}
			}
			m.Normalized[k] = norm
		}
	case []any:
		if len(x) == 0 {
			return
		}
		list := make([]any, len(x))
		for i, e := range x {
			switch k {
			case "ownerReferences":
				list[i] = normalizedEntry(e, ownerReferenceTypes, true)
			case "managedFields":
				list[i] = normalizedEntry(e, managedFieldTypes, false)
			default:
				s, _ := e.(string)
				list[i] = s
			}
		}
		m.Normalized[k] = list
	}
}

// normalizedEntry writes an owner reference or a managed fields entry as
// the server writes it back: known fields only, empty strings dropped
// unless keepStrings (the fields of an owner reference have no
// omitempty), timestamps in UTC.
func normalizedEntry(e any, fields map[string]string, keepStrings bool) map[string]any {
	obj, _ := e.(map[string]any)
	out := map[string]any{}
	for k, typ := range fields {
		v := obj[k]
		switch typ {
		case "string":
			s, _ := v.(string)
			if s != "" || keepStrings {
				out[k] = s
			}
		case "time":
			if s, ok := v.(string); ok {
				t, _ := time.Parse(time.RFC3339, s)
				out[k] = t.UTC().Format(time.RFC3339)
			}
		default:
			if v != nil {
				out[k] = jsonvalue.Copy(v)
			}
		}
	}
	return out
}
