package conformance

import (
	"encoding/json"
	"math/rand/v2"
)

// schemaGen draws openAPIV3Schemas that meet every rule of the API server
// on schemas: each keyword and x-kubernetes-* extension, valid most of the
// time at low chaos and broken at every turn at high chaos. chaos is a
// probability denominator as in from: 1 breaks everything, 40 little.
type schemaGen struct {
	r     *rand.Rand
	chaos int
	cel   bool // whether x-kubernetes-validations may appear (slow to compile)
}

// odd reports a rare event, more frequent at low chaos.
func (g *schemaGen) odd() bool { return g.r.IntN(g.chaos*2) == 0 }

// oneOf returns one of vs.
func oneOf[T any](r *rand.Rand, vs ...T) T { return vs[r.IntN(len(vs))] }

var (
	propertyNames = []string{"spec", "status", "a", "b", "name", "port", "items", "x-y", "metadata", "kind", "apiVersion", "Ünï", ""}
	formatPool    = []string{"", "int32", "int64", "float", "double", "byte", "date", "date-time", "password", "uri", "email", "hostname", "ipv4", "ipv6", "uuid", "int-or-string", "bsonobjectid", "duration", "quantity", "no-such-format", "cidr", "mac"}
	patternPool   = []string{"^[a-z]+$", "^a(b|c)$", "(", "[a-", "\\p{Greek}", "(?i)abc", "a{2,1}", "^\\d+$", "(?=x)"}
	typeWords     = []string{"object", "array", "string", "integer", "number", "boolean"}
	badTypeWords  = []string{"", "null", "foo", "Object", "int", "any"}
)

// schema returns a schema of the given type word (any if ""), depth levels
// deep at most.
func (g *schemaGen) schema(depth int) map[string]any {
	r := g.r
	typ := oneOf(r, typeWords...)
	if depth <= 0 && typ != "object" && typ != "array" {
		typ = oneOf(r, "string", "integer", "number", "boolean")
	}
	if g.odd() {
		typ = oneOf(r, badTypeWords...)
	}
	s := map[string]any{}
	if typ != "" {
		s["type"] = typ
	}
	switch typ {
	case "object":
		g.object(s, depth)
	case "array":
		g.array(s, depth)
	case "string":
		g.stringKeywords(s)
	case "integer", "number":
		g.numberKeywords(s, typ)
	}
	g.common(s, typ, depth)
	return s
}

func (g *schemaGen) object(s map[string]any, depth int) {
	r := g.r
	switch {
	case depth > 0 && r.IntN(4) > 0:
		props := map[string]any{}
		for range 1 + r.IntN(3) {
			name := oneOf(r, propertyNames[:9]...)
			if g.odd() {
				name = oneOf(r, propertyNames...)
			}
			props[name] = g.schema(depth - 1)
		}
		s["properties"] = props
		if r.IntN(3) == 0 {
			var req []any
			for name := range props {
				if r.IntN(2) == 0 {
					req = append(req, name)
				}
			}
			if g.odd() {
				req = append(req, "missing")
			}
			if len(req) > 0 {
				s["required"] = req
			}
		}
		if g.odd() {
			s["additionalProperties"] = g.schema(0)
		}
	case depth > 0 && r.IntN(2) == 0:
		if g.odd() {
			s["additionalProperties"] = oneOf[any](r, false, true)
		} else {
			s["additionalProperties"] = g.schema(depth - 1)
		}
	default:
		s["x-kubernetes-preserve-unknown-fields"] = r.IntN(g.chaos*2) > 0
	}
	if r.IntN(6) == 0 {
		s["maxProperties"] = oneOf[any](r, 0, 3, 10, -1)
		if r.IntN(2) == 0 {
			s["minProperties"] = oneOf[any](r, 0, 1, 11, -2)
		}
	}
	if r.IntN(8) == 0 {
		s["x-kubernetes-map-type"] = from(r, g.chaos, []string{"granular", "atomic", "", "set", "Atomic"}, 2)
	}
	if r.IntN(10) == 0 {
		s["x-kubernetes-embedded-resource"] = true
		switch {
		case g.odd():
			delete(s, "properties") // neither properties nor preserve-unknown-fields
			delete(s, "additionalProperties")
			delete(s, "x-kubernetes-preserve-unknown-fields")
		case r.IntN(g.chaos) > 0:
			s["x-kubernetes-preserve-unknown-fields"] = true
		}
		if g.odd() {
			s["properties"] = map[string]any{"metadata": map[string]any{"type": "object", "properties": map[string]any{
				oneOf(r, "name", "labels", "namespace"): map[string]any{"type": "string"}}}}
		}
		if g.odd() {
			s["default"] = map[string]any{"apiVersion": oneOf[any](r, 1, "v1", map[string]any{}), "kind": oneOf[any](r, "K", true)}
		}
		if r.IntN(4) == 0 {
			s["default"] = coercibleDefault(r) // its metadata is coerced in place
		}
	}
	if g.odd() {
		s["patternProperties"] = map[string]any{"^a": map[string]any{"type": "string"}}
	}
}

