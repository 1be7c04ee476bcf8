package cel_test

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/kubeversion/kubeversion/cel"
	"github.com/kubeversion/kubeversion/crd"
)

// widgets returns a CRD whose one version, v1, has the openAPIV3Schema
// schema, given as JSON.
func widgets(t testing.TB, schema string) *crd.CustomResourceDefinition {
	t.Helper()
	c, err := crd.Decode([]byte(`{"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
 "metadata": {"name": "widgets.example.com"},
 "spec": {"group": "example.com", "scope": "Namespaced", "names": {"plural": "widgets", "kind": "Widget"},
  "versions": [{"name": "v1", "served": true, "storage": true, "schema": {"openAPIV3Schema": ` + schema + `}}]}}`))
	if err != nil {
		t.Fatalf("decoding the CRD of %s: %v", schema, err)
	}
	return c
}

// object returns the JSON object data in package crd's JSON model, or nil
// for "".
func object(t testing.TB, data string) map[string]any {
	t.Helper()
	if data == "" {
		return nil
	}
	var j crd.JSON
	if err := j.UnmarshalJSON([]byte(data)); err != nil {
		t.Fatalf("decoding %s: %v", data, err)
	}
	m, ok := j.Value.(map[string]any)
	if !ok {
		t.Fatalf("%s is not an object", data)
	}
	return m
}

// spec is a schema whose spec has the properties props, given as JSON,
// and the rules rules, given as a JSON list ("" for none).
func spec(props, rules string) string {
	if rules != "" {
		rules = `, "x-kubernetes-validations": ` + rules
	}
	return `{"type": "object", "properties": {"spec": {"type": "object", "properties": ` + props + rules + `}}}`
}

// evaluation is a case of EvaluateCEL: an object, and the live object on
// update, of a CRD with a schema, and the messages of the errors and the
// warnings that the API server's code gives.
type evaluation struct {
	name             string
	schema           string
	object, old      string
	errors, warnings []string
}

func (tc evaluation) run(t *testing.T, e *cel.Evaluator) {
	t.Helper()
	c := widgets(t, tc.schema)
	errs, warnings := e.EvaluateCEL(&crd.CELObject{
		CRD: c, Version: "v1", Schema: c.Spec.Versions[0].Schema.OpenAPIV3Schema,
		Object: object(t, tc.object), Old: object(t, tc.old),
	})
	var got []string
	for _, e := range errs {
		got = append(got, e.Error())
	}
	if !slices.Equal(got, tc.errors) {
		t.Errorf("%s: errors\n%q\nwant\n%q", tc.name, got, tc.errors)
	}
	if !slices.Equal(warnings, tc.warnings) {
		t.Errorf("%s: warnings\n%q\nwant\n%q", tc.name, warnings, tc.warnings)
	}
}

var replicas = `{"replicas": {"type": "integer"}}`

