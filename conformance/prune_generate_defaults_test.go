package conformance

import "math/rand/v2"

// Pools of the schemas with defaults and value validations. Formats and
// patterns include unknown and broken ones, numbers both int64 and float64,
// strings both valid and invalid for each format.
var (
	pruneFormats  = []string{"", "", "", "date-time", "date", "int32", "int64", "byte", "uuid", "email", "ipv4", "ipv6", "cidr", "hostname", "uri", "duration", "mac", "k8s-short-name", "datetime", "float", "double", "password", "bogus"}
	prunePatterns = []string{"^a", "b$", "^[0-9]+$", "[", ".*"}
	pruneScalars  = []string{"", "a", "ab", "abc", "b", "123", "2020-01-01", "2020-01-01T10:00:00Z", "1.2.3.4", "::1", "10.0.0.0/8", "5m", "x@y.z", "abc-def", "Abc", "aGVsbG8=", "a/b/c", "v1", "g/v1", "Kind", "bad_kind", "01:23:45:67:89:ab", "550e8400-e29b-41d4-a716-446655440000", "/path", "null", "é"}
	pruneNumbers  = []any{int64(0), int64(1), int64(-1), int64(5), int64(2147483648), 1.5, 0.5, -2.5, 3.0, 1e20, int64(100)}
	pruneKeys     = []string{"a", "b", "c", "apiVersion", "kind", "metadata", "spec"}
)

// defaultedSchema returns a random structural schema whose nodes carry
// defaults (half of them shaped by the schema, the others arbitrary) and
// value validations. nested makes the schema of an allOf, anyOf, oneOf or
// not branch: no type, no defaults, no structure of its own.
func defaultedSchema(r *rand.Rand, depth int, nested bool) map[string]any {
	s := map[string]any{}
	t := pruneTypes[r.IntN(len(pruneTypes))]
	if depth <= 0 {
		t = pruneTypes[2+r.IntN(4)]
	}
	if !nested {
		s["type"] = t
		if r.IntN(12) == 0 {
			delete(s, "type")
			s["x-kubernetes-int-or-string"] = true
			if r.IntN(2) == 0 {
				s["anyOf"] = []any{map[string]any{"type": "integer"}, map[string]any{"type": "string"}}
			}
			t = "intorstring"
		}
		if r.IntN(8) == 0 {
			s["nullable"] = true
		}
	}
	valueValidations(r, s, t, depth, nested)
	if nested {
		return s
	}
	switch t {
	case "object":
		defaultedObject(r, s, depth)
	case "array":
		s["items"] = defaultedSchema(r, depth-1, false)
	}
	if r.IntN(2) == 0 {
		if r.IntN(3) == 0 {
			s["default"] = pruneValue(r, 3)
		} else {
			s["default"] = conforming(r, s, 3)
		}
	}
	return s
}

// defaultedObject gives the object schema s its structure: unknown fields
// kept or not, an embedded resource or not, additionalProperties or
// properties, apiVersion, kind and metadata with the schemas the server
// allows them.
func defaultedObject(r *rand.Rand, s map[string]any, depth int) {
	if r.IntN(8) == 0 {
		s["x-kubernetes-preserve-unknown-fields"] = true
	}
	_, embedded := s["x-kubernetes-embedded-resource"]
	if r.IntN(6) == 0 {
		s["x-kubernetes-embedded-resource"] = true
		embedded = true
		if r.IntN(2) == 0 {
			s["x-kubernetes-preserve-unknown-fields"] = true
		}
	}
	if r.IntN(5) == 0 && !embedded {
		s["additionalProperties"] = defaultedSchema(r, depth-1, false)
		return
	}
	props := map[string]any{}
	for range r.IntN(4) {
		k := pruneKeys[r.IntN(len(pruneKeys))]
		sub := defaultedSchema(r, depth-1, false)
		switch k {
		case "metadata":
			sub = map[string]any{"type": "object"}
			if r.IntN(2) == 0 {
				sub["properties"] = map[string]any{"name": map[string]any{"type": "string", "default": pruneScalars[r.IntN(len(pruneScalars))]}}
			}
		case "apiVersion", "kind":
			sub = map[string]any{"type": "string"}
			if r.IntN(2) == 0 {
				sub["default"] = pruneScalars[r.IntN(len(pruneScalars))]
			}
		}
		props[k] = sub
	}
	if len(props) > 0 {
		s["properties"] = props
	} else if embedded {
		s["x-kubernetes-preserve-unknown-fields"] = true
	}
}

// valueValidations adds to s random value validations for type t: enum,
// lengths, patterns, formats, bounds, multipleOf, item and property counts,
// required, and, outside branches, allOf, anyOf, oneOf and not.
func valueValidations(r *rand.Rand, s map[string]any, t string, depth int, nested bool) {
	if r.IntN(6) == 0 {
		var e []any
		for range 1 + r.IntN(3) {
			e = append(e, pruneScalar(r, t))
		}
		s["enum"] = e
	}
	switch t {
	case "string", "intorstring":
		if r.IntN(4) == 0 {
			s["maxLength"] = int64(r.IntN(4))
		}
		if r.IntN(5) == 0 {
			s["minLength"] = int64(r.IntN(4))
		}
		if r.IntN(5) == 0 {
			s["pattern"] = prunePatterns[r.IntN(len(prunePatterns))]
		}
		if r.IntN(3) == 0 {
			s["format"] = pruneFormats[r.IntN(len(pruneFormats))]
		}
	case "integer", "number":
		if r.IntN(4) == 0 {
			s["maximum"] = pruneFloat(pruneNumbers[r.IntN(len(pruneNumbers))])
			s["exclusiveMaximum"] = r.IntN(2) == 0
		}
		if r.IntN(4) == 0 {
			s["minimum"] = pruneFloat(pruneNumbers[r.IntN(len(pruneNumbers))])
			s["exclusiveMinimum"] = r.IntN(2) == 0
		}
		if r.IntN(5) == 0 {
			s["multipleOf"] = []float64{0.5, 2, 3, 1.5, 0.1}[r.IntN(5)]
		}
		if r.IntN(4) == 0 {
			s["format"] = pruneFormats[r.IntN(len(pruneFormats))]
		}
	case "array":
		if r.IntN(4) == 0 {
			s["maxItems"] = int64(r.IntN(3))
		}
		if r.IntN(4) == 0 {
			s["minItems"] = int64(r.IntN(3))
		}
	case "object":
		if r.IntN(4) == 0 {
			s["maxProperties"] = int64(r.IntN(3))
		}
		if r.IntN(4) == 0 {
			s["minProperties"] = int64(r.IntN(3))
		}
		if r.IntN(3) == 0 {
			s["required"] = []any{pruneKeys[r.IntN(len(pruneKeys))]}
		}
	}
	if depth <= 0 {
		return
	}
	if !nested && r.IntN(5) == 0 {
		key := []string{"allOf", "anyOf", "oneOf"}[r.IntN(3)]
		if _, ok := s[key]; !ok {
			var l []any
			for range 1 + r.IntN(3) {
				l = append(l, defaultedSchema(r, depth-1, true))
			}
			s[key] = l
		}
	}
	if !nested && r.IntN(10) == 0 {
		s["not"] = defaultedSchema(r, depth-1, true)
	}
	if nested && t == "object" && r.IntN(3) == 0 {
		s["properties"] = map[string]any{pruneKeys[r.IntN(3)]: defaultedSchema(r, depth-1, true)}
	}
}

func pruneFloat(v any) float64 {
	if i, ok := v.(int64); ok {
		return float64(i)
	}
	return v.(float64)
}