func (g *schemaGen) array(s map[string]any, depth int) {
	r := g.r
	switch {
	case g.odd():
		// no items: an error for a structural schema
	case g.odd():
		s["items"] = []any{g.schema(0)}
	default:
		items := g.schema(max(depth-1, 0))
		s["items"] = items
		if r.IntN(4) == 0 {
			lt := from(r, g.chaos, []string{"atomic", "set", "map", "", "Map", "list"}, 3)
			s["x-kubernetes-list-type"] = lt
			if lt == "map" || g.odd() {
				keys := []any{"name"}
				if g.odd() {
					keys = oneOf(r, []any{}, []any{"missing"}, []any{"name", "name"}, []any{"port", "name"})
				}
				s["x-kubernetes-list-map-keys"] = keys
				if g.odd() {
					switch r.IntN(4) {
					case 0:
						items["type"] = oneOf(r, "string", "integer") // items of a map list must be objects
						delete(items, "properties")
					case 1:
						items["type"] = "object" // a key of object type
						items["properties"] = map[string]any{"name": map[string]any{"type": "object"}}
						items["required"] = []any{"name"}
					case 2:
						items["type"] = "object" // a nullable key
						items["properties"] = map[string]any{"name": map[string]any{"type": "string", "nullable": true}}
						items["required"] = []any{"name"}
					default:
						delete(s, "items")
					}
				} else if g.odd() {
					s["default"] = []any{"x", map[string]any{"name": "a"}} // a map list's items must be objects
				} else if props, ok := items["properties"].(map[string]any); ok && r.IntN(g.chaos) > 0 {
					props["name"] = map[string]any{"type": "string"}
					if r.IntN(2) == 0 {
						items["required"] = []any{"name"}
					} else if r.IntN(2) == 0 {
						props["name"].(map[string]any)["default"] = "n"
					}
				} else if r.IntN(g.chaos) > 0 {
					items["type"] = "object"
					items["properties"] = map[string]any{"name": map[string]any{"type": "string"}}
					items["required"] = []any{"name"}
					delete(items, "x-kubernetes-preserve-unknown-fields")
				}
			}
		}
	}
	if r.IntN(6) == 0 {
		s["maxItems"] = oneOf[any](r, 0, 2, 100, -1)
		if r.IntN(2) == 0 {
			s["minItems"] = oneOf[any](r, 0, 1, 101, -1)
		}
	}
	if g.odd() {
		s["uniqueItems"] = oneOf(r, true, false)
	}
	if g.odd() {
		s["additionalItems"] = oneOf[any](r, false, map[string]any{"type": "string"})
	}
}

func (g *schemaGen) stringKeywords(s map[string]any) {
	r := g.r
	if r.IntN(4) == 0 {
		s["format"] = oneOf(r, formatPool...)
	}
	if r.IntN(5) == 0 {
		s["pattern"] = from(r, g.chaos, patternPool, 2)
	}
	if r.IntN(5) == 0 {
		s["maxLength"] = oneOf[any](r, 0, 5, 253, -1)
		if r.IntN(2) == 0 {
			s["minLength"] = oneOf[any](r, 0, 1, 300, -1)
		}
	}
	if r.IntN(5) == 0 {
		s["enum"] = from(r, g.chaos, [][]any{{"a", "b"}, {"x"}, {"a", 1}, {}, {nil}, {"a", "a"}}, 2)
	}
}