var evaluations = []evaluation{
	{name: "a rule that holds", schema: spec(replicas, `[{"rule": "self.replicas >= 0"}]`),
		object: `{"spec": {"replicas": 1}}`},
	{name: "a rule on an object that fails", schema: spec(replicas, `[{"rule": "self.replicas >= 0"}]`),
		object: `{"spec": {"replicas": -1}}`,
		errors: []string{`spec: Invalid value: failed rule: self.replicas >= 0`}},
	{name: "a rule on a string shows the value",
		schema: spec(`{"name": {"type": "string", "x-kubernetes-validations": [{"rule": "self.size() < 3"}]}}`, ""),
		object: `{"spec": {"name": "abcd"}}`,
		errors: []string{`spec.name: Invalid value: "abcd": failed rule: self.size() < 3`}},
	{name: "message, messageExpression and reason",
		schema: spec(`{
			"replicas": {"type": "integer", "x-kubernetes-validations": [{"rule": "self >= 0", "messageExpression": "'got ' + string(self)", "reason": "FieldValueForbidden"}]},
			"ratio": {"type": "number", "x-kubernetes-validations": [{"rule": "self < 1.0", "message": "must be below 1", "reason": "FieldValueInvalid"}]},
			"on": {"type": "boolean", "x-kubernetes-validations": [{"rule": "!self", "message": "must be false", "reason": "FieldValueRequired"}]},
			"tag": {"type": "string", "x-kubernetes-validations": [{"rule": "self != 'x'", "reason": "FieldValueDuplicate"}]}}`, ""),
		object: `{"spec": {"replicas": -1, "ratio": 2.5, "on": true, "tag": "x"}}`,
		errors: []string{
			`spec.on: Required value: must be false`,
			`spec.ratio: Invalid value: 2.5: must be below 1`,
			`spec.replicas: Forbidden: got -1`,
			`spec.tag: Duplicate value: "x"`,
		}},
	{name: "a messageExpression that fails gives the rule's message",
		schema: spec(`{"name": {"type": "string", "x-kubernetes-validations": [{"rule": "self.size() < 2", "message": "too long", "messageExpression": "string(1/(self.size()-2))"}]}}`, ""),
		object: `{"spec": {"name": "ab"}}`,
		errors: []string{`spec.name: Invalid value: "ab": too long`}},
	{name: "fieldPath",
		schema: `{"type": "object", "properties": {"spec": {"type": "object", "properties": {"replicas": {"type": "integer"}}}},
			"x-kubernetes-validations": [{"rule": "self.spec.replicas < 5", "fieldPath": ".spec.replicas", "message": "too many"}]}`,
		object: `{"apiVersion": "example.com/v1", "kind": "Widget", "metadata": {"name": "w"}, "spec": {"replicas": 5}}`,
		errors: []string{`spec.replicas: Invalid value: too many`}},
	{name: "a rule at the root, which sees metadata, has no field path",
		schema: `{"type": "object", "x-kubernetes-validations": [{"rule": "self.metadata.name.startsWith('a')"}]}`,
		object: `{"apiVersion": "example.com/v1", "kind": "Widget", "metadata": {"name": "w"}}`,
		errors: []string{`<nil>: Invalid value: failed rule: self.metadata.name.startsWith('a')`}},
	{name: "an error at runtime",
		schema: spec(`{"n": {"type": "integer", "x-kubernetes-validations": [{"rule": "1/(self-self) == 1"}, {"rule": "self > 0"}]}}`, ""),
		object: `{"spec": {"n": -3}}`,
		errors: []string{
			`spec.n: Invalid value: "integer": division by zero evaluating rule: 1/(self-self) == 1`,
			`spec.n: Invalid value: -3: failed rule: self > 0`,
		}},
	{name: "int-or-string",
		schema: spec(`{"port": {"x-kubernetes-int-or-string": true, "x-kubernetes-validations": [{"rule": "self == 80"}]}}`, ""),
		object: `{"spec": {"port": "http"}}`,
		errors: []string{`spec.port: Invalid value: "http": failed rule: self == 80`}},

	{name: "a transition rule is not run on create",
		schema: spec(`{"replicas": {"type": "integer", "x-kubernetes-validations": [{"rule": "self >= oldSelf", "message": "may not decrease"}]}}`, ""),
		object: `{"spec": {"replicas": 1}}`},
	{name: "a transition rule on update",
		schema: spec(`{"replicas": {"type": "integer", "x-kubernetes-validations": [{"rule": "self >= oldSelf", "message": "may not decrease"}]}}`, ""),
		object: `{"spec": {"replicas": 1}}`, old: `{"spec": {"replicas": 2}}`,
		errors: []string{`spec.replicas: Invalid value: 1: may not decrease`}},
	{name: "a transition rule on an unchanged value is not ratcheted",
		schema: spec(`{"replicas": {"type": "integer"}, "name": {"type": "string"}}`, `[{"rule": "self.replicas < oldSelf.replicas", "message": "must decrease"}]`),
		object: `{"spec": {"replicas": 2}}`, old: `{"spec": {"replicas": 2}}`,
		errors: []string{`spec: Invalid value: must decrease`}},
	{name: "optionalOldSelf on create",
		schema: spec(`{"replicas": {"type": "integer", "x-kubernetes-validations": [
			{"rule": "!oldSelf.hasValue() || self >= oldSelf.value()", "optionalOldSelf": true, "message": "may not decrease"},
			{"rule": "oldSelf.hasValue() || self == 0", "optionalOldSelf": true, "message": "starts at 0"}]}}`, ""),
		object: `{"spec": {"replicas": 1}}`,
		errors: []string{`spec.replicas: Invalid value: 1: starts at 0`}},
	{name: "optionalOldSelf on update",
		schema: spec(`{"replicas": {"type": "integer", "x-kubernetes-validations": [
			{"rule": "!oldSelf.hasValue() || self >= oldSelf.value()", "optionalOldSelf": true, "message": "may not decrease"},
			{"rule": "oldSelf.hasValue() || self == 0", "optionalOldSelf": true, "message": "starts at 0"}]}}`, ""),
		object: `{"spec": {"replicas": 1}}`, old: `{"spec": {"replicas": 3}}`,
		errors: []string{`spec.replicas: Invalid value: 1: may not decrease`}},

	{name: "ratcheting: an unchanged invalid value gives a warning",
		schema: spec(replicas, `[{"rule": "self.replicas >= 0"}]`),
		object: `{"spec": {"replicas": -1}}`, old: `{"spec": {"replicas": -1}}`,
		warnings: []string{`spec: Invalid value: failed rule: self.replicas >= 0`}},
	{name: "ratcheting: a changed invalid value gives an error",
		schema: spec(replicas, `[{"rule": "self.replicas >= 0"}]`),
		object: `{"spec": {"replicas": -2}}`, old: `{"spec": {"replicas": -1}}`,
		errors: []string{`spec: Invalid value: failed rule: self.replicas >= 0`}},
	{name: "ratcheting: warnings and errors, in order",
		schema: spec(`{
			"a": {"type": "integer", "x-kubernetes-validations": [{"rule": "self > 0", "messageExpression": "'a is ' + string(self)"}]},
			"b": {"type": "boolean", "x-kubernetes-validations": [{"rule": "!self", "message": "must be false", "reason": "FieldValueRequired"}]},
			"c": {"type": "number", "x-kubernetes-validations": [{"rule": "self < 1.0"}]}}`, ""),
		object: `{"spec": {"a": 0, "b": true, "c": 2.5}}`, old: `{"spec": {"a": 0, "b": true, "c": 3}}`,
		errors:   []string{`spec.c: Invalid value: 2.5: failed rule: self < 1.0`},
		warnings: []string{`spec.a: Invalid value: 0: a is 0`, `spec.b: Required value: must be false`}},
	{name: "ratcheting: an element of a map list, correlated by key",
		schema: spec(`{"ports": {"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["name"],
			"items": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}, "port": {"type": "integer"}},
				"x-kubernetes-validations": [{"rule": "self.port > 0", "messageExpression": "self.name + ' needs a port'"}]}}}`, ""),
		object:   `{"spec": {"ports": [{"name": "new", "port": 0}, {"name": "old", "port": 0}]}}`,
		old:      `{"spec": {"ports": [{"name": "old", "port": 0}]}}`,
		errors:   []string{`spec.ports[0]: Invalid value: new needs a port`},
		warnings: []string{`spec.ports[1]: Invalid value: old needs a port`}},
	{name: "ratcheting: an item of an atomic list that is unchanged",
		schema: spec(`{"ports": {"type": "array", "items": {"type": "integer", "x-kubernetes-validations": [{"rule": "self > 0"}]}}}`, ""),
		object: `{"spec": {"ports": [0]}}`, old: `{"spec": {"ports": [0]}}`,
		warnings: []string{`spec.ports[0]: Invalid value: 0: failed rule: self > 0`}},
	{name: "ratcheting: an item of an atomic list that changed, not correlated",
		schema: spec(`{"ports": {"type": "array", "items": {"type": "integer", "x-kubernetes-validations": [{"rule": "self > 0"}]}}}`, ""),
		object: `{"spec": {"ports": [0, 1]}}`, old: `{"spec": {"ports": [0]}}`,
		errors: []string{`spec.ports[0]: Invalid value: 0: failed rule: self > 0`}},
	{name: "rules in allOf are not run in a schema without other rules",
		schema: spec(`{"a": {"type": "object", "properties": {"n": {"type": "integer"}}, "allOf": [{"x-kubernetes-validations": [{"rule": "self.n > 0"}]}]}}`, ""),
		object: `{"spec": {"a": {"n": 0}}}`},
	{name: "ratcheting: a rule in allOf, ratcheted by the nearest parent",
		schema: spec(`{"a": {"type": "object", "properties": {"n": {"type": "integer"}}, "allOf": [{"x-kubernetes-validations": [{"rule": "self.n > 0"}]}]}}`, `[{"rule": "true"}]`),
		object: `{"spec": {"a": {"n": 0}}}`, old: `{"spec": {"a": {"n": 0}}}`,
		warnings: []string{`spec.a: Invalid value: failed rule: self.n > 0`}},
	{name: "ratcheting: a rule in allOf at the root, which has no parent",
		schema: `{"type": "object", "properties": {"spec": {"type": "object", "properties": {"n": {"type": "integer"}}}},
			"x-kubernetes-validations": [{"rule": "true"}], "allOf": [{"x-kubernetes-validations": [{"rule": "self.spec.n > 0"}]}]}`,
		object: `{"spec": {"n": 0}}`, old: `{"spec": {"n": 0}}`,
		errors: []string{`<nil>: Invalid value: failed rule: self.spec.n > 0`}},
	{name: "ratcheting: a map of additionalProperties",
		schema: spec(`{"limits": {"type": "object", "additionalProperties": {"type": "integer", "x-kubernetes-validations": [{"rule": "self >= 0"}]}}}`, ""),
		object: `{"spec": {"limits": {"z": -1, "a": -2, "m": -3}}}`, old: `{"spec": {"limits": {"z": -1, "a": -1}}}`,
		errors:   []string{`spec.limits[a]: Invalid value: -2: failed rule: self >= 0`, `spec.limits[m]: Invalid value: -3: failed rule: self >= 0`},
		warnings: []string{`spec.limits[z]: Invalid value: -1: failed rule: self >= 0`}},
	{name: "apiVersion and kind are not ratcheted",
		schema: `{"type": "object", "properties": {"kind": {"type": "string", "x-kubernetes-validations": [{"rule": "self == 'Gadget'"}]}}}`,
		object: `{"apiVersion": "example.com/v1", "kind": "Widget"}`, old: `{"apiVersion": "example.com/v1", "kind": "Widget"}`,
		errors: []string{`kind: Invalid value: "Widget": failed rule: self == 'Gadget'`}},
}

