package openapi

import "testing"

// The expectations of this file come from the real code at v0.37.2, as
// those of resource_test.go: ValidateUpdate of the validator
// NewSchemaValidator builds, with WithRatcheting and the correlation
// common.NewCorrelatedObject builds over the structural schema, as the
// custom resource strategy calls it.

func TestValidateUpdate(t *testing.T) {
	for _, tt := range []struct {
		name, schema, value, old string
		anyOrder                 bool
		want                     []string
	}{
		{"object: only the changed field", `{"type": "object", "properties": {"a": {"type": "string", "maxLength": 1}, "b": {"type": "string", "maxLength": 1}}}`,
			`{"a": "xx", "b": "yy"}`, `{"a": "xx", "b": "x"}`, false,
			[]string{`TooLong|b|yy|b in body should be at most 1 chars long|limit 1`}},
		{"object: a new field", `{"type": "object", "properties": {"a": {"type": "string", "maxLength": 1}, "b": {"type": "string", "maxLength": 1}}}`,
			`{"a": "xx"}`, `{}`, false,
			[]string{`TooLong|a|xx|a in body should be at most 1 chars long|limit 1`}},
		{"object: required, unchanged", `{"type": "object", "properties": {"a": {"type": "string", "maxLength": 1}}, "required": ["c"]}`,
			`{"a": "x"}`, `{"a": "x"}`, false,
			nil},
		{"object: required, changed", `{"type": "object", "properties": {"a": {"type": "string", "maxLength": 1}}, "required": ["c"]}`,
			`{"a": "y"}`, `{"a": "x"}`, false,
			[]string{`Required|.c|<nil>|.c in body is required`}},
		{"object: an unknown field keeps it unequal", `{"type": "object", "properties": {"a": {"type": "string", "maxLength": 1}}, "required": ["c"], "x-kubernetes-preserve-unknown-fields": true}`,
			`{"a": "x", "z": 1}`, `{"a": "x", "z": 1}`, false,
			[]string{`Required|.c|<nil>|.c in body is required`}},
		{"object: nested unknown field", `{"type": "object", "properties": {"o": {"type": "object", "properties": {"a": {"type": "string", "maxLength": 1}}, "required": ["c"], "x-kubernetes-preserve-unknown-fields": true}, "t": {"type": "string"}}}`,
			`{"o": {"z": 1}, "t": "2"}`, `{"o": {"z": 1}, "t": "1"}`, false,
			[]string{`Required|o.c|<nil>|o.c in body is required`}},
		{"object: unchanged nested with known fields", `{"type": "object", "properties": {"o": {"type": "object", "properties": {"a": {"type": "string", "maxLength": 1}}, "required": ["c"]}, "t": {"type": "string"}}}`,
			`{"o": {"a": "xx"}, "t": "2"}`, `{"o": {"a": "xx"}, "t": "1"}`, false,
			nil},
		{"map: by key", `{"type": "object", "properties": {"m": {"type": "object", "maxProperties": 1, "additionalProperties": {"type": "string", "maxLength": 1}}}}`,
			`{"m": {"k": "xx", "j": "bb"}}`, `{"m": {"k": "xx", "j": "a"}}`, false,
			[]string{
				`TooManyProperties|m|<nil>|m in body should have at most 1 properties|2 of 1`,
				`TooLong|m.j|bb|m.j in body should be at most 1 chars long|limit 1`,
			}},
		{"map: unchanged", `{"type": "object", "properties": {"m": {"type": "object", "maxProperties": 1, "additionalProperties": {"type": "string", "maxLength": 1}}}}`,
			`{"m": {"k": "xx", "j": "bb"}}`, `{"m": {"j": "bb", "k": "xx"}}`, false,
			nil},
		{"map: a renamed key", `{"type": "object", "properties": {"m": {"type": "object", "additionalProperties": {"type": "string", "maxLength": 1}}}}`,
			`{"m": {"l": "xx"}}`, `{"m": {"k": "xx"}}`, false,
			[]string{`TooLong|m.l|xx|m.l in body should be at most 1 chars long|limit 1`}},
		{"int64 is not float64", `{"type": "object", "properties": {"n": {"type": "number", "maximum": 0}, "m": {"type": "number", "maximum": 0}}}`,
			`{"n": 1.0, "m": 1}`, `{"n": 1, "m": 1}`, false,
			[]string{`Other|n|1|n in body should be less than or equal to 0`}},
		{"null unchanged", `{"type": "object", "properties": {"a": {"type": "string"}, "t": {"type": "string"}}}`,
			`{"a": null, "t": "2"}`, `{"a": null, "t": "1"}`, false,
			nil},
		{"null replaces a value", `{"type": "object", "properties": {"a": {"type": "string"}}}`,
			`{"a": null}`, `{"a": "x"}`, false,
			[]string{`InvalidType|a|null|a in body must be of type string: "null"`}},
		{"map list: reordered", `{"type": "object", "properties": {"l": {"type": "array", "maxItems": 1, "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["name"], "items": {"type": "object", "properties": {"name": {"type": "string"}, "v": {"type": "string", "maxLength": 1}}, "required": ["name"]}}}}`,
			`{"l": [{"name": "b", "v": "x"}, {"name": "a", "v": "xx"}]}`, `{"l": [{"name": "a", "v": "xx"}, {"name": "b", "v": "x"}]}`, false,
			nil},
		{"map list: a new item", `{"type": "object", "properties": {"l": {"type": "array", "maxItems": 1, "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["name"], "items": {"type": "object", "properties": {"name": {"type": "string"}, "v": {"type": "string", "maxLength": 1}}, "required": ["name"]}}}}`,
			`{"l": [{"name": "a", "v": "xx"}, {"name": "c", "v": "yy"}]}`, `{"l": [{"name": "a", "v": "xx"}, {"name": "b", "v": "x"}]}`, false,
			[]string{
				`TooLong|l[1].v|yy|l[1].v in body should be at most 1 chars long|limit 1`,
				`MaxItems|l|<nil>|l in body should have at most 1 items|2 of 1`,
			}},
		{"map list: a changed item", `{"type": "object", "properties": {"l": {"type": "array", "maxItems": 1, "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["name"], "items": {"type": "object", "properties": {"name": {"type": "string"}, "v": {"type": "string", "maxLength": 1}}, "required": ["name"]}}}}`,
			`{"l": [{"name": "a", "v": "xx", "w": 1}]}`, `{"l": [{"name": "a", "v": "xx"}]}`, false,
			nil},
		{"map list: key 1.0 is not 1", `{"type": "object", "properties": {"l": {"type": "array", "maxItems": 1, "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["name"], "items": {"type": "object", "properties": {"name": {"type": "number"}, "v": {"type": "string", "maxLength": 1}}, "required": ["name"]}}}}`,
			`{"l": [{"name": 1.0, "v": "xx"}], "t": 1}`, `{"l": [{"name": 1, "v": "xx"}]}`, false,
			[]string{`TooLong|l[0].v|xx|l[0].v in body should be at most 1 chars long|limit 1`}},
		{"map list: two keys, floats as %f", `{"type": "object", "properties": {"l": {"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["a", "b"], "items": {"type": "object", "properties": {"a": {"type": "number"}, "b": {"type": "string"}, "v": {"type": "string", "maxLength": 1}}, "required": ["a", "b"]}}, "t": {"type": "string"}}}`,
			`{"l": [{"a": 0.1000001, "b": "x", "v": "xx"}, {"a": 2, "b": "y", "v": "zz"}], "t": "2"}`, `{"l": [{"a": 0.1, "b": "x", "v": "xx"}, {"a": 2, "b": "y", "v": "zz"}], "t": "1"}`, false,
			nil},
		{"map list: duplicate keys correlate with the first", `{"type": "object", "properties": {"l": {"type": "array", "maxItems": 1, "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["name"], "items": {"type": "object", "properties": {"name": {"type": "string"}, "v": {"type": "string", "maxLength": 1}}, "required": ["name"]}}}}`,
			`{"l": [{"name": "a", "v": "xx"}, {"name": "a", "v": "xx"}]}`, `{"l": [{"name": "a", "v": "xx"}, {"name": "b", "v": "yy"}]}`, false,
			nil},
		{"set: unchanged", `{"type": "object", "properties": {"s": {"type": "array", "maxItems": 1, "x-kubernetes-list-type": "set", "items": {"type": "string", "maxLength": 1}}, "t": {"type": "string"}}}`,
			`{"s": ["xx", "a"], "t": "2"}`, `{"s": ["xx", "a"], "t": "1"}`, false,
			nil},
		{"set: reordered", `{"type": "object", "properties": {"s": {"type": "array", "maxItems": 1, "x-kubernetes-list-type": "set", "items": {"type": "string", "maxLength": 1}}}}`,
			`{"s": ["a", "xx"]}`, `{"s": ["xx", "a"]}`, false,
			[]string{
				`TooLong|s[1]|xx|s[1] in body should be at most 1 chars long|limit 1`,
				`MaxItems|s|<nil>|s in body should have at most 1 items|2 of 1`,
			}},
		{"set: an item changed", `{"type": "object", "properties": {"s": {"type": "array", "maxItems": 1, "x-kubernetes-list-type": "set", "items": {"type": "string", "maxLength": 1}}}}`,
			`{"s": ["xx", "b"]}`, `{"s": ["xx", "a"]}`, false,
			[]string{
				`TooLong|s[0]|xx|s[0] in body should be at most 1 chars long|limit 1`,
				`MaxItems|s|<nil>|s in body should have at most 1 items|2 of 1`,
			}},
		{"atomic: an item added", `{"type": "object", "properties": {"l": {"type": "array", "items": {"type": "object", "properties": {"v": {"type": "string", "maxLength": 1}}}}}}`,
			`{"l": [{"v": "xx"}, {"v": "y"}]}`, `{"l": [{"v": "xx"}]}`, false,
			[]string{`TooLong|l[0].v|xx|l[0].v in body should be at most 1 chars long|limit 1`}},
		{"atomic: unchanged", `{"type": "object", "properties": {"l": {"type": "array", "items": {"type": "object", "properties": {"v": {"type": "string", "maxLength": 1}}}}, "t": {"type": "string"}}}`,
			`{"l": [{"v": "xx"}], "t": "2"}`, `{"l": [{"v": "xx"}], "t": "1"}`, false,
			nil},
		{"empty lists", `{"type": "object", "properties": {"l": {"type": "array", "minItems": 1, "items": {"type": "string"}}}}`,
			`{"l": []}`, `{"l": []}`, false,
			nil},
		{"allOf: unchanged field, changed object", `{"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}}, "allOf": [{"properties": {"a": {"maxLength": 1}}}]}`,
			`{"a": "xx", "b": "2"}`, `{"a": "xx", "b": "1"}`, false,
			[]string{
				`TooLong|a|xx|a in body should be at most 1 chars long|limit 1`,
				`Plain||<nil>|"" must validate all the schemas (allOf). None validated`,
			}},
		{"allOf: unchanged object", `{"type": "object", "properties": {"o": {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}}, "allOf": [{"properties": {"a": {"maxLength": 1}}}]}, "t": {"type": "string"}}}`,
			`{"o": {"a": "xx", "b": "1"}, "t": "2"}`, `{"o": {"a": "xx", "b": "1"}, "t": "1"}`, false,
			nil},
		{"anyOf: unchanged object", `{"type": "object", "properties": {"s": {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}}, "anyOf": [{"required": ["a"]}, {"required": ["b"]}]}, "t": {"type": "string"}}}`,
			`{"s": {}, "t": "2"}`, `{"s": {}, "t": "1"}`, false,
			nil},
		{"anyOf: changed object", `{"type": "object", "properties": {"s": {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}}, "anyOf": [{"required": ["a"]}, {"required": ["b"]}]}}}`,
			`{"s": {"c": 1}}`, `{"s": {}}`, false,
			[]string{
				`Plain||<nil>|"s" must validate at least one schema (anyOf)`,
				`Required|s.a|<nil>|s.a in body is required`,
			}},
		{"oneOf: an unchanged field fails in a branch", `{"type": "object", "properties": {"s": {"type": "object", "properties": {"a": {"type": "string", "maxLength": 1}, "b": {"type": "string"}}, "oneOf": [{"properties": {"a": {"maxLength": 1}}}, {"required": ["c"]}]}}}`,
			`{"s": {"a": "xx", "b": "2"}}`, `{"s": {"a": "xx", "b": "1"}}`, false,
			[]string{
				`Plain||<nil>|"s" must validate one and only one schema (oneOf). Found none valid`,
				`TooLong|s.a|xx|s.a in body should be at most 1 chars long|limit 1`,
			}},
		{"not: unchanged object", `{"type": "object", "properties": {"s": {"type": "object", "properties": {"a": {"type": "string"}}, "not": {"required": ["a"]}}, "t": {"type": "string"}}}`,
			`{"s": {"a": "x"}, "t": "2"}`, `{"s": {"a": "x"}, "t": "1"}`, false,
			nil},
		{"kind at the root is not ratcheted", `{"type": "object", "properties": {"kind": {"type": "string", "maxLength": 1}, "apiVersion": {"type": "string", "maxLength": 1}, "x": {"type": "string"}, "o": {"type": "object", "properties": {"kind": {"type": "string", "maxLength": 1}}}}}`,
			`{"kind": "Foo", "apiVersion": "v1", "x": "2", "o": {"kind": "Bar"}}`, `{"kind": "Foo", "apiVersion": "v1", "x": "1", "o": {"kind": "Bar"}}`, true,
			[]string{
				`TooLong|apiVersion|v1|apiVersion in body should be at most 1 chars long|limit 1`,
				`TooLong|kind|Foo|kind in body should be at most 1 chars long|limit 1`,
			}},
		{"kind at the root, all unchanged", `{"type": "object", "properties": {"kind": {"type": "string", "maxLength": 1}, "apiVersion": {"type": "string", "maxLength": 1}, "x": {"type": "string"}, "o": {"type": "object", "properties": {"kind": {"type": "string", "maxLength": 1}}}}}`,
			`{"kind": "Foo", "x": "1"}`, `{"kind": "Foo", "x": "1"}`, false,
			nil},
		{"no old value", `{"type": "object", "properties": {"a": {"type": "string", "maxLength": 1}}}`,
			`{"a": "xx"}`, `null`, false,
			[]string{`TooLong|a|xx|a in body should be at most 1 chars long|limit 1`}},
		{"metadata without a schema keeps the root unequal", `{"type": "object", "required": ["c"], "properties": {"a": {"type": "string", "maxLength": 1}}}`,
			`{"a": "x", "metadata": {"name": "n"}}`, `{"a": "x", "metadata": {"name": "n"}}`, false,
			[]string{`Required|.c|<nil>|.c in body is required`}},
		{"metadata of type object keeps the root unequal", `{"type": "object", "required": ["c"], "properties": {"a": {"type": "string", "maxLength": 1}, "metadata": {"type": "object"}}}`,
			`{"a": "x", "metadata": {"name": "n"}}`, `{"a": "x", "metadata": {"name": "n"}}`, false,
			[]string{`Required|.c|<nil>|.c in body is required`}},
		{"metadata with its fields", `{"type": "object", "required": ["c"], "properties": {"a": {"type": "string", "maxLength": 1}, "metadata": {"type": "object", "properties": {"name": {"type": "string"}}}}}`,
			`{"a": "x", "metadata": {"name": "n"}}`, `{"a": "x", "metadata": {"name": "n"}}`, false,
			nil},
		{"null for null at the root", `{"type": "object", "properties": {"a": {"type": "string", "maxLength": 1}}}`,
			`null`, `null`, false,
			nil},
	} {
		v := Validator{CustomResource: true}
		got := brief(v.ValidateUpdate(mustJSON(t, tt.value), mustJSON(t, tt.old), mustModel(t, tt.schema)))
		if diff := sameErrors(tt.want, got, tt.anyOrder); diff != "" {
			t.Errorf("%s: ValidateUpdate(%s, %s, %s) mismatch (-want +got):\n%s", tt.name, tt.value, tt.old, tt.schema, diff)
		}
	}
}
