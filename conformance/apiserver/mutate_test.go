package apiserver

import (
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"sort"
	"strings"
)

// mutation changes one field of an object, as users break manifests:
// a value of the wrong size, sign, type or form, a field removed, an
// unknown field added, a list emptied or repeated.
type mutation struct {
	path  []any // map keys (string) and list indices (int)
	what  string
	apply func(v any) (any, bool) // the new value; false to delete
}

func (m mutation) String() string {
	var b strings.Builder
	for _, s := range m.path {
		switch s := s.(type) {
		case string:
			b.WriteString("." + s)
		case int:
			fmt.Fprintf(&b, "[%d]", s)
		}
	}
	return b.String() + ": " + m.what
}

// mutations lists every mutation of every field of obj but apiVersion
// and kind, which choose the resource rather than its content.
func mutations(obj map[string]any) []mutation {
	var out []mutation
	var walk func(path []any, v any)
	walk = func(path []any, v any) {
		p := append([]any(nil), path...)
		if len(p) > 0 {
			out = append(out, mutation{p, "removed", func(any) (any, bool) { return nil, false }})
			out = append(out, mutation{p, "null", func(any) (any, bool) { return nil, true }})
		}
		switch v := v.(type) {
		case map[string]any:
			out = append(out, mutation{p, "unknown field added", func(v any) (any, bool) {
				m := maps.Clone(v.(map[string]any))
				m["zzUnknown"] = "x"
				return m, true
			}})
			if len(p) > 0 {
				out = append(out, mutation{p, "a string", func(any) (any, bool) { return "text", true }})
			}
			keys := make([]string, 0, len(v))
			for k := range v {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				if len(path) == 0 && (k == "apiVersion" || k == "kind") {
					continue
				}
				walk(append(p, k), v[k])
			}
		case []any:
			out = append(out, mutation{p, "emptied", func(any) (any, bool) { return []any{}, true }})
			if len(v) > 0 {
				out = append(out, mutation{p, "first item repeated", func(v any) (any, bool) {
					l := v.([]any)
					return append([]any{l[0]}, l...), true
				}})
			}
			for i, item := range v {
				walk(append(p, i), item)
			}
		case string:
			for _, s := range []string{"", "Not_A-valid name!", strings.Repeat("a", 300), "0", "-1", "1.5Gi", "*"} {
				s := s
				out = append(out, mutation{p, fmt.Sprintf("%.20q", s), func(any) (any, bool) { return s, true }})
			}
			out = append(out, mutation{p, "a number", func(any) (any, bool) { return 7.0, true }})
		case float64:
			for _, n := range []float64{-1, 0, 70000, 2147483648, 1.5} {
				n := n
				out = append(out, mutation{p, fmt.Sprint(n), func(any) (any, bool) { return n, true }})
			}
			out = append(out, mutation{p, "a string", func(any) (any, bool) { return "8080", true }})
		case bool:
			out = append(out, mutation{p, "negated", func(v any) (any, bool) { return !v.(bool), true }})
		}
	}
	walk(nil, obj)
	return out
}

// applied returns a deep copy of obj with m applied.
func applied(obj map[string]any, m mutation) map[string]any {
	c := deepCopy(obj).(map[string]any)
	if len(m.path) == 0 {
		v, _ := m.apply(c)
		return v.(map[string]any)
	}
	var parent any = c
	for _, s := range m.path[:len(m.path)-1] {
		switch s := s.(type) {
		case string:
			parent = parent.(map[string]any)[s]
		case int:
			parent = parent.([]any)[s]
		}
	}
	last := m.path[len(m.path)-1]
	switch p := parent.(type) {
	case map[string]any:
		k := last.(string)
		if v, keep := m.apply(p[k]); keep {
			p[k] = v
		} else {
			delete(p, k)
		}
	case []any:
		i := last.(int)
		if v, keep := m.apply(p[i]); keep {
			p[i] = v
		} else {
			// A list item removed: the list without it, set in its parent.
			l := append(append([]any{}, p[:i]...), p[i+1:]...)
			setAt(c, m.path[:len(m.path)-1], l)
		}
	}
	return c
}

// setAt sets the value at path in obj.
func setAt(obj map[string]any, path []any, v any) {
	var parent any = obj
	for _, s := range path[:len(path)-1] {
		switch s := s.(type) {
		case string:
			parent = parent.(map[string]any)[s]
		case int:
			parent = parent.([]any)[s]
		}
	}
	switch p := parent.(type) {
	case map[string]any:
		p[path[len(path)-1].(string)] = v
	case []any:
		p[path[len(path)-1].(int)] = v
	}
}

func deepCopy(v any) any {
	switch v := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(v))
		for k, x := range v {
			m[k] = deepCopy(x)
		}
		return m
	case []any:
		l := make([]any, len(v))
		for i, x := range v {
			l[i] = deepCopy(x)
		}
		return l
	}
	return v
}

// combined returns obj with two mutations drawn by rng applied, the
// second to the object the first made (when its path still exists).
func combined(obj map[string]any, rng *rand.Rand) (map[string]any, string) {
	ms := mutations(obj)
	first := ms[rng.IntN(len(ms))]
	once := applied(obj, first)
	ms2 := mutations(once)
	second := ms2[rng.IntN(len(ms2))]
	return applied(once, second), first.String() + "; " + second.String()
}

func mustJSON(v any) []byte {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return data
}