// TestEvaluateCEL checks the errors and warnings of rules on objects,
// which are the API server's code's: the literal messages here show a
// change of that code.
func TestEvaluateCEL(t *testing.T) {
	e := cel.NewEvaluator()
	for _, tc := range evaluations {
		tc.run(t, e)
	}
}

// TestEvaluateCELAsServer checks that EvaluateCEL gives what the
// server's validator gives, which walks the fields of an object in random
// order: the same errors and warnings, each list in an order the server
// gives too (the same but for the order of sibling fields), for every
// case of TestEvaluateCEL, several times.
func TestEvaluateCELAsServer(t *testing.T) {
	e := cel.NewEvaluator()
	for _, tc := range evaluations {
		c := widgets(t, tc.schema)
		o := &crd.CELObject{CRD: c, Version: "v1", Schema: c.Spec.Versions[0].Schema.OpenAPIV3Schema, Object: object(t, tc.object), Old: object(t, tc.old)}
		errs, warnings := e.EvaluateCEL(o)
		for range 5 {
			serverErrs, serverWarnings, err := cel.EvaluateAsServer(o)
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			if !samePermutation(messages(errs), messages(serverErrs)) || !samePermutation(warnings, serverWarnings) {
				t.Errorf("%s: EvaluateCEL gives\n%q, warnings %q\nthe server\n%q, warnings %q", tc.name, errs, warnings, serverErrs, serverWarnings)
			}
		}
	}
}

