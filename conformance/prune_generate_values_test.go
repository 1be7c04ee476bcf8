package conformance

import (
	"maps"
	"math/rand/v2"
	"slices"
)

// pruneScalar returns a random scalar for a schema of type t, which is
// mostly but not always valid for the schema's other keywords.
func pruneScalar(r *rand.Rand, t string) any {
	switch t {
	case "string":
		return pruneScalars[r.IntN(len(pruneScalars))]
	case "integer":
		return pruneNumbers[r.IntN(5)]
	case "number":
		return pruneNumbers[r.IntN(len(pruneNumbers))]
	case "boolean":
		return r.IntN(2) == 0
	case "intorstring":
		if r.IntN(2) == 0 {
			return pruneScalars[r.IntN(len(pruneScalars))]
		}
		return pruneNumbers[r.IntN(5)]
	}
	return pruneValue(r, 1)
}

// conforming returns a value shaped like the schema s (JSON-like data as
// defaultedSchema makes it): an enum member half the time there is one,
// fields of the properties and additionalProperties, an embedded
// resource's apiVersion, kind and metadata, and now and then an unknown
// field zzz.
func conforming(r *rand.Rand, s map[string]any, depth int) any {
	if e, ok := s["enum"].([]any); ok && r.IntN(2) == 0 {
		return pruneClone(e[r.IntN(len(e))])
	}
	t, _ := s["type"].(string)
	if _, ok := s["x-kubernetes-int-or-string"]; ok {
		t = "intorstring"
	}
	switch t {
	case "object":
		m := map[string]any{}
		if props, ok := s["properties"].(map[string]any); ok {
			// In sorted order, so that a seed makes the same value every run.
			for _, k := range slices.Sorted(maps.Keys(props)) {
				if r.IntN(3) != 0 && depth > 0 {
					m[k] = conforming(r, props[k].(map[string]any), depth-1)
				}
			}
		}
		if ap, ok := s["additionalProperties"].(map[string]any); ok && depth > 0 {
			for range r.IntN(3) {
				m[pruneKeys[r.IntN(len(pruneKeys))]] = conforming(r, ap, depth-1)
			}
		}
		if _, ok := s["x-kubernetes-embedded-resource"]; ok && r.IntN(3) != 0 {
			m["apiVersion"] = []string{"v1", "g/v1", "a/b/c", ""}[r.IntN(4)]
			m["kind"] = []string{"Foo", "bad_kind", ""}[r.IntN(3)]
			if r.IntN(2) == 0 {
				m["metadata"] = pruneMeta(r)
			}
		}
		if r.IntN(6) == 0 {
			m["zzz"] = int64(1)
		}
		return m
	case "array":
		l := []any{}
		if it, ok := s["items"].(map[string]any); ok && depth > 0 {
			for range r.IntN(3) {
				l = append(l, conforming(r, it, depth-1))
			}
		}
		return l
	}
	return pruneScalar(r, t)
}

// pruneMetaValues holds, for each field of an ObjectMeta and a few that
// are not, values that read and values that do not.
var pruneMetaValues = map[string][]any{
	"name":              {"x", "a/b", "..", int64(1), "", nil},
	"generateName":      {"x%", "x-", true},
	"namespace":         {"ns", "Bad", "a.b", int64(2)},
	"generation":        {int64(-1), int64(3), 1.5, 1e20, "1"},
	"labels":            {map[string]any{"a": "b"}, map[string]any{"-x": "y"}, map[string]any{"a": int64(1)}, map[string]any{"a": "b c"}, "s", map[string]any{}},
	"annotations":       {map[string]any{"A/b": "x"}, map[string]any{"a//b": "x"}, []any{}, map[string]any{"a": nil}},
	"creationTimestamp": {"2020-01-01T10:00:00+02:00", "x", int64(1), nil, "0001-01-01T00:00:00Z"},
	"deletionTimestamp": {"2020-01-01T10:00:00Z", false},
	"finalizers":        {[]any{"a/b"}, []any{int64(1)}, "x", []any{"Bad Name"}, []any{"orphan", "foregroundDeletion"}},
	"ownerReferences": {[]any{map[string]any{"name": int64(1)}}, []any{"x"}, []any{map[string]any{"controller": "yes"}}, map[string]any{},
		[]any{map[string]any{"apiVersion": "v1", "kind": "Foo", "name": "x", "uid": "u"}},
		[]any{map[string]any{"apiVersion": "v1", "kind": "Event", "name": "x", "uid": "u"}},
		[]any{map[string]any{"apiVersion": "a/b/c", "kind": "Foo", "name": "x", "uid": "u", "controller": true}, map[string]any{"apiVersion": "g/v1", "kind": "Bar", "name": "y", "uid": "v", "controller": true}}},
	"managedFields": {[]any{map[string]any{"time": "bad"}}, []any{map[string]any{"manager": int64(1), "fieldsV1": int64(2)}},
		[]any{map[string]any{"manager": "m", "operation": "Bogus", "fieldsType": "FieldsV2"}},
		[]any{map[string]any{"manager": "m", "operation": "Apply", "fieldsType": "FieldsV1", "apiVersion": "v1"}}},
	"uid":     {"u", int64(1)},
	"Name":    {"x"},
	"unknown": {int64(1)},
}

// pruneMetaKeys lists pruneMetaValues' keys in a fixed order, so that a
// seed makes the same metadata every run.
var pruneMetaKeys = []string{"name", "generateName", "namespace", "generation", "labels", "annotations", "creationTimestamp", "deletionTimestamp", "finalizers", "ownerReferences", "managedFields", "uid", "Name", "unknown"}

// pruneMeta returns random metadata: one to three fields, or now and then
// not an object at all.
func pruneMeta(r *rand.Rand) any {
	if r.IntN(8) == 0 {
		return []any{"str", int64(1), []any{}, nil}[r.IntN(4)]
	}
	m := map[string]any{}
	for range 1 + r.IntN(3) {
		k := pruneMetaKeys[r.IntN(len(pruneMetaKeys))]
		vs := pruneMetaValues[k]
		m[k] = pruneClone(vs[r.IntN(len(vs))])
	}
	return m
}

// pruneClone returns a deep copy of the JSON-like value v, so that a test
// that changes a generated value (TestCoerceDifferential sets fields to
// null) changes neither the pools nor a schema sharing the value.
func pruneClone(v any) any {
	switch v := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(v))
		for k, x := range v {
			m[k] = pruneClone(x)
		}
		return m
	case []any:
		l := make([]any, len(v))
		for i, x := range v {
			l[i] = pruneClone(x)
		}
		return l
	}
	return v
}
