package conformance

import (
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
)

// objGen draws values that an openAPIV3Schema (as JSON-decoded maps)
// accepts: types, formats, enums, patterns, bounds, required fields, the
// keys of list maps and the members of sets kept unique, int-or-string,
// embedded resources, nullable and preserved unknown fields. Numbers sit at
// their bounds one time in four, where CEL rules tend to break. What it
// does not attempt (allOf, anyOf, oneOf, not, CEL rules) makes some values
// invalid. budget caps the number of optional fields drawn.
type objGen struct {
	r      *rand.Rand
	budget int
}

// value returns a value for s, depth levels of optional fields deep.
func (g *objGen) value(s map[string]any, depth int) any {
	r := g.r
	if s == nil {
		return "x"
	}
	if b, _ := s["nullable"].(bool); b && r.IntN(12) == 0 {
		return nil
	}
	if e, ok := s["enum"].([]any); ok && len(e) > 0 {
		return pruneClone(e[r.IntN(len(e))])
	}
	if b, _ := s["x-kubernetes-int-or-string"].(bool); b {
		if r.IntN(2) == 0 {
			return g.integer(s)
		}
		return g.str(s, []string{"1", "25%", "80", "http"})
	}
	switch t, _ := s["type"].(string); t {
	case "object":
		return g.object(s, depth)
	case "array":
		return g.array(s, depth)
	case "string":
		return g.str(s, wordPool)
	case "integer":
		return g.integer(s)
	case "number":
		return g.number(s)
	case "boolean":
		return r.IntN(2) == 0
	}
	if b, _ := s["x-kubernetes-preserve-unknown-fields"].(bool); b {
		return g.anything(depth)
	}
	return "x"
}

var wordPool = []string{"a", "web", "example", "value-1", "Hello World", "x.y.z", "", "ünï", "42", "true"}

// anything returns free-form JSON for a schema that preserves unknown fields.
func (g *objGen) anything(depth int) any {
	switch g.r.IntN(6) {
	case 0:
		return int64(g.r.IntN(10))
	case 1:
		return "free"
	case 2:
		if depth > 0 {
			return []any{g.anything(depth - 1)}
		}
		return []any{}
	case 3:
		return 1.5
	}
	m := map[string]any{}
	if depth > 0 {
		for range g.r.IntN(3) {
			m[oneOf(g.r, "k", "free", "nested", "x-y")] = g.anything(depth - 1)
		}
	}
	return m
}

func props(s map[string]any) map[string]any {
	p, _ := s["properties"].(map[string]any)
	return p
}

func required(s map[string]any) []string {
	var out []string
	for _, v := range asList(s["required"]) {
		if k, ok := v.(string); ok {
			out = append(out, k)
		}
	}
	return out
}

func asList(v any) []any { l, _ := v.([]any); return l }

func num(s map[string]any, key string) (float64, bool) {
	switch v := s[key].(type) {
	case float64:
		return v, true
	case int64:
		return float64(v), true
	case int:
		return float64(v), true
	}
	return 0, false
}

