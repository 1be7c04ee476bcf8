package crd

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kubeversion/kubeversion/crd/internal/field"
	"github.com/kubeversion/kubeversion/crd/internal/openapi"
	"github.com/kubeversion/kubeversion/crd/internal/structural"
)

// brief writes an error as "field|type|value as JSON|detail", the parts
// the API server prints, whatever error.go prints for the type.
func brief(list ErrorList) []string {
	var out []string
	for _, e := range list {
		v, err := json.Marshal(e.BadValue)
		if err != nil {
			v = []byte("?")
		}
		out = append(out, e.Field+"|"+string(e.Type)+"|"+string(v)+"|"+e.Detail)
	}
	return out
}

// TestValueErrors checks the value validator through crd's boundary: the
// model newStructural builds, and the field errors valueErrors makes of
// the validator's errors, as the check of defaults prints them.
func TestValueErrors(t *testing.T) {
	const f = "x.default"
	tests := []struct {
		name, schema, value string
		want                []string
	}{
		{"valid object", `{"type": "object", "properties": {"a": {"type": "string"}}}`, `{"a": "s"}`, nil},
		{"type at the root", `{"type": "string"}`, `1`,
			[]string{`x.default|FieldValueTypeInvalid|"integer"| in body must be of type string: "integer"`}},
		{"type below", `{"type": "object", "properties": {"a": {"type": "string"}}}`, `{"a": true}`,
			[]string{`x.default.a|FieldValueTypeInvalid|"boolean"|a in body must be of type string: "boolean"`}},
		{"null needs nullable", `{"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string", "nullable": true}}}`, `{"a": null, "b": null}`,
			[]string{`x.default.a|FieldValueTypeInvalid|"null"|a in body must be of type string: "null"`}},
		{"integral float is an integer", `{"type": "integer"}`, `2.0`, nil},
		{"float is not an integer, and out of range", `{"type": "integer"}`, `2.5`, []string{
			`x.default|FieldValueTypeInvalid|"number"| in body must be of type integer: "number"`,
			`x.default|FieldValueInvalid|""|Checked value must be of type integer (default format) in `}},
		{"int32 range", `{"type": "integer", "format": "int32"}`, `2147483648`, []string{
			`x.default|FieldValueInvalid|""|Checked value must be of type integer with format int32 in `}},
		{"int-or-string has no type in structural mode", `{"x-kubernetes-int-or-string": true}`, `true`, nil},
		{"enum", `{"type": "object", "properties": {"a": {"type": "string", "enum": ["x", 1, {"k": 2}]}}}`, `{"a": "y"}`,
			[]string{`x.default.a|FieldValueNotSupported|"y"|supported values: "x", "1", "{\"k\":2}"`}},
		{"enum matches after conversion", `{"type": "number", "enum": [1, "A"]}`, `1.5`, nil},
		{"null never matches an enum", `{"type": "string", "nullable": true, "enum": [null, "a"]}`, `null`,
			[]string{`x.default|FieldValueNotSupported|null|supported values: "null", "a"`}},
		{"maxLength counts runes", `{"type": "string", "maxLength": 2}`, `"éé"`, nil},
		{"maxLength", `{"type": "string", "maxLength": 1}`, `"ab"`,
			[]string{`x.default|FieldValueTooLong|"\u003cvalue omitted\u003e"|may not be more than 1 byte`}},
		{"a negative maxLength", `{"type": "string", "maxLength": -1}`, `""`,
			[]string{`x.default|FieldValueTooLong|"\u003cvalue omitted\u003e"|value is too long`}},
		{"a negative maxItems", `{"type": "array", "maxItems": -1}`, `[]`,
			[]string{`x.default|FieldValueTooMany|0|has too many items`}},
		{"only the first string error", `{"type": "string", "minLength": 5, "pattern": "^z"}`, `"ab"`,
			[]string{`x.default|FieldValueInvalid|"ab"| in body should be at least 5 chars long`}},
		{"pattern", `{"type": "string", "pattern": "^z"}`, `"ab"`,
			[]string{`x.default|FieldValueInvalid|"ab"| in body should match '^z'`}},
		{"format", `{"type": "object", "properties": {"d": {"type": "string", "format": "date-time"}}}`, `{"d": "2020-01-01"}`,
			[]string{`x.default.d|FieldValueTypeInvalid|"2020-01-01"|d in body must be of type date-time: "2020-01-01"`}},
		{"unknown format is not checked", `{"type": "string", "format": "bogus-format"}`, `"x"`, nil},
		{"an integer is compared with a truncated bound", `{"type": "number", "maximum": 2.9}`, `3`,
			[]string{`x.default|FieldValueInvalid|3| in body should be less than or equal to 2`}},
		{"a bound that is no integer", `{"type": "integer", "maximum": 2.5}`, `3`, []string{
			`x.default|FieldValueInvalid|""|Maximum boundary value must be of type integer (default format) in `,
			`x.default|FieldValueInvalid|3| in body should be less than or equal to 2.5`}},
		{"exclusive minimum", `{"type": "number", "minimum": 1.5, "exclusiveMinimum": true}`, `1.5`,
			[]string{`x.default|FieldValueInvalid|1.5| in body should be greater than 1.5`}},
		{"multipleOf below 1 with an integer", `{"type": "number", "multipleOf": 0.5}`, `3`,
			[]string{`x.default|FieldValueInvalid|0|factor MultipleOf declared for  must be positive: 0`}},
		{"multipleOf", `{"type": "number", "multipleOf": 0.5}`, `0.75`,
			[]string{`x.default|FieldValueInvalid|0.75| in body should be a multiple of 0.5`}},
		{"items and counts", `{"type": "array", "maxItems": 1, "items": {"type": "string"}}`, `["a", 2]`, []string{
			`x.default.[1]|FieldValueTypeInvalid|"integer"|[1] in body must be of type string: "integer"`,
			`x.default|FieldValueTooMany|2|must have at most 1 item`}},
		{"minItems", `{"type": "array", "minItems": 2}`, `[]`,
			[]string{`x.default|FieldValueInvalid|0| in body should have at least 2 items`}},
		{"uniqueItems", `{"type": "array", "uniqueItems": true}`, `[{"a": 1}, {"a": 1}]`,
			[]string{`x.default|FieldValueInvalid|""| in body shouldn't contain duplicates`}},
		{"required at the root", `{"type": "object", "required": ["a", "b"]}`, `{"a": 1}`,
			[]string{`x.default.b|FieldValueRequired|""|`}},
		{"properties counts", `{"type": "object", "minProperties": 3, "maxProperties": 1}`, `{"a": 1, "b": 2}`, []string{
			`x.default|FieldValueInvalid|2| in body should have at least 3 properties`,
			`x.default|FieldValueTooMany|2|must have at most 1 item`}},
		{"additionalProperties schema, path with a leading dot", `{"type": "object", "additionalProperties": {"type": "string"}}`, `{"k": 1}`,
			[]string{`x.default.k|FieldValueTypeInvalid|"integer"|.k in body must be of type string: "integer"`}},
		{"additionalProperties false", `{"type": "object", "properties": {"a": {}}, "additionalProperties": false}`, `{"a": 1, "b": 2}`,
			[]string{`x.default|FieldValueInvalid|"b"|.b in body is a forbidden property`}},
		{"anyOf reports its best branch", `{"type": "integer", "anyOf": [{"minimum": 5}, {"maximum": 1, "multipleOf": 2}]}`, `3`, []string{
			`x.default|FieldValueInvalid|""|"" must validate at least one schema (anyOf)`,
			`x.default|FieldValueInvalid|3| in body should be greater than or equal to 5`}},
		{"oneOf with two valid", `{"type": "integer", "oneOf": [{"minimum": 1}, {"maximum": 5}]}`, `3`,
			[]string{`x.default|FieldValueInvalid|""|"" must validate one and only one schema (oneOf). Found 2 valid alternatives`}},
		{"allOf", `{"type": "integer", "allOf": [{"minimum": 5}]}`, `3`, []string{
			`x.default|FieldValueInvalid|3| in body should be greater than or equal to 5`,
			`x.default|FieldValueInvalid|""|"" must validate all the schemas (allOf). None validated`}},
		{"not", `{"type": "string", "not": {"enum": ["a"]}}`, `"a"`,
			[]string{`x.default|FieldValueInvalid|""|"" must not validate the schema (not)`}},
		{"a format excuses a string from its type in structural mode", `{"type": "boolean", "format": "date"}`, `"2020-01-01"`, nil},
		{"additionalProperties ignored inside allOf in structural mode", `{"type": "object", "allOf": [{"additionalProperties": false}]}`, `{"a": 1}`, nil},
	}
	for _, tt := range tests {
		got := brief(checkValue(t, mustValue(t, tt.value), mustSchema(t, tt.schema), f))
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: check(%s) mismatch (-want +got):\n%s", tt.name, tt.value, diff)
		}
	}
}

// checkValue validates x against the model of s as the check of defaults
// does, with errors below at.
func checkValue(t *testing.T, x any, s *JSONSchemaProps, at string) ErrorList {
	t.Helper()
	ss, msg := structural.New(s, structural.Options{})
	if msg != "" {
		t.Fatalf("newStructural: %s", msg)
	}
	var v openapi.Validator
	return openapi.FieldErrors(v.Validate(x, ss), (*field.Path)(nil).ChildPath(at))
}
