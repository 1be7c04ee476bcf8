package conformance

import "testing"

// TestFixedPair checks which pairs of messages the differential of
// ValidateObject holds to the server's order.
func TestFixedPair(t *testing.T) {
	skipped := `<nil>: Invalid value: null: ` + celSkipped + `; correct the existing errors to complete validation`
	for _, c := range []struct {
		a, b  string
		fixed bool
	}{
		{`spec.a[0].x: Required value`, `spec.a[1].y: Required value`, true},
		{`spec.a[1]: Invalid value: 1: x`, `spec.a[10]: Invalid value: 1: x`, true},
		{`spec.a[1].x: Required value`, `spec.a[1].y: Required value`, false},
		{`spec.b: Required value`, `spec.c: Required value`, false},
		{`spec.ports[b]: Invalid value: 1: x`, `spec.ports[key0]: Invalid value: 1: x`, false},
		{`<nil>: Invalid value: "": "spec.a[0]" must validate one and only one schema (oneOf). Found none valid`, `spec.a[1].cosign: Required value`, true},
		{`<nil>: Invalid value: "": "spec.attestors[1]" must validate one and only one schema (oneOf). Found none valid`, `spec.images[1].name: Required value`, false},
		{`unknown field "spec.a[0].x"`, `unknown field "spec.a[2]"`, true},
		{`metadata.labels: Invalid value: "a": x`, `metadata.labels: Invalid value: "b": x`, false},
		{`spec.b: Required value`, skipped, true},
	} {
		if got := fixedPair(c.a, c.b); got != c.fixed {
			t.Errorf("fixedPair(%q, %q) = %v, want %v", c.a, c.b, got, c.fixed)
		}
		if got := fixedPair(c.b, c.a); got != c.fixed {
			t.Errorf("fixedPair(%q, %q) = %v, want %v", c.b, c.a, got, c.fixed)
		}
	}
	if a, b, ok := inverted([]string{"x[1]: e", "x[0]: e"}, []string{"x[0]: e", "x[1]: e"}); !ok || a != "x[0]: e" || b != "x[1]: e" {
		t.Errorf("inverted = %q, %q, %v", a, b, ok)
	}
	if _, _, ok := inverted([]string{"x.b: e", "x.a: e"}, []string{"x.a: e", "x.b: e"}); ok {
		t.Error("siblings by name are in random order on the server")
	}
}
