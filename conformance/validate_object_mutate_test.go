package conformance

import (
	"math/rand/v2"
	"slices"
	"strings"
)

// objMutation changes a generated object in one way, breaking a rule most
// of the time; it returns false when obj has nothing it applies to.
type objMutation struct {
	name  string
	apply func(g *objGen, c *objCRD, v *objVersion, obj map[string]any) bool
}

// onSite returns a mutation that changes a random site of obj whose
// schema and value pass ok.
func onSite(name string, ok func(s objSite, v any) bool, change func(g *objGen, s objSite, v any)) objMutation {
	return objMutation{name, func(g *objGen, _ *objCRD, ver *objVersion, obj map[string]any) bool {
		var fit []objSite
		for _, s := range sites(obj, ver.schema) {
			if ok(s, s.get()) {
				fit = append(fit, s)
			}
		}
		if len(fit) == 0 {
			return false
		}
		s := fit[g.r.IntN(len(fit))]
		change(g, s, s.get())
		return true
	}}
}

func schemaType(s map[string]any) string { t, _ := s["type"].(string); return t }

func has(s map[string]any, key string) bool { _, ok := s[key]; return ok }

func isTrue(s map[string]any, key string) bool { b, _ := s[key].(bool); return b }

// misfit returns a value of another type than the schema's.
func misfitFor(r *rand.Rand, s map[string]any) any {
	switch schemaType(s) {
	case "string":
		return oneOf[any](r, int64(7), true, map[string]any{})
	case "integer":
		return oneOf[any](r, "7", 1.5, false)
	case "number":
		return oneOf[any](r, "1.5", true)
	case "boolean":
		return oneOf[any](r, "true", int64(1))
	case "object":
		return oneOf[any](r, "str", []any{}, int64(3))
	case "array":
		return oneOf[any](r, map[string]any{}, "a")
	}
	if isTrue(s, "x-kubernetes-int-or-string") {
		return oneOf[any](r, true, 1.5, map[string]any{})
	}
	return int64(1)
}

// objMutations are the mutations of the schema's part of an object.
var objMutations = []objMutation{
	onSite("unknown field", func(s objSite, v any) bool {
		m, ok := v.(map[string]any)
		return ok && len(m) > 0 && s.schema != nil && !isTrue(s.schema, "x-kubernetes-preserve-unknown-fields") && !has(s.schema, "additionalProperties")
	}, func(g *objGen, s objSite, v any) {
		m := v.(map[string]any)
		keys := sortedKeys(m)
		k := keys[g.r.IntN(len(keys))]
		m[k+"Typo"] = m[k]
		delete(m, k)
	}),
	onSite("duplicate key", func(s objSite, v any) bool {
		_, isMap := s.parent.(map[string]any)
		return isMap
	}, func(g *objGen, s objSite, v any) {
		other := misfitFor(g.r, s.schema)
		if g.r.IntN(2) == 0 {
			s.set(dupKey{other, v})
		} else {
			s.set(dupKey{v, other})
		}
	}),
	onSite("type changed", func(s objSite, v any) bool { return s.schema != nil }, func(g *objGen, s objSite, v any) {
		s.set(misfitFor(g.r, s.schema))
	}),
	onSite("enum broken", func(s objSite, v any) bool { return has(s.schema, "enum") }, func(g *objGen, s objSite, v any) {
		if schemaType(s.schema) == "string" || g.r.IntN(2) == 0 {
			s.set("NotInEnum")
		} else {
			s.set(int64(12345))
		}
	}),
	onSite("bound crossed", func(s objSite, v any) bool {
		for _, k := range []string{"minimum", "maximum", "minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties", "multipleOf"} {
			if has(s.schema, k) {
				return true
			}
		}
		return false
	}, crossBound),
	onSite("pattern broken", func(s objSite, v any) bool { return has(s.schema, "pattern") }, func(g *objGen, s objSite, v any) {
		s.set(oneOf(g.r, "Not A Match!", "", "-"))
	}),
	onSite("format broken", func(s objSite, v any) bool { return has(s.schema, "format") && schemaType(s.schema) == "string" }, func(g *objGen, s objSite, v any) {
		s.set(oneOf(g.r, "not-a-format-value", "2024-13-45", "::::"))
	}),
	onSite("list-map key duplicated", func(s objSite, v any) bool {
		l, ok := v.([]any)
		return ok && len(l) > 0 && s.schema["x-kubernetes-list-type"] == "map"
	}, func(g *objGen, s objSite, v any) {
		l := v.([]any)
		dup := pruneClone(l[g.r.IntN(len(l))])
		s.set(append(l, dup))
	}),
	onSite("set duplicate", func(s objSite, v any) bool {
		l, ok := v.([]any)
		return ok && len(l) > 0 && s.schema["x-kubernetes-list-type"] == "set"
	}, func(g *objGen, s objSite, v any) {
		l := v.([]any)
		s.set(append(l, pruneClone(l[g.r.IntN(len(l))])))
	}),
	onSite("required dropped", func(s objSite, v any) bool {
		m, ok := v.(map[string]any)
		if !ok {
			return false
		}
		for _, k := range required(s.schema) {
			if _, has := m[k]; has {
				return true
			}
		}
		return false
	}, func(g *objGen, s objSite, v any) {
		m := v.(map[string]any)
		var present []string
		for _, k := range required(s.schema) {
			if _, has := m[k]; has {
				present = append(present, k)
			}
		}
		delete(m, present[g.r.IntN(len(present))])
	}),
	onSite("null", func(s objSite, v any) bool { return s.schema != nil && v != nil }, func(g *objGen, s objSite, v any) {
		s.set(nil)
	}),
	onSite("embedded resource broken", func(s objSite, v any) bool {
		_, ok := v.(map[string]any)
		return ok && isTrue(s.schema, "x-kubernetes-embedded-resource")
	}, func(g *objGen, s objSite, v any) {
		m := v.(map[string]any)
		switch g.r.IntN(4) {
		case 0:
			delete(m, "kind")
		case 1:
			m["apiVersion"] = oneOf[any](g.r, "", "a/b/c", int64(1))
		case 2:
			m["metadata"] = map[string]any{"name": "Bad_Name", "unknownMeta": int64(1)}
		default:
			m["metadata"] = oneOf[any](g.r, "str", map[string]any{"labels": map[string]any{"-x": "y"}})
		}
	}),
	onSite("at bounds", func(s objSite, v any) bool {
		t := schemaType(s.schema)
		return t == "integer" || t == "number" || t == "string" || t == "array"
	}, func(g *objGen, s objSite, v any) {
		switch schemaType(s.schema) {
		case "integer", "number":
			lo, hi, hasLo, hasHi := bounds(s.schema, 1)
			switch {
			case hasLo && (!hasHi || g.r.IntN(2) == 0):
				s.set(int64(lo))
			case hasHi:
				s.set(int64(hi))
			default:
				s.set(oneOf[any](g.r, int64(0), int64(-1), int64(1<<31)))
			}
		case "string":
			lo, _ := num(s.schema, "minLength")
			s.set(strings.Repeat("a", int(lo)))
		case "array":
			s.set([]any{})
		}
	}),
}

