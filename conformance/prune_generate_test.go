package conformance

import (
	"encoding/json"
	"math/rand/v2"
)

// The generators of the pruning, coercion and defaults differentials draw
// from small pools, so that the same names meet at every depth: the names
// of a resource's own fields (apiVersion, kind, metadata) next to ordinary
// and empty ones, types next to the keywords that change pruning
// (x-kubernetes-preserve-unknown-fields, x-kubernetes-embedded-resource,
// additionalProperties as a schema or a boolean, items missing).

var (
	pruneFieldNames = []string{"a", "b", "c", "apiVersion", "kind", "metadata", "spec", ""}
	pruneTypes      = []string{"object", "array", "string", "integer", "number", "boolean"}
	pruneStrings    = []string{"x", "", "v1", "a/b"}
)

// pruneSchema returns a random schema of at most depth levels of objects
// and arrays, as JSON-like data, for pruning.
func pruneSchema(r *rand.Rand, depth int) map[string]any {
	t := pruneTypes[r.IntN(len(pruneTypes))]
	if depth <= 0 {
		t = pruneTypes[2+r.IntN(4)]
	}
	s := map[string]any{"type": t}
	if r.IntN(6) == 0 {
		s["x-kubernetes-preserve-unknown-fields"] = true
	}
	switch t {
	case "object":
		if r.IntN(5) == 0 {
			s["x-kubernetes-embedded-resource"] = true
		}
		switch {
		case r.IntN(12) == 0:
			s["additionalProperties"] = r.IntN(2) == 0
		case r.IntN(8) == 0:
			s["additionalProperties"] = pruneSchema(r, depth-1)
		default:
			props := map[string]any{}
			for range r.IntN(4) {
				props[pruneFieldNames[r.IntN(len(pruneFieldNames))]] = pruneSchema(r, depth-1)
			}
			if len(props) > 0 {
				s["properties"] = props
			}
		}
	case "array":
		if r.IntN(6) != 0 {
			s["items"] = pruneSchema(r, depth-1)
		}
	}
	return s
}

// pruneRootSchema returns a random schema for the root of a resource: an
// object, without additionalProperties, as the server requires of a
// structural schema. Some of its subschemas are not structural (a string
// named apiVersion, say, or an embedded resource without properties):
// about one schema in fifteen, which the differentials skip.
func pruneRootSchema(r *rand.Rand) map[string]any {
	s := pruneSchema(r, 3)
	s["type"] = "object"
	delete(s, "additionalProperties")
	delete(s, "items")
	return s
}

// pruneValue returns a random JSON value of at most depth levels, in the
// JSON model of crd.JSON (nil, bool, int64, string, []any, map[string]any).
func pruneValue(r *rand.Rand, depth int) any {
	k := r.IntN(8)
	if depth <= 0 {
		k = r.IntN(4)
	}
	switch k {
	case 0:
		return nil
	case 1:
		return r.IntN(2) == 0
	case 2:
		return int64(r.IntN(5))
	case 3:
		return pruneStrings[r.IntN(len(pruneStrings))]
	case 4, 5:
		l := []any{}
		for range r.IntN(3) {
			l = append(l, pruneValue(r, depth-1))
		}
		return l
	default:
		m := map[string]any{}
		for range r.IntN(5) {
			m[pruneFieldNames[r.IntN(len(pruneFieldNames))]] = pruneValue(r, depth-1)
		}
		return m
	}
}

// pruneJSON returns the JSON of v, which the generators make marshalable.
func pruneJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // a generator bug, not a finding
	}
	return b
}