func messages(errs crd.ErrorList) []string {
	var out []string
	for _, e := range errs {
		out = append(out, e.Error())
	}
	return out
}

// samePermutation reports whether a and b have the same elements, each
// as many times.
func samePermutation(a, b []string) bool {
	return slices.Equal(slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b)))
}

// TestEvaluateCELConcurrently checks that an Evaluator gives the same
// answers from several goroutines at once, on schemas it compiled before
// and not: the zero Evaluator, which is ready to use, and one that ran
// every case before.
func TestEvaluateCELConcurrently(t *testing.T) {
	warm := cel.NewEvaluator()
	for _, tc := range evaluations {
		tc.run(t, warm)
	}
	var zero cel.Evaluator
	var wg sync.WaitGroup
	for range 4 {
		for _, e := range []*cel.Evaluator{warm, &zero} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for _, tc := range evaluations {
					tc.run(t, e)
				}
			}()
		}
	}
	wg.Wait()
}

// TestEvaluateCELCostBudget checks the server's messages for a rule that
// costs more than the limit of one evaluation, and for rules that cost
// more than the budget of an object in all: no rule runs after either.
// The cost of s.matches(p) is the product of the lengths of s and p
// (times 0.1 and 0.25), and it fails at once where p is "^b..." and s is
// "aaa...": the rules are costly but quick.
func TestEvaluateCELCostBudget(t *testing.T) {
	// costing (1+n)/10 * m/4 to match, and so 900,000 for 1,000 * 36,000.
	item := func(n, m int) string {
		return fmt.Sprintf(`{"s": %q, "p": %q}`, strings.Repeat("a", n), "^b"+strings.Repeat("c", m-2))
	}
	items := make([]string, 12)
	var spent []string // 11 items pass the first rule, and fail the second
	for i := range items {
		items[i] = item(36000, 1000)
		if i < 11 {
			spent = append(spent, fmt.Sprintf(`spec.items[%d]: Invalid value: failed rule: false`, i))
		}
	}
	spent = append(spent, `spec.items[11]: Invalid value: "object": validation failed due to running out of cost budget, no further validation rules will be run`)
	matches := `{"type": "object", "properties": {"s": {"type": "string"}, "p": {"type": "string"}},
		"x-kubernetes-validations": [{"rule": "!self.s.matches(self.p)"}, {"rule": "false"}]}`
	for _, tc := range []evaluation{
		{name: "one evaluation past the limit",
			schema: spec(`{"x": `+matches+`}`, ""),
			object: `{"spec": {"x": ` + item(40000, 1000) + `}}`,
			errors: []string{`spec.x: Invalid value: "object": 'operation cancelled: actual cost limit exceeded': no further validation rules will be run due to call cost exceeds limit for rule: !self.s.matches(self.p)`}},
		{name: "one evaluation within the limit",
			schema: spec(`{"x": `+matches+`}`, ""),
			object: `{"spec": {"x": ` + item(36000, 1000) + `}}`,
			errors: []string{`spec.x: Invalid value: failed rule: false`}},
		{name: "a messageExpression past the limit",
			schema: spec(`{"x": {"type": "object", "properties": {"s": {"type": "string"}, "p": {"type": "string"}},
				"x-kubernetes-validations": [{"rule": "false", "messageExpression": "self.s.matches(self.p) ? 'x' : 'y'"}, {"rule": "false"}]}}`, ""),
			object: `{"spec": {"x": ` + item(40000, 1000) + `}}`,
			errors: []string{`spec.x: Invalid value: "object": no further validation rules will be run due to call cost exceeds limit for messageExpression: "self.s.matches(self.p) ? 'x' : 'y'"`}},
		{name: "the budget of the object spent",
			schema: spec(`{"items": {"type": "array", "items": `+matches+`}}`, ""),
			object: `{"spec": {"items": [` + strings.Join(items, ", ") + `]}}`,
			errors: spent},
	} {
		tc.run(t, cel.NewEvaluator())
		// The fields are in lists, which the server walks in order.
		c := widgets(t, tc.schema)
		serverErrs, _, err := cel.EvaluateAsServer(&crd.CELObject{CRD: c, Version: "v1", Schema: c.Spec.Versions[0].Schema.OpenAPIV3Schema, Object: object(t, tc.object)})
		if got := messages(serverErrs); err != nil || !slices.Equal(got, tc.errors) {
			t.Errorf("%s: the server gives %q, %v", tc.name, got, err)
		}
	}
}

