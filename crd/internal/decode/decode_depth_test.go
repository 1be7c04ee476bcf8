package decode

import (
	"encoding/json"
	"errors"
	"runtime"
	"strings"
	"testing"

	"github.com/kubeversion/kubeversion/crd/internal/api"
)

// versionsAt wraps schema, a JSON schema, in a CRD: 6 levels of nesting
// around it, counting the document.
func versionsAt(schema string) string {
	return `{"spec": {"versions": [{"schema": {"openAPIV3Schema": ` + schema + `}}]}}`
}

// nestedProperties is a schema of n levels of properties, 2n+1 levels of
// JSON nesting.
func nestedProperties(n int, leaf string) string {
	return strings.Repeat(`{"type":"object","properties":{"a":`, n) + leaf + strings.Repeat(`}}`, n)
}

// TestDecodeDepthLimit checks that Decode reads documents nested as deep
// as the API server's decoder reads them, and refuses the next level with
// its message, wherever the nesting is: in known fields, in a JSON value,
// in an unknown field, in a wrapper. encoding/json's scanner has the same
// limit and message as the server's (sigs.k8s.io/json is a fork of it):
// it gives the expected error.
func TestDecodeDepthLimit(t *testing.T) {
	shapes := []struct {
		name string
		doc  func(depth int) string // a CRD nested depth levels deep
	}{
		{"arrays in default", func(d int) string {
			return versionsAt(`{"default": ` + strings.Repeat("[", d-6) + strings.Repeat("]", d-6) + `}`)
		}},
		{"objects in an unknown field", func(d int) string {
			return versionsAt(`{"typo": ` + strings.Repeat(`{"a":`, d-6) + `1` + strings.Repeat("}", d-6) + `}`)
		}},
		{"properties", func(d int) string {
			if d%2 == 0 {
				return versionsAt(nestedProperties((d-6)/2, `{}`))
			}
			return versionsAt(nestedProperties((d-7)/2, `{"default": []}`))
		}},
		{"items", func(d int) string {
			return versionsAt(strings.Repeat(`{"items":`, d-6) + `{}` + strings.Repeat("}", d-6))
		}},
	}
	for _, s := range shapes {
		for _, depth := range []int{api.MaxDepth - 1, api.MaxDepth, api.MaxDepth + 1, api.MaxDepth + 2} {
			doc := []byte(s.doc(depth))
			want := ""
			if err := json.Unmarshal(doc, new(any)); err != nil {
				want = err.Error()
			}
			if (depth > api.MaxDepth) != (want != "") {
				t.Fatalf("%s at %d: the generated document is nested wrong: encoding/json says %q", s.name, depth, want)
			}
			c, err := Decode(doc)
			got := ""
			if err != nil && !errors.As(err, new(*api.StrictError)) {
				got = err.Error()
			}
			if got != want {
				t.Errorf("%s at %d: Decode error = %q, want %q", s.name, depth, got, want)
			}
			if want != "" && (!errors.Is(err, api.ErrMaxDepth) || c != nil) {
				t.Errorf("%s at %d: Decode = %v, %v; want nil and an error wrapping ErrMaxDepth", s.name, depth, c, err)
			}
		}
	}
}

// allocated returns the bytes that f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestDecodeDeepNestingRefusedEarly checks that a CRD nested 20,000 levels
// deep, 740 KB, is refused at the limit with a few times its size in
// memory: the path strings written at every level took 6.7 GB.
func TestDecodeDeepNestingRefusedEarly(t *testing.T) {
	doc := []byte(versionsAt(nestedProperties(20000, `{}`)))
	var err error
	n := allocated(func() { _, err = Decode(doc) })
	if !errors.Is(err, api.ErrMaxDepth) {
		t.Errorf("Decode error = %v, want one wrapping ErrMaxDepth", err)
	}
	if limit := 64 * uint64(len(doc)); n > limit {
		t.Errorf("Decode of %d bytes nested 20,000 levels allocated %d bytes, want at most %d", len(doc), n, limit)
	}
}

// TestDecodePathCostLinear checks that Decode's memory grows with the
// depth of a document it accepts, not with its square as when each level
// wrote its path: 10 times as deep must cost less than 20 times as much.
func TestDecodePathCostLinear(t *testing.T) {
	cost := func(levels int) uint64 {
		doc := []byte(versionsAt(nestedProperties(levels, `{}`)))
		return allocated(func() {
			if _, err := Decode(doc); err != nil {
				t.Fatal(err)
			}
		})
	}
	small, large := cost(400), cost(4000)
	if large > 20*small {
		t.Errorf("Decode allocated %d bytes for 400 levels, %d for 4000: %.0f times as much", small, large, float64(large)/float64(small))
	}
}

