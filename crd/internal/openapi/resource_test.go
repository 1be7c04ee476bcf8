package openapi

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The expectations of this file come from the real code at v0.37.2
// (k8s.io/apiextensions-apiserver, with kube-openapi
// v0.0.0-20260721132016-d427ff9ee9ad): a throwaway program built the
// validator of a custom resource with validation.NewSchemaValidator
// (compatibility version 1.36), and the validator of defaults with
// NewSchemaValidatorFromOpenAPI(structural.ToKubeOpenAPI()), ran them on
// each case and printed the errors of the result in brief's format.
// Updates went through ValidateUpdate with WithRatcheting and the
// correlation common.NewCorrelatedObject builds over the structural
// schema, as the custom resource strategy does. The server walks the
// properties of an object in random order; the cases marked anyOrder,
// with errors in several properties, list and compare them sorted.

// sameErrors returns the difference between want and got, sorted first
// when anyOrder is set.
func sameErrors(want, got []string, anyOrder bool) string {
	if anyOrder {
		want, got = slices.Sorted(slices.Values(want)), slices.Sorted(slices.Values(got))
	}
	return cmp.Diff(want, got)
}

func TestValidateCustomResource(t *testing.T) {
	for _, tt := range []struct {
		name, schema, value string
		anyOrder            bool
		want, defaults      []string
	}{
		{"int-or-string: a boolean", `{"type": "object", "properties": {"a": {"x-kubernetes-int-or-string": true}}}`, `{"a": true}`, false,
			[]string{`InvalidType|a|boolean|a in body must be of type integer,string: "boolean"`},
			nil},
		{"int-or-string: null", `{"type": "object", "properties": {"a": {"x-kubernetes-int-or-string": true}}}`, `{"a": null}`, false,
			[]string{`InvalidType|a|null|a in body must be of type integer,string: "null"`},
			nil},
		{"int-or-string: nullable null", `{"type": "object", "properties": {"a": {"x-kubernetes-int-or-string": true, "nullable": true}}}`, `{"a": null}`, false,
			nil,
			nil},
		{"int-or-string: a float", `{"type": "object", "properties": {"a": {"x-kubernetes-int-or-string": true}}}`, `{"a": 1.5}`, false,
			[]string{`InvalidType|a|number|a in body must be of type integer,string: "number"`},
			nil},
		{"int-or-string: integral float, integer, string", `{"type": "object", "properties": {"a": {"x-kubernetes-int-or-string": true}, "b": {"x-kubernetes-int-or-string": true}, "c": {"x-kubernetes-int-or-string": true}}}`, `{"a": 2.0, "b": 5, "c": "x"}`, false,
			nil,
			nil},
		{"int-or-string: a list", `{"type": "object", "properties": {"a": {"x-kubernetes-int-or-string": true}}}`, `{"a": [1]}`, false,
			[]string{`InvalidType|a|array|a in body must be of type integer,string: "array"`},
			nil},
		{"int-or-string with anyOf: a boolean", `{"type": "object", "properties": {"a": {"x-kubernetes-int-or-string": true, "anyOf": [{"type": "integer"}, {"type": "string"}]}}}`, `{"a": true}`, false,
			[]string{
				`InvalidType|a|boolean|a in body must be of type integer,string: "boolean"`,
				`Plain||<nil>|"a" must validate at least one schema (anyOf)`,
				`InvalidType|a|boolean|a in body must be of type integer: "boolean"`,
			},
			[]string{
				`Plain||<nil>|"a" must validate at least one schema (anyOf)`,
				`InvalidType|a|boolean|a in body must be of type integer: "boolean"`,
			}},
		{"int-or-string with format date", `{"type": "object", "properties": {"a": {"x-kubernetes-int-or-string": true, "format": "date"}, "b": {"x-kubernetes-int-or-string": true, "format": "date"}}}`, `{"a": "x", "b": 5}`, false,
			[]string{`InvalidType|a|x|a in body must be of type date: "x"`},
			[]string{
				`InvalidType|a|x|a in body must be of type date: "x"`,
				`InvalidType|b|int64|b in body must be of type date: "int64"`,
			}},
		{"int-or-string drops format int32", `{"type": "object", "properties": {"a": {"x-kubernetes-int-or-string": true, "format": "int32"}}}`, `{"a": 2147483648}`, false,
			nil,
			[]string{`InvalidType|a|int64|a in body must be of type int32: "int64"`}},
		{"int-or-string minimum and maxLength", `{"type": "object", "properties": {"a": {"x-kubernetes-int-or-string": true, "minimum": 3, "maxLength": 1}}}`, `{"a": 1}`, false,
			[]string{`Other|a|1|a in body should be greater than or equal to 3`},
			[]string{`Other|a|1|a in body should be greater than or equal to 3`}},
		{"int-or-string maxLength on a string", `{"type": "object", "properties": {"a": {"x-kubernetes-int-or-string": true, "minimum": 3, "maxLength": 1}}}`, `{"a": "xy"}`, false,
			[]string{`TooLong|a|xy|a in body should be at most 1 chars long|limit 1`},
			[]string{`TooLong|a|xy|a in body should be at most 1 chars long|limit 1`}},
		{"boolean drops its format", `{"type": "object", "properties": {"a": {"type": "boolean", "format": "date"}}}`, `{"a": "2020-01-01"}`, false,
			[]string{`InvalidType|a|string|a in body must be of type boolean: "string"`},
			nil},
		{"integer drops format date", `{"type": "object", "properties": {"a": {"type": "integer", "format": "date"}}}`, `{"a": 1.5}`, false,
			[]string{
				`InvalidType|a|number|a in body must be of type integer: "number"`,
				`Plain||<nil>|Checked value must be of type integer (default format) in a`,
			},
			[]string{
				`InvalidType|a|float64|a in body must be of type date: "float64"`,
				`Plain||<nil>|Checked value must be of type integer (default format) in a`,
			}},
		{"integer keeps int32", `{"type": "object", "properties": {"a": {"type": "integer", "format": "int32"}}}`, `{"a": 2147483648}`, false,
			[]string{`Plain||<nil>|Checked value must be of type integer with format int32 in a`},
			[]string{`Plain||<nil>|Checked value must be of type integer with format int32 in a`}},
		{"number keeps float", `{"type": "object", "properties": {"a": {"type": "number", "format": "float"}}}`, `{"a": 1e+300}`, false,
			[]string{`Plain||<nil>|Checked value must be of type number with format float in a`},
			[]string{`Plain||<nil>|Checked value must be of type number with format float in a`}},
		{"number drops int32", `{"type": "object", "properties": {"a": {"type": "number", "format": "int32"}}}`, `{"a": 1.5}`, false,
			nil,
			nil},
		{"typeless drops int32", `{"type": "object", "properties": {"a": {"x-kubernetes-preserve-unknown-fields": true, "format": "int32"}}}`, `{"a": 1.5}`, false,
			nil,
			[]string{`InvalidType|a|float64|a in body must be of type int32: "float64"`}},
		{"string keeps date-time and k8s-short-name", `{"type": "object", "properties": {"a": {"type": "string", "format": "date-time"}, "b": {"type": "string", "format": "k8s-short-name"}, "c": {"type": "string", "format": "k8s-long-name"}}}`, `{"a": "2020-01-01", "b": "A", "c": "a..b"}`, true,
			[]string{
				`InvalidType|a|2020-01-01|a in body must be of type date-time: "2020-01-01"`,
				`InvalidType|b|A|b in body must be of type k8s-short-name: "A"`,
				`InvalidType|c|a..b|c in body must be of type k8s-long-name: "a..b"`,
			},
			[]string{
				`InvalidType|a|2020-01-01|a in body must be of type date-time: "2020-01-01"`,
				`InvalidType|b|A|b in body must be of type k8s-short-name: "A"`,
				`InvalidType|c|a..b|c in body must be of type k8s-long-name: "a..b"`,
			}},
		{"string drops an unknown format", `{"type": "object", "properties": {"a": {"type": "string", "format": "bogus"}}}`, `{"a": "x"}`, false,
			nil,
			nil},
		{"nested drops int32", `{"type": "object", "properties": {"a": {"type": "number", "anyOf": [{"format": "int32"}]}}}`, `{"a": 1.5}`, false,
			nil,
			[]string{
				`Plain||<nil>|"a" must validate at least one schema (anyOf)`,
				`InvalidType|a|float64|a in body must be of type int32: "float64"`,
			}},
		{"nested keeps date", `{"type": "object", "properties": {"a": {"type": "string", "anyOf": [{"format": "date"}]}}}`, `{"a": "x"}`, false,
			[]string{
				`Plain||<nil>|"a" must validate at least one schema (anyOf)`,
				`InvalidType|a|x|a in body must be of type date: "x"`,
			},
			[]string{
				`Plain||<nil>|"a" must validate at least one schema (anyOf)`,
				`InvalidType|a|x|a in body must be of type date: "x"`,
			}},
		{"nullable", `{"type": "object", "properties": {"a": {"type": "string", "nullable": true}, "b": {"type": "string"}, "c": {"type": "string", "nullable": true, "enum": ["x"]}}}`, `{"a": null, "b": null, "c": null}`, true,
			[]string{
				`Enum|c|<nil>|c in body should be one of [x]`,
				`InvalidType|b|null|b in body must be of type string: "null"`,
			},
			[]string{
				`Enum|c|<nil>|c in body should be one of [x]`,
				`InvalidType|b|null|b in body must be of type string: "null"`,
			}},
		{"nullable object", `{"type": "object", "properties": {"o": {"type": "object", "nullable": true, "properties": {"a": {"type": "string"}}}, "p": {"type": "array", "items": {"type": "string", "nullable": true}}}}`, `{"o": null, "p": [null, 1]}`, false,
			[]string{`InvalidType|p[1]|integer|p[1] in body must be of type string: "integer"`},
			[]string{`InvalidType|p[1]|integer|p[1] in body must be of type string: "integer"`}},
	} {
		s, x := mustModel(t, tt.schema), mustJSON(t, tt.value)
		resource := Validator{CustomResource: true}
		if diff := sameErrors(tt.want, brief(resource.Validate(x, s)), tt.anyOrder); diff != "" {
			t.Errorf("%s: custom resource: Validate(%s, %s) mismatch (-want +got):\n%s", tt.name, tt.value, tt.schema, diff)
		}
		var defaults Validator
		if diff := sameErrors(tt.defaults, brief(defaults.Validate(x, s)), tt.anyOrder); diff != "" {
			t.Errorf("%s: defaults: Validate(%s, %s) mismatch (-want +got):\n%s", tt.name, tt.value, tt.schema, diff)
		}
	}
}