// TestEvaluateCELCostBudgetSortedFields checks that the rules that run
// before the budget runs out are those of the first fields in sorted
// order, where the server's random order runs those of other fields.
func TestEvaluateCELCostBudgetSortedFields(t *testing.T) {
	const matches = `{"type": "object", "properties": {"s": {"type": "string"}, "p": {"type": "string"}},
		"x-kubernetes-validations": [{"rule": "!self.s.matches(self.p)"}, {"rule": "false"}]}`
	value := fmt.Sprintf(`{"s": %q, "p": %q}`, strings.Repeat("a", 36000), "^b"+strings.Repeat("c", 998))
	var props, fields, want []string
	for i, name := range strings.Split("abcdefghijkl", "") {
		props = append(props, fmt.Sprintf("%q: %s", name, matches))
		fields = append(fields, fmt.Sprintf("%q: %s", name, value))
		if i < 11 {
			want = append(want, `spec.`+name+`: Invalid value: failed rule: false`)
		}
	}
	want = append(want, `spec.l: Invalid value: "object": validation failed due to running out of cost budget, no further validation rules will be run`)
	tc := evaluation{name: "the budget spent in the fields of an object",
		schema: spec("{"+strings.Join(props, ", ")+"}", ""),
		object: `{"spec": {` + strings.Join(fields, ", ") + `}}`,
		errors: want}
	e := cel.NewEvaluator()
	for range 3 {
		tc.run(t, e)
	}
}

