package openapi

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kubeversion/kubeversion/crd/internal/field"
)

// codeNames are the names of the codes, for test output.
var codeNames = [...]string{
	Plain: "Plain", InvalidType: "InvalidType", Required: "Required", TooLong: "TooLong",
	Enum: "Enum", MaxItems: "MaxItems", TooManyProperties: "TooManyProperties", Other: "Other",
}

// brief writes an error as "code|name|value|message", with the limits of
// the codes that have them.
func brief(errs []Error) []string {
	var out []string
	for _, e := range errs {
		s := fmt.Sprintf("%s|%s|%v|%s", codeNames[e.Code], e.Name, e.Value, e.Message)
		switch e.Code {
		case TooLong:
			s += fmt.Sprintf("|limit %d", e.Limit)
		case MaxItems, TooManyProperties:
			s += fmt.Sprintf("|%d of %d", e.Actual, e.Limit)
		}
		out = append(out, s)
	}
	return out
}

func TestValidate(t *testing.T) {
	for _, tt := range []struct {
		name, schema, value string
		want                []string
	}{
		{"valid object", `{"type": "object", "properties": {"a": {"type": "string"}}}`, `{"a": "s"}`, nil},
		{"type at the root", `{"type": "string"}`, `1`,
			[]string{`InvalidType||integer| in body must be of type string: "integer"`}},
		{"type below", `{"type": "object", "properties": {"a": {"type": "string"}}}`, `{"a": true}`,
			[]string{`InvalidType|a|boolean|a in body must be of type string: "boolean"`}},
		{"null needs nullable", `{"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string", "nullable": true}}}`, `{"a": null, "b": null}`,
			[]string{`InvalidType|a|null|a in body must be of type string: "null"`}},
		{"null without a type", `{"properties": {"a": {}}}`, `{"a": null}`, nil},
		{"integral float is an integer", `{"type": "integer"}`, `2.0`, nil},
		{"integer is a number", `{"type": "number"}`, `2`, nil},
		{"float is not an integer, and out of range", `{"type": "integer"}`, `2.5`, []string{
			`InvalidType||number| in body must be of type integer: "number"`,
			`Plain||<nil>|Checked value must be of type integer (default format) in `}},
		{"int32 range", `{"type": "integer", "format": "int32"}`, `2147483648`,
			[]string{`Plain||<nil>|Checked value must be of type integer with format int32 in `}},
		{"int-or-string adds no type", `{"x-kubernetes-int-or-string": true}`, `true`, nil},
		{"int-or-string anyOf says types", `{"x-kubernetes-int-or-string": true, "anyOf": [{"type": "integer"}, {"type": "string"}]}`, `true`, []string{
			`Plain||<nil>|"" must validate at least one schema (anyOf)`,
			`InvalidType||boolean| in body must be of type integer: "boolean"`}},
		{"enum", `{"type": "string", "enum": ["x", 1, {"k": 2}]}`, `"y"`,
			[]string{`Enum||y| in body should be one of [x 1 map[k:2]]`}},
		{"enum matches after conversion", `{"type": "number", "enum": [1, "A"]}`, `1.5`, nil},
		{"an integer matches a string enum as a rune", `{"enum": ["A"]}`, `65`, nil},
		{"enum of objects", `{"enum": [{"a": [1, 2]}]}`, `{"a": [1, 2]}`, nil},
		{"in an enum of objects, 2.0 is not 2", `{"enum": [{"a": [1, 2]}]}`, `{"a": [1, 2.0]}`,
			[]string{`Enum||map[a:[1 2]]| in body should be one of [map[a:[1 2]]]`}},
		{"null never matches an enum", `{"type": "string", "nullable": true, "enum": [null, "a"]}`, `null`,
			[]string{`Enum||<nil>| in body should be one of [<nil> a]`}},
		{"maxLength counts runes", `{"type": "string", "maxLength": 2}`, `"éé"`, nil},
		{"maxLength", `{"type": "string", "maxLength": 1}`, `"ab"`,
			[]string{`TooLong||ab| in body should be at most 1 chars long|limit 1`}},
		{"only the first string error", `{"type": "string", "minLength": 5, "pattern": "^z"}`, `"ab"`,
			[]string{`Other||ab| in body should be at least 5 chars long`}},
		{"pattern", `{"type": "string", "pattern": "^z"}`, `"ab"`,
			[]string{`Other||ab| in body should match '^z'`}},
		{"invalid pattern", `{"type": "string", "pattern": "a("}`, `"ab"`,
			[]string{"Other||ab| in body should match 'a(, but pattern is invalid: error parsing regexp: missing closing ): `a(`'"}},
		{"format", `{"type": "object", "properties": {"d": {"type": "string", "format": "date-time"}}}`, `{"d": "2020-01-01"}`,
			[]string{`InvalidType|d|2020-01-01|d in body must be of type date-time: "2020-01-01"`}},
		{"unknown format is not checked", `{"type": "string", "format": "bogus-format"}`, `"x"`, nil},
		{"a format excuses a string from its type", `{"type": "boolean", "format": "date"}`, `"2020-01-01"`, nil},
		{"an integer is compared with a truncated bound", `{"type": "number", "maximum": 2.9}`, `3`,
			[]string{`Other||3| in body should be less than or equal to 2`}},
		{"a bound that is no integer", `{"type": "integer", "maximum": 2.5}`, `3`, []string{
			`Plain||<nil>|Maximum boundary value must be of type integer (default format) in `,
			`Other||3| in body should be less than or equal to 2.5`}},
		{"exclusive minimum", `{"type": "number", "minimum": 1.5, "exclusiveMinimum": true}`, `1.5`,
			[]string{`Other||1.5| in body should be greater than 1.5`}},
		{"multipleOf below 1 with an integer", `{"type": "number", "multipleOf": 0.5}`, `3`,
			[]string{`Other||0|factor MultipleOf declared for  must be positive: 0`}},
		{"multipleOf", `{"type": "number", "multipleOf": 0.5}`, `0.75`,
			[]string{`Other||0.75| in body should be a multiple of 0.5`}},
		{"items and counts", `{"type": "array", "maxItems": 1, "items": {"type": "string"}}`, `["a", 2]`, []string{
			`InvalidType|[1]|integer|[1] in body must be of type string: "integer"`,
			`MaxItems||<nil>| in body should have at most 1 items|2 of 1`}},
		{"minItems", `{"type": "array", "minItems": 2}`, `[]`,
			[]string{`Other||0| in body should have at least 2 items`}},
		{"uniqueItems", `{"type": "array", "uniqueItems": true}`, `[{"a": 1}, {"a": 1}]`,
			[]string{`Other||<nil>| in body shouldn't contain duplicates`}},
		{"uniqueItems tells 1.0 from 1", `{"type": "array", "uniqueItems": true}`, `[{"a": 1}, {"a": 1.0}]`, nil},
		{"required", `{"type": "object", "properties": {"o": {"type": "object", "required": ["a", "b"]}}}`, `{"o": {"a": 1}}`,
			[]string{`Required|o.b|<nil>|o.b in body is required`}},
		{"properties counts", `{"type": "object", "minProperties": 3, "maxProperties": 1}`, `{"a": 1, "b": 2}`, []string{
			`Other||2| in body should have at least 3 properties`,
			`TooManyProperties||<nil>| in body should have at most 1 properties|2 of 1`}},
		{"additionalProperties schema, path with a leading dot", `{"type": "object", "additionalProperties": {"type": "string"}}`, `{"k": 1}`,
			[]string{`InvalidType|.k|integer|.k in body must be of type string: "integer"`}},
		{"additionalProperties false", `{"type": "object", "properties": {"a": {}}, "additionalProperties": false}`, `{"a": 1, "b": 2}`,
			[]string{`Other||b|.b in body is a forbidden property`}},
		{"additionalProperties ignored inside allOf", `{"type": "object", "allOf": [{"additionalProperties": false}]}`, `{"a": 1}`, nil},
		{"properties of a nested schema", `{"type": "object", "allOf": [{"properties": {"a": {"type": "string"}}}]}`, `{"a": 1}`, []string{
			`InvalidType|a|integer|a in body must be of type string: "integer"`,
			`Plain||<nil>|"" must validate all the schemas (allOf). None validated`}},
		{"anyOf reports its best branch", `{"type": "integer", "anyOf": [{"minimum": 5}, {"maximum": 1, "multipleOf": 2}]}`, `3`, []string{
			`Plain||<nil>|"" must validate at least one schema (anyOf)`,
			`Other||3| in body should be greater than or equal to 5`}},
		{"oneOf with none valid", `{"type": "integer", "oneOf": [{"minimum": 5}, {"maximum": 1}]}`, `3`, []string{
			`Plain||<nil>|"" must validate one and only one schema (oneOf). Found none valid`,
			`Other||3| in body should be greater than or equal to 5`}},
		{"oneOf with two valid", `{"type": "integer", "oneOf": [{"minimum": 1}, {"maximum": 5}]}`, `3`,
			[]string{`Plain||<nil>|"" must validate one and only one schema (oneOf). Found 2 valid alternatives`}},
		{"allOf", `{"type": "integer", "allOf": [{"minimum": 5}]}`, `3`, []string{
			`Other||3| in body should be greater than or equal to 5`,
			`Plain||<nil>|"" must validate all the schemas (allOf). None validated`}},
		{"not", `{"type": "string", "not": {"enum": ["a"]}}`, `"a"`,
			[]string{`Plain||<nil>|"" must not validate the schema (not)`}},
	} {
		var v Validator
		got := brief(v.Validate(mustJSON(t, tt.value), mustModel(t, tt.schema)))
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: Validate(%s, %s) mismatch (-want +got):\n%s", tt.name, tt.value, tt.schema, diff)
		}
	}
}