// TestDecodeRepeatedKeyCostLinear checks that a key repeated in an object
// deep in the document costs the same at any depth: each object reports a
// key once, and writes its path once. A path written for each repeat
// costs the depth times the repeats.
func TestDecodeRepeatedKeyCostLinear(t *testing.T) {
	for _, key := range []string{`"typo"`, `"type"`} { // unknown, duplicate
		cost := func(n int) uint64 {
			doc := []byte(versionsAt(nestedProperties(n, `{`+strings.Repeat(key+`:"string",`, n)+`"x-kubernetes-embedded-resource":false}`)))
			return allocated(func() {
				if _, err := Decode(doc); !errors.As(err, new(*api.StrictError)) {
					t.Fatalf("Decode error = %v, want a *StrictError", err)
				}
			})
		}
		small, large := cost(300), cost(3000)
		if large > 20*small {
			t.Errorf("key %s repeated: Decode allocated %d bytes at depth 300, %d at 3000: %.0f times as much", key, small, large, float64(large)/float64(small))
		}
	}
}

// TestDecodeDepthStrictPaths checks that the paths of strict errors deep
// in a document are written in full, as the API server writes them.
func TestDecodeDepthStrictPaths(t *testing.T) {
	_, err := Decode([]byte(versionsAt(nestedProperties(3, `{"typo": 1, "type": "a", "type": "b"}`))))
	p := "spec.versions[0].schema.openAPIV3Schema" + strings.Repeat(".properties.a", 3)
	want := `strict decoding error: unknown field "` + p + `.typo", duplicate field "` + p + `.type"`
	if err == nil || err.Error() != want {
		t.Errorf("Decode error = %v, want %s", err, want)
	}
}

// TestDecodeWrapperNestingLinear checks that Decode's memory grows with
// the depth of schemas nested through the wrappers (items,
// additionalProperties, additionalItems, dependencies), not with its
// square as when each wrapper decoded the levels below it again: 10,000
// levels of items, 100 KB, took 97 s and 1.9 GB.
func TestDecodeWrapperNestingLinear(t *testing.T) {
	shapes := map[string][2]string{
		"items":                {`{"items":`, `}`},
		"additionalProperties": {`{"additionalProperties":`, `}`},
		"additionalItems":      {`{"additionalItems":`, `}`},
		"dependencies":         {`{"dependencies":{"a":`, `}}`},
		"mixed":                {`{"items":{"additionalProperties":{"properties":{"a":{"dependencies":{"b":`, `}}}}}}`},
	}
	for name, s := range shapes {
		cost := func(n int) uint64 {
			doc := []byte(versionsAt(strings.Repeat(s[0], n) + `{"type":"string"}` + strings.Repeat(s[1], n)))
			return allocated(func() {
				if _, err := Decode(doc); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
			})
		}
		small, large := cost(100), cost(1000)
		if large > 20*small {
			t.Errorf("%s: Decode allocated %d bytes for 100 levels, %d for 1000: %.0f times as much", name, small, large, float64(large)/float64(small))
		}
	}
}

// TestDecodeWrappersKeepValues checks that the wrappers that Decode puts
// in place after decoding their level hold what json.Unmarshal would
// have put there, a later value of a field replacing an earlier one.
func TestDecodeWrappersKeepValues(t *testing.T) {
	c, _ := Decode([]byte(versionsAt(`{
		"items": {"type": "integer"},
		"properties": {
			"a": {"items": {"type": "dropped"}}, "a": {"type": "string"},
			"b": {"additionalProperties": {"items": [{"type": "x"}, {"type": "y"}]}},
			"c": {"not": {"items": {"type": "kept"}}, "not": {"type": "object"}},
			"d": {"items": {"type": "replaced"}, "items": null}
		},
		"dependencies": {"p": ["q", "r"], "s": {"type": "boolean"}, "t": null},
		"additionalItems": false
	}`)))
	s := c.Spec.Versions[0].Schema.OpenAPIV3Schema
	checks := []struct {
		name      string
		got, want any
	}{
		{"items", s.Items.Schema.Type, "integer"},
		{"properties.a.items", s.Properties["a"].Items, (*api.JSONSchemaPropsOrArray)(nil)},
		{"properties.a.type", s.Properties["a"].Type, "string"},
		{"properties.b.additionalProperties.items[1]", s.Properties["b"].AdditionalProperties.Schema.Items.JSONSchemas[1].Type, "y"},
		{"properties.b.additionalProperties.allows", s.Properties["b"].AdditionalProperties.Allows, true},
		{"properties.c.not.items", s.Properties["c"].Not.Items.Schema.Type, "kept"},
		{"properties.c.not.type", s.Properties["c"].Not.Type, "object"},
		{"properties.d.items", s.Properties["d"].Items, (*api.JSONSchemaPropsOrArray)(nil)},
		{"dependencies.p", strings.Join(s.Dependencies["p"].Property, ","), "q,r"},
		{"dependencies.s", s.Dependencies["s"].Schema.Type, "boolean"},
		{"dependencies.t", s.Dependencies["t"].Schema == nil && s.Dependencies["t"].Property == nil, true},
		{"additionalItems", *s.AdditionalItems, api.JSONSchemaPropsOrBool{}},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s = %#v, want %#v", c.name, c.got, c.want)
		}
	}
}
