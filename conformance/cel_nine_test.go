package conformance

import "testing"

// celNine are the nine CRDs of issue 18 that the API server rejects for
// their CEL rules alone, each as the schema of its spec.
var celNine = []struct{ name, spec string }{
	{"a syntax error", `{"type": "object", "properties": {"s": {"type": "string"}}, "x-kubernetes-validations": [{"rule": "self.s.size() >"}]}`},
	{"an unknown function", `{"type": "object", "properties": {"s": {"type": "string"}}, "x-kubernetes-validations": [{"rule": "self.s.frobnicate()"}]}`},
	{"an undefined field", `{"type": "object", "properties": {"s": {"type": "string"}}, "x-kubernetes-validations": [{"rule": "self.t == 'a'"}]}`},
	{"a rule that is not a bool", `{"type": "object", "properties": {"s": {"type": "string"}}, "x-kubernetes-validations": [{"rule": "self.s"}]}`},
	{"a messageExpression that is not a string", `{"type": "object", "properties": {"s": {"type": "string"}}, "x-kubernetes-validations": [{"rule": "true", "messageExpression": "self.s.size()"}]}`},
	{"oldSelf on the items of an atomic list", `{"type": "object", "properties": {"l": {"type": "array", "maxItems": 10, "items": {"type": "string", "maxLength": 10, "x-kubernetes-validations": [{"rule": "self == oldSelf"}]}}}}`},
	{"a rule over unbounded lists (no maxItems, maxLength)", `{"type": "object", "properties": {"l": {"type": "array", "items": {"type": "string"}}}, "x-kubernetes-validations": [{"rule": "self.l.all(a, self.l.all(b, a.contains(b)))"}]}`},
	{"rules that together exceed the per-CRD budget", `{"type": "object", "properties": {"p0": {"type": "array", "maxItems": 7, "items": {"type": "string", "maxLength": 1000}, "x-kubernetes-validations": [{"rule": "self.all(x, self.all(y, x.contains(y)))"}]}, "p1": {"type": "array", "maxItems": 7, "items": {"type": "string", "maxLength": 1000}, "x-kubernetes-validations": [{"rule": "self.all(x, self.all(y, x.contains(y)))"}]}, "p2": {"type": "array", "maxItems": 7, "items": {"type": "string", "maxLength": 1000}, "x-kubernetes-validations": [{"rule": "self.all(x, self.all(y, x.contains(y)))"}]}, "p3": {"type": "array", "maxItems": 7, "items": {"type": "string", "maxLength": 1000}, "x-kubernetes-validations": [{"rule": "self.all(x, self.all(y, x.contains(y)))"}]}, "p4": {"type": "array", "maxItems": 7, "items": {"type": "string", "maxLength": 1000}, "x-kubernetes-validations": [{"rule": "self.all(x, self.all(y, x.contains(y)))"}]}, "p5": {"type": "array", "maxItems": 7, "items": {"type": "string", "maxLength": 1000}, "x-kubernetes-validations": [{"rule": "self.all(x, self.all(y, x.contains(y)))"}]}, "p6": {"type": "array", "maxItems": 7, "items": {"type": "string", "maxLength": 1000}, "x-kubernetes-validations": [{"rule": "self.all(x, self.all(y, x.contains(y)))"}]}, "p7": {"type": "array", "maxItems": 7, "items": {"type": "string", "maxLength": 1000}, "x-kubernetes-validations": [{"rule": "self.all(x, self.all(y, x.contains(y)))"}]}, "p8": {"type": "array", "maxItems": 7, "items": {"type": "string", "maxLength": 1000}, "x-kubernetes-validations": [{"rule": "self.all(x, self.all(y, x.contains(y)))"}]}, "p9": {"type": "array", "maxItems": 7, "items": {"type": "string", "maxLength": 1000}, "x-kubernetes-validations": [{"rule": "self.all(x, self.all(y, x.contains(y)))"}]}, "p10": {"type": "array", "maxItems": 7, "items": {"type": "string", "maxLength": 1000}, "x-kubernetes-validations": [{"rule": "self.all(x, self.all(y, x.contains(y)))"}]}, "p11": {"type": "array", "maxItems": 7, "items": {"type": "string", "maxLength": 1000}, "x-kubernetes-validations": [{"rule": "self.all(x, self.all(y, x.contains(y)))"}]}, "p12": {"type": "array", "maxItems": 7, "items": {"type": "string", "maxLength": 1000}, "x-kubernetes-validations": [{"rule": "self.all(x, self.all(y, x.contains(y)))"}]}, "p13": {"type": "array", "maxItems": 7, "items": {"type": "string", "maxLength": 1000}, "x-kubernetes-validations": [{"rule": "self.all(x, self.all(y, x.contains(y)))"}]}, "p14": {"type": "array", "maxItems": 7, "items": {"type": "string", "maxLength": 1000}, "x-kubernetes-validations": [{"rule": "self.all(x, self.all(y, x.contains(y)))"}]}, "p15": {"type": "array", "maxItems": 7, "items": {"type": "string", "maxLength": 1000}, "x-kubernetes-validations": [{"rule": "self.all(x, self.all(y, x.contains(y)))"}]}, "p16": {"type": "array", "maxItems": 7, "items": {"type": "string", "maxLength": 1000}, "x-kubernetes-validations": [{"rule": "self.all(x, self.all(y, x.contains(y)))"}]}, "p17": {"type": "array", "maxItems": 7, "items": {"type": "string", "maxLength": 1000}, "x-kubernetes-validations": [{"rule": "self.all(x, self.all(y, x.contains(y)))"}]}, "p18": {"type": "array", "maxItems": 7, "items": {"type": "string", "maxLength": 1000}, "x-kubernetes-validations": [{"rule": "self.all(x, self.all(y, x.contains(y)))"}]}, "p19": {"type": "array", "maxItems": 7, "items": {"type": "string", "maxLength": 1000}, "x-kubernetes-validations": [{"rule": "self.all(x, self.all(y, x.contains(y)))"}]}}}`},
	{"a messageExpression whose cost alone exceeds the budget", `{"type": "object", "properties": {"l": {"type": "array", "items": {"type": "string"}}}, "x-kubernetes-validations": [{"rule": "true", "messageExpression": "self.l.map(a, self.l.map(b, a + b).join(',')).join(';')"}]}`},
}