func (g *objGen) object(s map[string]any, depth int) any {
	r := g.r
	m := map[string]any{}
	p := props(s)
	req := required(s)
	maxProps, hasMax := num(s, "maxProperties")
	for _, k := range slices.Sorted(maps.Keys(p)) {
		sub, _ := p[k].(map[string]any)
		isReq := slices.Contains(req, k)
		if !isReq && (depth <= 0 || g.budget <= 0 || r.IntN(3) == 0) {
			continue
		}
		if !isReq {
			g.budget--
		}
		m[k] = g.value(sub, depth-1)
	}
	if ap, ok := s["additionalProperties"].(map[string]any); ok && depth > 0 {
		for i := range r.IntN(3) {
			m[oneOf(r, "a", "b", "key-"+fmt.Sprint(i), "example.com/x")] = g.value(ap, depth-1)
		}
	}
	if b, _ := s["x-kubernetes-preserve-unknown-fields"].(bool); b && depth > 0 && r.IntN(4) == 0 {
		m["preserved"] = g.anything(depth - 1)
	}
	if b, _ := s["x-kubernetes-embedded-resource"].(bool); b {
		m["apiVersion"] = oneOf(r, "v1", "example.com/v1")
		m["kind"] = oneOf(r, "ConfigMap", "Widget")
		if r.IntN(2) == 0 {
			m["metadata"] = map[string]any{"name": oneOf(r, "embedded", "e.x-1"), "labels": map[string]any{"app": "e"}}
		}
	}
	// Trim optional fields over maxProperties, grow to minProperties.
	if hasMax {
		for _, k := range slices.Sorted(maps.Keys(m)) {
			if float64(len(m)) <= maxProps {
				break
			}
			if !slices.Contains(req, k) {
				delete(m, k)
			}
		}
	}
	if minProps, ok := num(s, "minProperties"); ok {
		for _, k := range slices.Sorted(maps.Keys(p)) {
			if float64(len(m)) >= minProps {
				break
			}
			if _, has := m[k]; !has {
				sub, _ := p[k].(map[string]any)
				m[k] = g.value(sub, 1)
			}
		}
		ap, _ := s["additionalProperties"].(map[string]any)
		for i := 0; float64(len(m)) < minProps && ap != nil && i < 10; i++ {
			m[fmt.Sprintf("extra%d", i)] = g.value(ap, 1)
		}
	}
	return m
}

func (g *objGen) array(s map[string]any, depth int) any {
	r := g.r
	items, _ := s["items"].(map[string]any)
	lo, _ := num(s, "minItems")
	hi, hasHi := num(s, "maxItems")
	n := int(lo) + r.IntN(3)
	if depth <= 0 || g.budget <= 0 {
		n = int(lo)
	}
	if hasHi && float64(n) > hi {
		n = int(hi)
	}
	n = min(n, 12)
	listType, _ := s["x-kubernetes-list-type"].(string)
	var keys []string
	for _, k := range asList(s["x-kubernetes-list-map-keys"]) {
		if k, ok := k.(string); ok {
			keys = append(keys, k)
		}
	}
	l := []any{}
	seen := map[string]bool{}
	for i := 0; len(l) < n && i < 4*n+4; i++ {
		g.budget--
		v := g.value(items, depth-1)
		var id string
		switch listType {
		case "set":
			id = string(pruneJSON(v))
		case "map":
			m, ok := v.(map[string]any)
			if !ok {
				continue
			}
			ik := props(items)
			for _, k := range keys {
				if _, has := m[k]; !has {
					if ks, ok := ik[k].(map[string]any); ok && ks["default"] == nil {
						m[k] = g.value(ks, 0)
					}
				}
			}
			var b strings.Builder
			for _, k := range keys {
				fmt.Fprintf(&b, "%s\x00", pruneJSON(m[k]))
			}
			id = b.String()
		default:
			l = append(l, v)
			continue
		}
		if !seen[id] {
			seen[id] = true
			l = append(l, v)
		}
	}
	return l
}

// str returns a string for s: of its format or pattern when it has one,
// else a word of pool, within minLength and maxLength.
func (g *objGen) str(s map[string]any, pool []string) any {
	r := g.r
	lo, _ := num(s, "minLength")
	hi, hasHi := num(s, "maxLength")
	maxLen := -1
	if hasHi {
		maxLen = int(hi)
	}
	if p, ok := s["pattern"].(string); ok {
		if v, ok := matching(r, p, int(lo), maxLen); ok {
			return v
		}
	}
	v := pool[r.IntN(len(pool))]
	if f, ok := s["format"].(string); ok {
		if fv := formatValue(r, f); fv != "" {
			v = fv
		}
	}
	for len(v) < int(lo) {
		v += "z"
	}
	if maxLen >= 0 && len(v) > maxLen {
		v = v[:maxLen]
	}
	return v
}