func TestValidateNilSchema(t *testing.T) {
	var v Validator
	if got := v.Validate("x", nil); got != nil {
		t.Errorf("Validate(x, nil) = %v, want nil", got)
	}
}

// TestValidatePatternOnce checks that a validator compiles a pattern
// once, however many values it checks.
func TestValidatePatternOnce(t *testing.T) {
	var v Validator
	s := mustModel(t, `{"type": "string", "pattern": "^[a-z]+$"}`)
	v.Validate("abc", s)
	if n := testing.AllocsPerRun(10, func() { v.Validate("abc", s) }); n > 3 {
		t.Errorf("Validate of a string with a compiled pattern allocates %v times, want at most 3 (the results of the type, composition and whole checks)", n)
	}
}

func TestErrorField(t *testing.T) {
	root := field.NewPath("x", "default")
	for _, tt := range []struct {
		e    Error
		root *field.Path
		want string
	}{
		{Error{Code: Other, Name: "a.b"}, root, "x.default.a.b"},
		{Error{Code: InvalidType, Name: ".k"}, root, "x.default.k"},
		{Error{Code: Required, Name: ".k"}, nil, "k"},
		{Error{Code: Other, Name: ""}, root, "x.default"},
		{Error{Code: Other, Name: "."}, root, "x.default"},
		{Error{Code: Plain, Name: "a"}, root, "x.default"},
		{Error{Code: Other, Name: "[0]"}, root, "x.default.[0]"},
	} {
		if got := tt.e.Field(tt.root).String(); got != tt.want {
			t.Errorf("%+v.Field(%q) = %q, want %q", tt.e, tt.root, got, tt.want)
		}
	}
}
