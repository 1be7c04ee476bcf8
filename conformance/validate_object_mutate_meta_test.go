package conformance

import (
	"strings"
)

// metaOf returns obj's metadata, made an object if it is not one.
func metaOf(obj map[string]any) map[string]any {
	m, ok := obj["metadata"].(map[string]any)
	if !ok {
		m = map[string]any{}
		obj["metadata"] = m
	}
	return m
}

// objMetaMutations are the mutations of an object's metadata, apiVersion,
// kind, status and scale, for create and update alike.
var objMetaMutations = []objMutation{
	{"bad name", func(g *objGen, c *objCRD, v *objVersion, obj map[string]any) bool {
		m := metaOf(obj)
		switch g.r.IntN(5) {
		case 0:
			delete(m, "name")
			delete(m, "generateName")
		case 1:
			m["name"] = strings.Repeat("n", 254)
		case 2:
			delete(m, "name")
			m["generateName"] = oneOf(g.r, "Bad_", strings.Repeat("g", 260))
		default:
			m["name"] = oneOf(g.r, "Bad_Name", "a/b", "..", "-a", "a.")
		}
		return true
	}},
	{"bad labels", func(g *objGen, c *objCRD, v *objVersion, obj map[string]any) bool {
		labels := map[string]any{"app": "web"}
		labels[oneOf(g.r, "-x", "a/b/c", "Example.com/x", strings.Repeat("k", 64), "ok")] = oneOf(g.r, "y", "bad value", strings.Repeat("v", 64), "-v")
		if g.r.IntN(3) == 0 {
			labels["tier"] = "b c"
		}
		metaOf(obj)["labels"] = labels
		return true
	}},
	{"bad annotations", func(g *objGen, c *objCRD, v *objVersion, obj map[string]any) bool {
		metaOf(obj)["annotations"] = map[string]any{oneOf(g.r, "a//b", "-bad", "", "x/"): "v", "ok": "fine"}
		return true
	}},
	{"bad finalizers", func(g *objGen, c *objCRD, v *objVersion, obj map[string]any) bool {
		metaOf(obj)["finalizers"] = []any{oneOf(g.r, "Bad Name", "a/b/c", "kubernetes", "example.com/ok"), "foo.bar"}
		return true
	}},
	{"namespace for scope", func(g *objGen, c *objCRD, v *objVersion, obj map[string]any) bool {
		if c.namespaced {
			metaOf(obj)["namespace"] = oneOf(g.r, "Bad_NS", strings.Repeat("n", 64), "a.b")
		} else {
			metaOf(obj)["namespace"] = oneOf(g.r, "default", "ns")
		}
		return true
	}},
	{"status set", func(g *objGen, c *objCRD, v *objVersion, obj map[string]any) bool {
		st, ok := props(v.schema)["status"].(map[string]any)
		if !ok {
			return false
		}
		obj["status"] = g.value(st, 3)
		return true
	}},
	{"scale replicas", func(g *objGen, c *objCRD, v *objVersion, obj map[string]any) bool {
		if v.specScale == "" {
			return false
		}
		path := strings.Split(strings.TrimPrefix(v.specScale, "."), ".")
		m := obj
		for _, k := range path[:len(path)-1] {
			next, ok := m[k].(map[string]any)
			if !ok {
				next = map[string]any{}
				m[k] = next
			}
			m = next
		}
		m[path[len(path)-1]] = oneOf[any](g.r, int64(-1), int64(1)<<32, "3", int64(0))
		return true
	}},
	{"kind or apiVersion", func(g *objGen, c *objCRD, v *objVersion, obj map[string]any) bool {
		switch g.r.IntN(3) {
		case 0:
			obj["kind"] = "Other"
		case 1:
			obj["kind"] = strings.ToLower(c.kind)
		default:
			delete(obj, "kind")
		}
		return true
	}},
	{"unknown top-level field", func(g *objGen, c *objCRD, v *objVersion, obj map[string]any) bool {
		if isTrue(v.schema, "x-kubernetes-preserve-unknown-fields") {
			return false
		}
		obj[oneOf(g.r, "extra", "Spec", "specs")] = oneOf[any](g.r, int64(1), map[string]any{"a": "b"})
		return true
	}},
	{"duplicate metadata key", func(g *objGen, c *objCRD, v *objVersion, obj map[string]any) bool {
		m := metaOf(obj)
		keys := sortedKeys(m)
		if len(keys) == 0 {
			return false
		}
		k := keys[g.r.IntN(len(keys))]
		m[k] = dupKey{oneOf[any](g.r, "first", int64(1), map[string]any{"a": "b"}), m[k]}
		return true
	}},
	{"metadata shape", func(g *objGen, c *objCRD, v *objVersion, obj map[string]any) bool {
		m := metaOf(obj)
		switch g.r.IntN(5) {
		case 0:
			m["labels"] = "s"
		case 1:
			m["generation"] = "1"
		case 2:
			m["creationTimestamp"] = "yesterday"
		case 3:
			m["unknownMetaField"] = int64(1)
		default:
			m["ownerReferences"] = []any{map[string]any{"apiVersion": "v1", "kind": "Foo", "name": "x", "uid": "u", "controller": true},
				map[string]any{"apiVersion": "g/v1", "kind": "Bar", "name": "y", "uid": "v", "controller": true}}
		}
		return true
	}},
}

// objUpdateMutations change, on update, what only an update checks:
// immutable metadata, the resourceVersion.
var objUpdateMutations = []objMutation{
	{"immutable metadata", func(g *objGen, c *objCRD, v *objVersion, obj map[string]any) bool {
		m := metaOf(obj)
		switch g.r.IntN(6) {
		case 0:
			m["name"] = "renamed"
		case 1:
			m["namespace"] = "other-ns"
		case 2:
			m["uid"] = "new-uid"
		case 3:
			m["creationTimestamp"] = "2021-01-01T00:00:00Z"
		case 4:
			m["generateName"] = "changed-"
		default:
			m["deletionGracePeriodSeconds"] = int64(30)
		}
		return true
	}},
	{"no resourceVersion", func(g *objGen, c *objCRD, v *objVersion, obj map[string]any) bool {
		delete(metaOf(obj), "resourceVersion")
		return true
	}},
	{"label change", func(g *objGen, c *objCRD, v *objVersion, obj map[string]any) bool {
		metaOf(obj)["labels"] = map[string]any{"changed": oneOf(g.r, "yes", "no")}
		return true
	}},
	onSite("valid change", func(s objSite, v any) bool { return s.schema != nil }, func(g *objGen, s objSite, v any) {
		s.set(g.value(s.schema, 2))
	}),
}