func (g *schemaGen) numberKeywords(s map[string]any, typ string) {
	r := g.r
	if r.IntN(4) == 0 {
		s["format"] = oneOf(r, "int32", "int64", "float", "double", "", "byte")
	}
	if r.IntN(4) == 0 {
		s["maximum"] = oneOf[any](r, 10, 0, -5, 1.5)
		if r.IntN(2) == 0 {
			s["exclusiveMaximum"] = true
		}
	}
	if r.IntN(4) == 0 {
		s["minimum"] = oneOf[any](r, 0, 1, 20, -1.5)
		if r.IntN(2) == 0 {
			s["exclusiveMinimum"] = true
		}
	}
	if g.odd() {
		s["exclusiveMinimum"] = true // without minimum
	}
	if r.IntN(6) == 0 {
		s["multipleOf"] = from(r, g.chaos, []any{2, 0.5, 0, -1}, 2)
	}
	if r.IntN(6) == 0 {
		s["enum"] = from(r, g.chaos, [][]any{{1, 2}, {3}, {"1"}, {1.5}}, 2)
	}
	_ = typ
}

// common adds the keywords any type may have: doc strings, nullable,
// defaults, the logic junctors, the int-or-string extension, CEL rules, and
// the keywords a CRD forbids.
func (g *schemaGen) common(s map[string]any, typ string, depth int) {
	r := g.r
	if r.IntN(3) == 0 {
		s["description"] = oneOf(r, "a field", "", "ünïcödé ✓")
	}
	if r.IntN(12) == 0 {
		s["title"] = "T"
	}
	if r.IntN(10) == 0 {
		s["nullable"] = r.IntN(3) > 0
	}
	if r.IntN(5) == 0 {
		if g.odd() {
			s["default"] = misfit(r, typ)
		} else {
			s["default"] = fit(r, s, 2)
		}
	}
	if r.IntN(25) == 0 {
		s["example"] = fit(r, s, 1)
	}
	if r.IntN(30) == 0 {
		s["externalDocs"] = map[string]any{"url": "https://example.com", "description": "d"}
	}
	if typ == "" && r.IntN(g.chaos) > 0 || r.IntN(g.chaos*4) == 0 {
		s["x-kubernetes-int-or-string"] = true
		if r.IntN(g.chaos) > 0 {
			delete(s, "type")
			s["anyOf"] = []any{map[string]any{"type": "integer"}, map[string]any{"type": "string"}}
		}
	}
	if r.IntN(12) == 0 {
		junctor := oneOf(r, "allOf", "anyOf", "oneOf", "not")
		inner := map[string]any{}
		switch {
		case g.odd():
			inner = g.schema(0) // with a type: not allowed in a junctor
		case typ == "string":
			inner["pattern"] = "^a"
		case typ == "integer" || typ == "number":
			inner["minimum"] = 1
		case typ == "object":
			inner["required"] = []any{"a"}
		default:
			inner["description"] = "d"
		}
		if g.odd() {
			inner[oneOf(r, "default", "nullable", "x-kubernetes-preserve-unknown-fields", "description", "x-kubernetes-list-type")] = oneOf[any](r, true, "x")
		}
		if g.odd() {
			inner["properties"] = map[string]any{"metadata": map[string]any{}} // metadata in a junctor
		}
		if junctor == "not" {
			s["not"] = inner
		} else {
			s[junctor] = []any{inner}
		}
	}
	if g.cel && r.IntN(6) == 0 {
		rule := map[string]any{"rule": from(r, g.chaos, []string{"self == self", "true", "", " ", "self == self\n|| true"}, 2)}
		if r.IntN(3) == 0 {
			rule["message"] = from(r, g.chaos, []string{"must hold", " ", "two\nlines"}, 1)
		}
		if r.IntN(4) == 0 {
			rule["reason"] = from(r, g.chaos, []string{"FieldValueInvalid", "FieldValueForbidden", "FieldValueRequired", "FieldValueDuplicate", "Bad"}, 4)
		}
		if r.IntN(5) == 0 {
			rule["fieldPath"] = from(r, g.chaos, []string{".a", " ", ".missing", ".a\n"}, 1)
		}
		if g.odd() {
			rule["messageExpression"] = " "
		}
		s["x-kubernetes-validations"] = []any{rule}
	}
	if g.odd() {
		switch r.IntN(6) {
		case 0:
			s["$ref"] = "#/definitions/x"
		case 1:
			s["$schema"] = "http://json-schema.org/draft-04/schema#"
		case 2:
			s["id"] = "x"
		case 3:
			s["definitions"] = map[string]any{"x": map[string]any{"type": "string"}}
		case 4:
			s["dependencies"] = map[string]any{"a": []any{"b"}}
		case 5:
			s["x-kubernetes-preserve-unknown-fields"] = false
		}
	}
	_ = depth
}

