package crd

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// TestCrdifyPropertyCases checks our verdicts against crdify's
// (kubernetes-sigs/crdify, pkg/validations/property, default
// configuration), one schema node compared with another. The enum cases
// are those of crdify's enum_test.go; the others state the rule of the
// crdify source file named, read from that source. A change crdify flags
// must give the named check here; one it passes must give nothing, except
// where a comment says why we differ.
func TestCrdifyPropertyCases(t *testing.T) {
	tests := []struct {
		file, name, old, new string
		want                 []string
	}{
		{"enum_test.go", "no diff, not flagged", `{"enum":["foo"]}`, `{"enum":["foo"]}`, nil},
		{"enum_test.go", "new enum constraint, flagged", `{}`, `{"enum":["foo"]}`, []string{checkEnumAdded}},
		{"enum_test.go", "new allowed enum value added, addition policy not set, flagged", `{"enum":["foo"]}`, `{"enum":["foo","bar"]}`, []string{checkEnumValueAdded}},
		{"enum_test.go", "removed enum value, flagged", `{"enum":["foo","bar"]}`, `{"enum":["bar"]}`, []string{checkEnumValueRemoved}},
		// crdify's enum check passes a change of id, which its catch-all
		// then flags; id is documentation here, and nothing is reported.
		{"enum_test.go", "different field changed, not flagged", `{"id":"foo"}`, `{"id":"bar"}`, nil},
		{"default.go", "new default value, flagged", `{}`, `{"default":"foo"}`, []string{checkDefaultChanged}},
		{"default.go", "default value removed, flagged", `{"default":"foo"}`, `{}`, []string{checkDefaultChanged}},
		{"default.go", "default value changed, flagged", `{"default":"foo"}`, `{"default":"bar"}`, []string{checkDefaultChanged}},
		{"max.go", "new maximum constraint, flagged", `{}`, `{"maximum":10}`, []string{checkMaximumTightened}},
		{"max.go", "maximum constraint decreased, flagged", `{"maximum":10}`, `{"maximum":9}`, []string{checkMaximumTightened}},
		{"max.go", "maximum constraint increased, not flagged", `{"maximum":10}`, `{"maximum":11}`, nil},
		{"max.go", "new maxItems constraint, flagged", `{}`, `{"maxItems":10}`, []string{checkMaxItemsTightened}},
		{"max.go", "maxLength decreased, flagged", `{"maxLength":10}`, `{"maxLength":9}`, []string{checkMaxLengthTightened}},
		{"max.go", "maxProperties decreased, flagged", `{"maxProperties":10}`, `{"maxProperties":9}`, []string{checkMaxPropertiesTightened}},
		{"min.go", "new minimum constraint, flagged", `{}`, `{"minimum":10}`, []string{checkMinimumTightened}},
		{"min.go", "minimum constraint increased, flagged", `{"minimum":10}`, `{"minimum":11}`, []string{checkMinimumTightened}},
		{"min.go", "minimum constraint decreased, not flagged", `{"minimum":10}`, `{"minimum":9}`, nil},
		{"min.go", "minItems increased, flagged", `{"minItems":1}`, `{"minItems":2}`, []string{checkMinItemsTightened}},
		{"min.go", "new minLength, flagged", `{}`, `{"minLength":1}`, []string{checkMinLengthTightened}},
		{"min.go", "minProperties increased, flagged", `{"minProperties":1}`, `{"minProperties":2}`, []string{checkMinPropertiesTightened}},
		{"required.go", "new required field, flagged", `{"required":["foo"]}`, `{"required":["foo","bar"]}`, []string{checkRequiredAdded}},
		{"required.go", "required field removed, not flagged", `{"required":["foo","bar"]}`, `{"required":["foo"]}`, nil},
		{"type.go", "type changed, flagged", `{"type":"string"}`, `{"type":"integer"}`, []string{checkTypeChanged}},
		{"pattern.go", "pattern added, flagged", `{}`, `{"pattern":"^a"}`, []string{checkPatternChanged}},
		{"pattern.go", "pattern changed, flagged", `{"pattern":"^a"}`, `{"pattern":"^b"}`, []string{checkPatternChanged}},
		{"pattern.go", "pattern removed, not flagged", `{"pattern":"^a"}`, `{}`, nil},
		{"nullable.go", "nullable added, flagged", `{}`, `{"nullable":true}`, []string{checkNullableChanged}},
		{"nullable.go", "nullable removed, flagged", `{"nullable":true}`, `{}`, []string{checkNullableChanged}},
		{"format.go", "format changed, flagged", `{"format":"date"}`, `{"format":"email"}`, []string{checkFormatChanged}},
		{"uniqueitems.go", "uniqueItems added, flagged", `{}`, `{"uniqueItems":true}`, []string{checkUniqueItemsAdded}},
		{"uniqueitems.go", "uniqueItems removed, not flagged", `{"uniqueItems":true}`, `{}`, nil},
		{"exclusive_maximum.go", "exclusiveMaximum added, flagged", `{"maximum":5}`, `{"maximum":5,"exclusiveMaximum":true}`, []string{checkMaximumTightened}},
		// crdify also flags exclusiveMaximum made inclusive, by default; it
		// admits every value valid before, and nothing is reported here.
		{"exclusive_maximum.go", "exclusiveMaximum removed, flagged by crdify", `{"maximum":5,"exclusiveMaximum":true}`, `{"maximum":5}`, nil},
		{"xvalidations.go", "rule added, flagged", `{}`, `{"x-kubernetes-validations":[{"rule":"self > 0"}]}`, []string{checkValidationRulesChanged}},
		{"xvalidations.go", "rule removed, flagged", `{"x-kubernetes-validations":[{"rule":"self > 0"}]}`, `{}`, []string{checkValidationRulesChanged}},
		{"xvalidations.go", "message changed, not flagged", `{"x-kubernetes-validations":[{"rule":"self > 0","message":"a"}]}`,
			`{"x-kubernetes-validations":[{"rule":"self > 0","message":"b"}]}`, nil},
		{"xvalidations.go", "reason changed, flagged", `{"x-kubernetes-validations":[{"rule":"self > 0","reason":"FieldValueInvalid"}]}`,
			`{"x-kubernetes-validations":[{"rule":"self > 0","reason":"FieldValueForbidden"}]}`, []string{checkValidationRulesChanged}},
		{"not.go", "not added, flagged", `{}`, `{"not":{"enum":["a"]}}`, []string{checkNotChanged}},
		{"not.go", "not changed, flagged", `{"not":{"enum":["a"]}}`, `{"not":{"enum":["b"]}}`, []string{checkNotChanged}},
		{"not.go", "not removed, not flagged", `{"not":{"enum":["a"]}}`, `{}`, nil},
		{"anyof.go", "anyOf added, flagged", `{}`, `{"anyOf":[{"minLength":1}]}`, []string{checkAnyOfChanged}},
		{"anyof.go", "anyOf removed, flagged", `{"anyOf":[{"minLength":1}]}`, `{}`, []string{checkAnyOfChanged}},
		{"allof.go", "allOf added, flagged", `{}`, `{"allOf":[{"minLength":1}]}`, []string{checkAllOfChanged}},
		// crdify flags an allOf subschema removed, by default; that loosens
		// the schema, and nothing is reported here.
		{"allof.go", "allOf subschema removed, flagged by crdify", `{"allOf":[{"minLength":1},{"maxLength":3}]}`, `{"allOf":[{"minLength":1}]}`, nil},
		// crdify fails closed on a change no validation handles; so do we.
		{"version/validator.go", "unknown change, flagged", `{}`, `{"multipleOf":2}`, []string{checkUnhandledChange}},
	}
	for _, tt := range tests {
		c := schemaComparison{}
		c.node(schemaOf(t, tt.old), schemaOf(t, tt.new), "", "")
		var got []string
		for _, f := range c.findings {
			got = append(got, f.Check)
		}
		if diff := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("crdify %s %q: checks mismatch (-want +got):\n%s", tt.file, tt.name, diff)
		}
	}
}
