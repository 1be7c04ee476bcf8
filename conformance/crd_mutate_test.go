package conformance

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
)

// mutate returns doc, the JSON of a CRD (valid, as a rule), with one
// thing changed: a field removed, a type word changed, a name broken, a
// default that does not fit its schema, a value replaced by one of
// another kind, an array element repeated. Places are drawn uniformly from
// every node of the document, so that large documents are broken
// everywhere, deep in their schemas most of all.
func mutate(r *rand.Rand, doc []byte) []byte {
	root, err := decodeJSON(doc)
	if err != nil {
		panic(err)
	}
	var nodes []node
	collect(root, nil, "", -1, &nodes)
	if len(nodes) == 0 {
		return doc // nothing but apiVersion and kind, or not an object
	}
	for range 1 + r.IntN(2) {
		n := nodes[r.IntN(len(nodes))]
		switch r.IntN(6) {
		case 0:
			n.remove()
		case 1:
			mutateTypeWord(r, nodes)
		case 2:
			mutateName(r, root, nodes)
		case 3:
			mutateDefault(r, nodes)
		case 4:
			n.set(hostile(r, n.value))
		case 5:
			if a, ok := n.value.([]any); ok && len(a) > 0 {
				n.set(append(a, a[r.IntN(len(a))]))
			} else {
				n.remove()
			}
		}
	}
	out, err := json.Marshal(root)
	if err != nil {
		panic(err)
	}
	return out
}

// node is a place in a decoded JSON document: the value at key of the
// object parent, or at index of the array parent.
type node struct {
	parent any
	key    string
	index  int
	value  any
}

func (n node) set(v any) {
	switch p := n.parent.(type) {
	case map[string]any:
		p[n.key] = v
	case []any:
		p[n.index] = v
	}
}

// remove deletes an object member; an array element becomes null, which
// keeps the other nodes' indices right.
func (n node) remove() {
	switch p := n.parent.(type) {
	case map[string]any:
		delete(p, n.key)
	case []any:
		p[n.index] = nil
	}
}

func collect(v, parent any, key string, index int, out *[]node) {
	if parent != nil && !(key == "apiVersion" || key == "kind") {
		// apiVersion and kind are left alone at every level: at the top,
		// they make the object no CRD; in schemas, they are property names.
		*out = append(*out, node{parent, key, index, v})
	}
	switch v := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys) // the same seed gives the same mutation
		for _, k := range keys {
			collect(v[k], v, k, -1, out)
		}
	case []any:
		for i, e := range v {
			collect(e, v, "", i, out)
		}
	}
}

// mutateTypeWord changes the value of one "type" member.
func mutateTypeWord(r *rand.Rand, nodes []node) {
	var types []node
	for _, n := range nodes {
		if _, ok := n.value.(string); ok && n.key == "type" {
			types = append(types, n)
		}
	}
	if len(types) > 0 {
		types[r.IntN(len(types))].set(oneOf(r, append(typeWords, badTypeWords...)...))
	}
}

// mutateName breaks a name: the CRD's, one of spec.names, a version's, a
// property's.
func mutateName(r *rand.Rand, root any, nodes []node) {
	bad := oneOf(r, "", "Bad_Name", "v1.0", "a b", strings.Repeat("n", 64), "V1", "crontab", "x.example.com")
	switch r.IntN(4) {
	case 0:
		if m, ok := root.(map[string]any)["metadata"].(map[string]any); ok {
			m["name"] = bad
		}
	case 1:
		if s, ok := root.(map[string]any)["spec"].(map[string]any); ok {
			if names, ok := s["names"].(map[string]any); ok {
				names[oneOf(r, "plural", "singular", "kind", "listKind")] = bad
			}
		}
	case 2:
		for _, n := range nodes {
			if n.key == "name" && r.IntN(3) == 0 {
				n.set(bad)
				return
			}
		}
	default:
		for _, n := range nodes {
			if props, ok := n.value.(map[string]any); ok && n.key == "properties" && len(props) > 0 && r.IntN(2) == 0 {
				for k, v := range props {
					delete(props, k)
					props[bad] = v
					return
				}
			}
		}
	}
}

// mutateDefault gives a schema a default: one that does not fit its
// type, or, half the time, one that fits but breaks a constraint or sits
// where defaults are forbidden.
func mutateDefault(r *rand.Rand, nodes []node) {
	var schemas []map[string]any
	for _, n := range nodes {
		if s, ok := n.value.(map[string]any); ok {
			if _, typed := s["type"].(string); typed {
				schemas = append(schemas, s)
			}
		}
	}
	if len(schemas) == 0 {
		return
	}
	s := schemas[r.IntN(len(schemas))]
	typ, _ := s["type"].(string)
	if r.IntN(2) == 0 {
		s["default"] = misfit(r, typ)
	} else {
		s["default"] = fit(r, s, 2)
	}
}

// hostile returns a value to put in place of v: of another JSON kind, or
// of the same kind but empty, negative, huge or oddly spelled.
func hostile(r *rand.Rand, v any) any {
	switch v := v.(type) {
	case string:
		return oneOf[any](r, "", " ", "Foo", "a b", "x\ny", strings.Repeat("s", 300), 1, true)
	case json.Number, float64:
		return oneOf[any](r, -1, 0, 1.5, 1e20, "1")
	case bool:
		return oneOf[any](r, !v, "true", nil)
	case []any:
		return oneOf[any](r, []any{}, map[string]any{}, "x")
	case map[string]any:
		return oneOf[any](r, map[string]any{}, []any{}, nil, map[string]any{"unknownField": 1})
	}
	return oneOf[any](r, "x", 0, map[string]any{})
}
