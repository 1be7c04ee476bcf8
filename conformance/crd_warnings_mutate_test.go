package conformance

import (
	"encoding/json"
	"math/rand/v2"
)

// warnFormats are the formats warnMutate gives: string formats of
// Kubernetes 1.0, spelled as they are and with dashes moved; the two of
// 1.34, spelled with and without dashes; those of integers and numbers;
// and formats no release supports, among them near misses (another case,
// a dash too many in a number format) and the int-or-string of old code
// generators.
var warnFormats = []string{
	"date-time", "datetime", "d-a-t-e", "byte", "uuid", "ipv4", "email", "password", "duration", "hostname",
	"k8s-short-name", "k8s-long-name", "k8sshortname", "k8s-longname", "k8s-short-name-",
	"int32", "int64", "float", "double", "int-32",
	"int-or-string", "port", "ip", "DateTime", "Byte", "date time", "uuid6", "k8s-name", "quantity", "",
}

// warnMutate returns doc, the JSON of a CRD, with one to four changes
// that the API server's warnings judge: a schema given a format or
// stripped of one; a schema's type changed under its format; a list made
// a set over objects, arrays or strings, or its items' type changed; the
// items of a list made a list of schemas; schemas with formats put under
// every keyword that holds schemas. A third of the time, every version
// then gets the schema of the first, which the server keeps once.
func warnMutate(r *rand.Rand, doc []byte) []byte {
	root, err := decodeJSON(doc)
	if err != nil {
		panic(err)
	}
	top, ok := root.(map[string]any)
	if !ok {
		return doc
	}
	specMap, _ := top["spec"].(map[string]any)
	versions, _ := specMap["versions"].([]any)
	var schemas []map[string]any
	for _, v := range versions {
		if v, ok := v.(map[string]any); ok {
			if s, ok := v["schema"].(map[string]any); ok {
				collectSchemas(s["openAPIV3Schema"], &schemas)
			}
		}
	}
	if len(schemas) == 0 {
		return doc
	}
	for range 1 + r.IntN(4) {
		s := schemas[r.IntN(len(schemas))]
		switch r.IntN(7) {
		case 0, 1:
			s["format"] = oneOf(r, warnFormats...)
		case 2:
			delete(s, "format")
		case 3:
			s["type"] = oneOf(r, "string", "integer", "number", "boolean", "object", "array")
			if r.IntN(2) == 0 {
				delete(s, "type")
			}
		case 4:
			items, _ := s["items"].(map[string]any)
			if items == nil || r.IntN(3) == 0 {
				items = map[string]any{}
				s["items"] = items
			}
			s["type"] = "array"
			s["x-kubernetes-list-type"] = oneOf(r, "set", "set", "atomic")
			items["type"] = oneOf(r, "object", "array", "string")
			switch items["type"] {
			case "object":
				items["x-kubernetes-map-type"] = "atomic"
			case "array":
				items["items"] = map[string]any{"type": "string"}
			}
			delete(s, "properties")
		case 5:
			if items, ok := s["items"].(map[string]any); ok {
				s["items"] = []any{items}
			}
		case 6:
			withFormat := func() any {
				f := map[string]any{"format": oneOf(r, warnFormats...)}
				if r.IntN(2) == 0 {
					f["type"] = oneOf(r, "string", "integer", "number", "object")
				}
				return f
			}
			switch k := oneOf(r, "allOf", "anyOf", "oneOf", "not", "additionalProperties", "additionalItems",
				"properties", "patternProperties", "definitions", "dependencies"); k {
			case "allOf", "anyOf", "oneOf":
				s[k] = []any{withFormat(), withFormat()}
			case "not", "additionalProperties", "additionalItems":
				s[k] = withFormat()
			default:
				s[k] = map[string]any{"a": withFormat(), "b": withFormat()}
			}
		}
	}
	// The server keeps a schema that every version has once; mutations
	// made them differ, or they differed already.
	if len(versions) > 1 && r.IntN(3) == 0 {
		first, _ := versions[0].(map[string]any)
		for _, v := range versions[1:] {
			if v, ok := v.(map[string]any); ok && first != nil {
				v["schema"] = deepCopyJSON(first["schema"])
			}
		}
	}
	out, err := json.Marshal(root)
	if err != nil {
		panic(err)
	}
	return out
}

// collectSchemas appends s, if it is a schema, and every schema below it
// to out.
func collectSchemas(v any, out *[]map[string]any) {
	s, ok := v.(map[string]any)
	if !ok {
		return
	}
	*out = append(*out, s)
	for _, k := range []string{"properties", "patternProperties", "definitions", "dependencies"} {
		if m, ok := s[k].(map[string]any); ok {
			for _, name := range sortedKeys(m) {
				collectSchemas(m[name], out)
			}
		}
	}
	for _, k := range []string{"items", "allOf", "anyOf", "oneOf", "not", "additionalProperties", "additionalItems"} {
		switch sub := s[k].(type) {
		case []any:
			for _, e := range sub {
				collectSchemas(e, out)
			}
		default:
			collectSchemas(sub, out)
		}
	}
}

// deepCopyJSON returns a copy of v, a decoded JSON value, that shares
// nothing with it.
func deepCopyJSON(v any) any {
	switch v := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(v))
		for k, e := range v {
			m[k] = deepCopyJSON(e)
		}
		return m
	case []any:
		l := make([]any, len(v))
		for i, e := range v {
			l[i] = deepCopyJSON(e)
		}
		return l
	}
	return v
}