// fit returns a value valid for s most of the time: of its type, with its
// properties, within its enum.
func fit(r *rand.Rand, s map[string]any, depth int) any {
	if enum, ok := s["enum"].([]any); ok && len(enum) > 0 {
		return enum[r.IntN(len(enum))]
	}
	switch s["type"] {
	case "object":
		out := map[string]any{}
		if props, ok := s["properties"].(map[string]any); ok && depth > 0 {
			for name, p := range props {
				if ps, ok := p.(map[string]any); ok && r.IntN(2) == 0 {
					out[name] = fit(r, ps, depth-1)
				}
			}
		}
		return out
	case "array":
		if items, ok := s["items"].(map[string]any); ok && depth > 0 && r.IntN(2) == 0 {
			return []any{fit(r, items, depth-1)}
		}
		return []any{}
	case "string":
		return oneOf(r, "a", "abc", "2024-01-01T00:00:00Z", "")
	case "integer":
		return oneOf(r, 0, 1, 7)
	case "number":
		return oneOf[any](r, 0, 1.5, 7)
	case "boolean":
		return r.IntN(2) == 0
	}
	return oneOf[any](r, 1, "a")
}

// misfit returns a value of another type than typ.
func misfit(r *rand.Rand, typ string) any {
	switch typ {
	case "string":
		return oneOf[any](r, 1, true, map[string]any{})
	case "integer", "number":
		return oneOf[any](r, "1", 1.5, nil)
	case "object":
		return oneOf[any](r, "x", []any{}, map[string]any{"unknown": 1})
	case "array":
		return oneOf[any](r, map[string]any{}, "x")
	}
	return oneOf[any](r, nil, map[string]any{"a": 1})
}

// rootSchema returns the openAPIV3Schema of a version: an object with spec
// and status most of the time, with now and then metadata, apiVersion and
// kind, whose defaults and constraints have rules of their own.
func (g *schemaGen) rootSchema() map[string]any {
	r := g.r
	if g.odd() {
		return g.schema(2)
	}
	props := map[string]any{"spec": g.schema(2)}
	if r.IntN(2) == 0 {
		props["status"] = g.schema(1)
	}
	if r.IntN(5) == 0 {
		meta := map[string]any{"type": "object"}
		if g.odd() {
			meta["properties"] = map[string]any{oneOf(r, "name", "generateName", "labels"): map[string]any{"type": "string", "maxLength": 10}}
		}
		if g.odd() {
			meta["default"] = map[string]any{}
		}
		props["metadata"] = meta
	}
	if r.IntN(6) == 0 {
		props[oneOf(r, "apiVersion", "kind")] = map[string]any{"type": "string"}
	}
	if g.odd() {
		// metadata where the server forbids it: nested, or with an
		// embedded resource inside
		spec := props["spec"]
		props["spec"] = map[string]any{"type": "object", "properties": map[string]any{"metadata": map[string]any{"type": "object"}, "inner": spec}}
		if r.IntN(2) == 0 {
			props["metadata"] = map[string]any{"type": "object", "x-kubernetes-embedded-resource": true, "x-kubernetes-preserve-unknown-fields": true}
		}
	}
	s := map[string]any{"type": "object", "properties": props}
	if g.odd() {
		s["additionalProperties"] = map[string]any{"type": "string"} // not at the root
	}
	if g.odd() {
		s[oneOf(r, "nullable", "x-kubernetes-preserve-unknown-fields", "description", "required")] = oneOf[any](r, true, []any{"spec"}, "d")
	}
	return s
}

// clone deep-copies a JSON value.
func clone[T any](v T) T {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	var out T
	if err := json.Unmarshal(b, &out); err != nil {
		panic(err)
	}
	return out
}