// TestEvaluateCELNothingToDo checks that a schema without rules, and no
// schema, give nothing.
func TestEvaluateCELNothingToDo(t *testing.T) {
	c := widgets(t, spec(replicas, ""))
	e := cel.NewEvaluator()
	for _, o := range []*crd.CELObject{
		nil,
		{CRD: c, Version: "v1"},
		{CRD: c, Version: "v1", Schema: c.Spec.Versions[0].Schema.OpenAPIV3Schema, Object: object(t, `{"spec": {"replicas": -1}}`)},
	} {
		if errs, warnings := e.EvaluateCEL(o); errs != nil || warnings != nil {
			t.Errorf("EvaluateCEL(%+v) = %v, %q, want nothing", o, errs, warnings)
		}
	}
}

// TestEvaluateCELPreserveUnknownFields checks that a CRD that preserves
// unknown fields, whose schema need not be structural, has no rules run
// when it is not, as the server has no validator then; and that a schema
// that is not structural, which a CRD that does not preserve unknown
// fields cannot have, gives the server's error.
func TestEvaluateCELPreserveUnknownFields(t *testing.T) {
	c := widgets(t, `{"type": "object", "properties": {"spec": {"type": "object", "x-kubernetes-validations": [{"rule": "false"}], "patternProperties": {"^a": {"type": "string"}}}}}`)
	o := &crd.CELObject{CRD: c, Version: "v1", Schema: c.Spec.Versions[0].Schema.OpenAPIV3Schema, Object: object(t, `{"spec": {}}`)}
	errs, _ := cel.NewEvaluator().EvaluateCEL(o)
	want := `: Internal error: the server could not properly serve the CR schema: OpenAPIV3Schema 'patternProperties' is not supported`
	if errs.Error() != want {
		t.Errorf("a schema that is not structural: %q, want %q", errs.Error(), want)
	}
	c.Spec.PreserveUnknownFields = true
	if errs, _ := cel.NewEvaluator().EvaluateCEL(o); errs != nil {
		t.Errorf("preserveUnknownFields: %v, want no error", errs)
	}
}