// TestCELNine checks that on each of celNine the API server reports CEL
// errors and that package crd, with package cel's checker, reports the
// same ones, on create and on update from a CRD without the rules.
func TestCELNine(t *testing.T) {
	for _, c := range celNine {
		manifest := []byte(`{"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
 "metadata": {"name": "gadgets.example.com"},
 "spec": {"group": "example.com", "scope": "Namespaced", "names": {"plural": "gadgets", "kind": "Gadget"},
  "versions": [{"name": "v1", "served": true, "storage": true, "schema": {"openAPIV3Schema": {
   "type": "object", "properties": {"spec": ` + c.spec + `}}}}]}}`)
		old := withoutRules(manifest)
		for _, side := range []struct {
			op       string
			new, old []byte
		}{{"create", manifest, nil}, {"update", stored(manifest), stored(old)}} {
			k, o, diffs, err := runCase("cel-nine", side.new, side.old)
			if err != nil {
				t.Errorf("%s on %s: %v", c.name, side.op, err)
				continue
			}
			cel := 0
			for _, e := range k.errs {
				if e.topic == "cel" {
					cel++
				}
			}
			if cel == 0 {
				t.Errorf("%s on %s: the API server reports no CEL error: %v", c.name, side.op, k.errs)
			}
			if len(diffs) > 0 {
				t.Errorf("%s on %s: differs:\n%s", c.name, side.op, formatDifferences(diffs))
			}
			if side.op == "create" {
				t.Logf("%s: the server %d errors, crd with cel %d; first: %s", c.name, len(k.errs), len(o.errs), shorten(o.errs[0].msg))
			}
		}
	}
}

// withoutRules returns doc without its x-kubernetes-validations.
func withoutRules(doc []byte) []byte {
	return edit(doc, func(root map[string]any) {
		eachObject(root, func(o map[string]any) { delete(o, "x-kubernetes-validations") })
	})
}