// crossBound sets the value of a site with bounds just outside them.
func crossBound(g *objGen, s objSite, v any) {
	sc := s.schema
	r := g.r
	if lo, ok := num(sc, "minimum"); ok && r.IntN(2) == 0 {
		s.set(int64(lo) - 1)
		return
	}
	if hi, ok := num(sc, "maximum"); ok && r.IntN(2) == 0 {
		s.set(int64(hi) + 1)
		return
	}
	if m, ok := num(sc, "multipleOf"); ok && r.IntN(2) == 0 {
		s.set(m*3 + 0.5)
		return
	}
	if hi, ok := num(sc, "maxLength"); ok && hi < 1e5 {
		s.set(strings.Repeat("b", int(hi)+1))
		return
	}
	if lo, ok := num(sc, "minLength"); ok && lo > 0 {
		s.set(strings.Repeat("c", int(lo)-1))
		return
	}
	if hi, ok := num(sc, "maxItems"); ok && hi < 1000 {
		items, _ := sc["items"].(map[string]any)
		l := []any{}
		for range int(hi) + 1 {
			l = append(l, g.value(items, 1))
		}
		s.set(l)
		return
	}
	if lo, ok := num(sc, "minItems"); ok && lo > 0 {
		if l, ok := v.([]any); ok && len(l) > 0 {
			s.set(l[:int(lo)-1])
		} else {
			s.set([]any{})
		}
		return
	}
	if hi, ok := num(sc, "maxProperties"); ok && hi < 100 {
		m := map[string]any{}
		if old, ok := v.(map[string]any); ok {
			m = old
		}
		for i := 0; len(m) <= int(hi); i++ {
			m["p"+strings.Repeat("x", i)] = "v"
		}
		s.set(m)
		return
	}
	if lo, ok := num(sc, "minProperties"); ok && lo > 0 {
		s.set(map[string]any{})
		return
	}
	if lo, ok := num(sc, "minimum"); ok {
		s.set(int64(lo) - 1)
		return
	}
	if hi, ok := num(sc, "maximum"); ok {
		s.set(int64(hi) + 1)
	}
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
