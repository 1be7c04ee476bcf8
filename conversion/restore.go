package conversion

import "github.com/kubeversion/kubeversion/internal/jsonvalue"

// Restore makes converted, the result of converting original to
// desiredAPIVersion, into what the API server would keep, and returns it:
// apiVersion is set to desiredAPIVersion, kind is original's, and metadata
// is a copy of original's except for labels and annotations, which are
// taken from converted (left out or null, they are removed). A webhook may
// change nothing else in metadata; the server drops such changes silently
// or, for name, namespace, uid and kind, fails the conversion.
//
// Unlike the server, Restore is lenient with a converted object that lost
// its metadata or whose labels or annotations are not maps: it keeps
// original's. Restore changes converted and never original. For example,
// with original
//
//	{"apiVersion": "stable.example.com/v1beta1", "kind": "CronTab", "metadata": {"name": "a", "labels": {"x": "1"}}}
//
// and converted {"spec": {}, "metadata": {"name": "b"}}, Restore returns
//
//	{"apiVersion": "stable.example.com/v1", "kind": "CronTab", "metadata": {"name": "a"}, "spec": {}}
func Restore(original, converted map[string]any, desiredAPIVersion string) map[string]any {
	kind, hasKind := original["kind"]
	meta, _ := jsonvalue.Copy(original["metadata"]).(map[string]any)
	return restore(converted, desiredAPIVersion, jsonvalue.Copy(kind), hasKind, meta)
}

// restore is Restore given the original's kind, if it has one, and its
// metadata if that is a map, both values nobody else holds, which it may
// change and keep, and desiredAPIVersion boxed (a string), once for all
// the objects of a request.
func restore(converted map[string]any, desiredAPIVersion any, kind any, hasKind bool, meta map[string]any) map[string]any {
	converted["apiVersion"] = desiredAPIVersion
	if hasKind {
		converted["kind"] = kind
	} else {
		delete(converted, "kind")
	}
	if meta == nil {
		meta = map[string]any{}
	}
	if got, ok := converted["metadata"].(map[string]any); ok {
		for _, f := range [...]string{"labels", "annotations"} {
			switch v := got[f].(type) {
			case nil:
				delete(meta, f)
			case map[string]any:
				if stringValues(v) {
					meta[f] = v
				}
			}
		}
	}
	converted["metadata"] = meta
	return converted
}

// stringValues reports whether every value of m is a string.
func stringValues(m map[string]any) bool {
	for _, v := range m {
		if _, ok := v.(string); !ok {
			return false
		}
	}
	return true
}