// formatValue returns a valid value of the format f, or "" for a format
// without a check.
func formatValue(r *rand.Rand, f string) string {
	var pool []string
	switch strings.ReplaceAll(f, "-", "") {
	case "datetime":
		pool = []string{"2024-01-02T03:04:05Z", "2020-02-29T23:59:59.5+02:00"}
	case "date":
		pool = []string{"2024-01-02", "1999-12-31"}
	case "uuid", "uuid4":
		pool = []string{"123e4567-e89b-42d3-a456-426614174000"}
	case "email":
		pool = []string{"a@example.com"}
	case "hostname":
		pool = []string{"example.com", "a-b"}
	case "ipv4":
		pool = []string{"10.0.0.1", "192.168.1.255"}
	case "ipv6":
		pool = []string{"::1", "fe80::1"}
	case "cidr":
		pool = []string{"10.0.0.0/8", "fd00::/64"}
	case "mac":
		pool = []string{"00:1a:2b:3c:4d:5e"}
	case "uri":
		pool = []string{"https://example.com/a", "http://x"}
	case "byte":
		pool = []string{"aGVsbG8=", ""}
	case "duration":
		pool = []string{"1h", "30s", "5m0s"}
	case "k8sshortname":
		pool = []string{"short", "a-1"}
	case "k8slongname":
		pool = []string{"long.name", "a-1.b"}
	case "bsonobjectid":
		pool = []string{"507f1f77bcf86cd799439011"}
	case "hexcolor":
		pool = []string{"#ffffff"}
	}
	if pool == nil {
		return ""
	}
	return pool[r.IntN(len(pool))]
}

// bounds returns the inclusive bounds of a number schema, with open
// bounds made closed by step.
func bounds(s map[string]any, step float64) (lo, hi float64, hasLo, hasHi bool) {
	lo, hasLo = num(s, "minimum")
	hi, hasHi = num(s, "maximum")
	if b, _ := s["exclusiveMinimum"].(bool); b && hasLo {
		lo += step
	}
	if b, _ := s["exclusiveMaximum"].(bool); b && hasHi {
		hi -= step
	}
	return
}

func (g *objGen) integer(s map[string]any) any {
	r := g.r
	lo, hi, hasLo, hasHi := bounds(s, 1)
	lo, hi = math.Ceil(lo), math.Floor(hi)
	if !hasLo {
		lo = math.Max(math.Min(0, hi-10), -1e15)
		if r.IntN(8) == 0 {
			lo = math.Min(-5, hi)
		}
	}
	if !hasHi {
		hi = math.Min(lo+100, 1e15)
	}
	var v float64
	switch {
	case hasLo && r.IntN(4) == 0:
		v = lo
	case hasHi && r.IntN(4) == 0:
		v = hi
	case hi >= lo:
		v = lo + float64(r.IntN(int(math.Min(hi-lo, 1000))+1))
	default:
		v = lo
	}
	if m, ok := num(s, "multipleOf"); ok && m >= 1 && m == math.Trunc(m) {
		v = math.Ceil(v/m) * m
		if hasHi && v > hi {
			v -= m
		}
	}
	return int64(v)
}

func (g *objGen) number(s map[string]any) any {
	r := g.r
	if _, ok := num(s, "multipleOf"); ok || r.IntN(2) == 0 {
		return g.integer(s)
	}
	lo, hi, hasLo, hasHi := bounds(s, 0.001)
	if !hasLo {
		lo = math.Min(0, hi-10)
	}
	if !hasHi {
		hi = lo + 100
	}
	switch {
	case hasLo && r.IntN(4) == 0:
		return lo
	case hasHi && r.IntN(4) == 0:
		return hi
	}
	return lo + (hi-lo)*r.Float64()
}
