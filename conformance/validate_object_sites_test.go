package conformance

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
	"strconv"
)

// objSite is a value of a generated object, with its schema (nil where
// the schema says nothing of it) and the container that holds it, so that
// a mutation can replace or remove it.
type objSite struct {
	path   string
	schema map[string]any
	parent any // map[string]any or []any
	key    string
	index  int
}

func (s objSite) get() any {
	if m, ok := s.parent.(map[string]any); ok {
		return m[s.key]
	}
	return s.parent.([]any)[s.index]
}

func (s objSite) set(v any) {
	if m, ok := s.parent.(map[string]any); ok {
		m[s.key] = v
		return
	}
	s.parent.([]any)[s.index] = v
}

// sites returns the sites of obj below its root schema, in a fixed order,
// leaving out apiVersion, kind and metadata of the root.
func sites(obj map[string]any, schema map[string]any) []objSite {
	var out []objSite
	p := props(schema)
	for _, k := range slices.Sorted(maps.Keys(obj)) {
		if k == "apiVersion" || k == "kind" || k == "metadata" {
			continue
		}
		sub, _ := p[k].(map[string]any)
		collectSites(obj[k], sub, obj, k, 0, k, &out)
	}
	return out
}

func collectSites(v any, s map[string]any, parent any, key string, index int, path string, out *[]objSite) {
	*out = append(*out, objSite{path: path, schema: s, parent: parent, key: key, index: index})
	switch v := v.(type) {
	case map[string]any:
		p := props(s)
		ap, _ := s["additionalProperties"].(map[string]any)
		for _, k := range slices.Sorted(maps.Keys(v)) {
			sub, ok := p[k].(map[string]any)
			if !ok {
				sub = ap
			}
			collectSites(v[k], sub, v, k, 0, path+"."+k, out)
		}
	case []any:
		items, _ := s["items"].(map[string]any)
		for i, x := range v {
			collectSites(x, items, v, "", i, path+"["+strconv.Itoa(i)+"]", out)
		}
	}
}

// dupKey is a field written twice in the JSON of an object: first, then
// last, which the decoder keeps.
type dupKey struct{ first, last any }

// encodeObj writes v as JSON with sorted keys, a dupKey as its key twice.
func encodeObj(v any) []byte {
	var b bytes.Buffer
	writeJSON(&b, v)
	return b.Bytes()
}

func writeJSON(b *bytes.Buffer, v any) {
	switch v := v.(type) {
	case map[string]any:
		b.WriteByte('{')
		for i, k := range slices.Sorted(maps.Keys(v)) {
			if i > 0 {
				b.WriteByte(',')
			}
			key, _ := json.Marshal(k)
			if d, ok := v[k].(dupKey); ok {
				b.Write(key)
				b.WriteByte(':')
				writeJSON(b, d.first)
				b.WriteByte(',')
				b.Write(key)
				b.WriteByte(':')
				writeJSON(b, d.last)
				continue
			}
			b.Write(key)
			b.WriteByte(':')
			writeJSON(b, v[k])
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for i, x := range v {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSON(b, x)
		}
		b.WriteByte(']')
	default:
		data, err := json.Marshal(v)
		if err != nil {
			data = []byte("null")
		}
		b.Write(data)
	}
}
