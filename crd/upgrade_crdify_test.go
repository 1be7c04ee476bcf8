package crd

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/kubeversion/kubeversion/crd/internal/upgrade"
)

// crdifyCase is one test case of kubernetes-sigs/crdify, rerun here: the
// old and new schema (or CRD), crdify's verdict (flagged or not), the
// checks a user of ours would turn off to get the crdify configuration the
// case sets (an Allow policy), our findings' checks after that, and, where
// our verdict differs from crdify's, why.
type crdifyCase struct {
	file, name string
	old, new   string
	flagged    bool
	off        []string
	want       []string
	why        string
}

// The cases of crdify's pkg/validations/property/*_test.go, each file read
// at the commit named, every Testcase of each, in order. crdify runs one
// validation per case ("different field changed" means changed for the
// others); we compare the whole schema node, so a case's other keywords
// must give nothing here. crdify's enum values are the raw bytes foo and
// bar, written here as the JSON strings "foo" and "bar". The config tests
// (TestValidateEnumConfig and the like) check crdify's configuration
// parsing and have no counterpart.
var crdifyPropertyCases = []crdifyCase{
	// allof_test.go @f1fd821
	{"allof_test.go", "no diff, not flagged", `{"allOf":[{"minLength":1}]}`, `{"allOf":[{"minLength":1}]}`, false, nil, nil, ""},
	{"allof_test.go", "no diff different order, not flagged", `{"allOf":[{"minLength":1},{"maxLength":100}]}`, `{"allOf":[{"maxLength":100},{"minLength":1}]}`, false, nil, nil, ""},
	{"allof_test.go", "both empty, not flagged", `{"allOf":[]}`, `{"allOf":[]}`, false, nil, nil, ""},
	{"allof_test.go", "net new allOf constraint, flagged", `{"allOf":[]}`, `{"allOf":[{"minLength":1}]}`, true, nil, []string{"all-of-changed"}, ""},
	{"allof_test.go", "net new allOf constraint from nil, flagged", `{}`, `{"allOf":[{"minLength":1}]}`, true, nil, []string{"all-of-changed"}, ""},
	{"allof_test.go", "net new allOf constraint, addition policy Allow does not suppress, flagged", `{}`, `{"allOf":[{"minLength":1}]}`, true, nil, []string{"all-of-changed"}, ""},
	{"allof_test.go", "subschema added to existing allOf, flagged", `{"allOf":[{"minLength":1}]}`, `{"allOf":[{"minLength":1},{"maxLength":100}]}`, true, nil, []string{"all-of-changed"}, ""},
	{"allof_test.go", "subschema added to existing allOf, addition policy set to Disallow, flagged", `{"allOf":[{"minLength":1}]}`, `{"allOf":[{"minLength":1},{"maxLength":100}]}`, true, nil, []string{"all-of-changed"}, ""},
	// Turning all-of-changed off silences a net new allOf too, which
	// crdify's Allow does not (the case above): our check names do not
	// tell the two apart.
	{"allof_test.go", "subschema added to existing allOf, addition policy set to Allow, not flagged", `{"allOf":[{"minLength":1}]}`, `{"allOf":[{"minLength":1},{"maxLength":100}]}`, false, []string{"all-of-changed"}, nil, ""},
	{"allof_test.go", "subschema removed from existing allOf, flagged by default", `{"allOf":[{"minLength":1},{"maxLength":100}]}`, `{"allOf":[{"minLength":1}]}`, true, nil, nil,
		"an allOf subschema removed admits every object valid before: loosening is not reported (crd/doc.go)"},
	{"allof_test.go", "subschema removed from existing allOf, allowed via config", `{"allOf":[{"minLength":1},{"maxLength":100}]}`, `{"allOf":[{"minLength":1}]}`, false, nil, nil, ""},
	// A changed subschema is judged keyword by keyword: minLength raised.
	{"allof_test.go", "subschema changed, flagged", `{"allOf":[{"minLength":1}]}`, `{"allOf":[{"minLength":5}]}`, true, nil, []string{"min-length-tightened"}, ""},
	{"allof_test.go", "subschema changed, removal allowed, flagged via addition", `{"allOf":[{"minLength":1}]}`, `{"allOf":[{"minLength":5}]}`, true, nil, []string{"min-length-tightened"}, ""},
	{"allof_test.go", "all subschemas removed, flagged by default", `{"allOf":[{"minLength":1}]}`, `{}`, true, nil, nil,
		"allOf removed whole admits every object valid before: loosening is not reported (crd/doc.go)"},
	{"allof_test.go", "all subschemas removed, allowed via config", `{"allOf":[{"minLength":1}]}`, `{}`, false, nil, nil, ""},
	{"allof_test.go", "different field changed, not flagged", `{"id":"foo"}`, `{"id":"bar"}`, false, nil, nil, ""},

	// anyof_test.go @3af080d
	{"anyof_test.go", "no diff, not flagged", `{"anyOf":[{"type":"integer"}]}`, `{"anyOf":[{"type":"integer"}]}`, false, nil, nil, ""},
	{"anyof_test.go", "no diff different order, not flagged", `{"anyOf":[{"type":"integer"},{"type":"string"}]}`, `{"anyOf":[{"type":"string"},{"type":"integer"}]}`, false, nil, nil, ""},
	{"anyof_test.go", "new anyOf constraint, flagged", `{}`, `{"anyOf":[{"type":"integer"}]}`, true, nil, []string{"any-of-changed"}, ""},
	{"anyof_test.go", "removed anyOf subschema, flagged", `{"anyOf":[{"type":"integer"},{"type":"string"}]}`, `{"anyOf":[{"type":"string"}]}`, true, nil, []string{"any-of-changed"}, ""},
	{"anyof_test.go", "new anyOf subschema added, not flagged", `{"anyOf":[{"type":"integer"}]}`, `{"anyOf":[{"type":"integer"},{"type":"string"}]}`, false, nil, nil, ""},
	{"anyof_test.go", "anyOf subschema changed, flagged", `{"anyOf":[{"type":"integer"}]}`, `{"anyOf":[{"type":"string"}]}`, true, nil, []string{"any-of-changed"}, ""},
	{"anyof_test.go", "different field changed, not flagged", `{"id":"foo"}`, `{"id":"bar"}`, false, nil, nil, ""},
	{"anyof_test.go", "different field changed with anyOf, not flagged", `{"id":"foo","anyOf":[{"type":"integer"}]}`, `{"id":"bar","anyOf":[{"type":"integer"}]}`, false, nil, nil, ""},

	// default_test.go @06eb3a2
	{"default_test.go", "no diff, not flagged", `{"default":"foo"}`, `{"default":"foo"}`, false, nil, nil, ""},
	{"default_test.go", "new default value, flagged", `{}`, `{"default":"foo"}`, true, nil, []string{"default-changed"}, ""},
	{"default_test.go", "default value removed, flagged", `{"default":"foo"}`, `{}`, true, nil, []string{"default-changed"}, ""},
	{"default_test.go", "default value changed, flagged", `{"default":"foo"}`, `{"default":"bar"}`, true, nil, []string{"default-changed"}, ""},
	{"default_test.go", "different field changed, not flagged", `{"id":"foo"}`, `{"id":"bar"}`, false, nil, nil, ""},

	// description_test.go @398e448
	{"description_test.go", "no diff, not flagged", `{"description":"foo"}`, `{"description":"foo"}`, false, nil, nil, ""},
	{"description_test.go", "description changed, flagged", `{"description":"foo"}`, `{"description":"bar"}`, true, nil, nil,
		"descriptions are documentation: no object or client is affected, and no check judges them (crd/doc.go)"},
	{"description_test.go", "different field changed, not flagged", `{"id":"foo","description":"foo"}`, `{"id":"bar","description":"foo"}`, false, nil, nil, ""},

	// enum_test.go @7449b89
	{"enum_test.go", "no diff, not flagged", `{"enum":["foo"]}`, `{"enum":["foo"]}`, false, nil, nil, ""},
	{"enum_test.go", "new enum constraint, flagged", `{"enum":[]}`, `{"enum":["foo"]}`, true, nil, []string{"enum-added"}, ""},
	{"enum_test.go", "new allowed enum value added, addition policy not set, flagged", `{"enum":["foo"]}`, `{"enum":["foo","bar"]}`, true, nil, []string{"enum-value-added"}, ""},
	{"enum_test.go", "new allowed enum value added, addition policy set to Disallow, flagged", `{"enum":["foo"]}`, `{"enum":["foo","bar"]}`, true, nil, []string{"enum-value-added"}, ""},
	{"enum_test.go", "new allowed enum value added, addition policy set to Allow, not flagged", `{"enum":["foo"]}`, `{"enum":["foo","bar"]}`, false, []string{"enum-value-added"}, nil, ""},
	{"enum_test.go", "removed enum value, flagged", `{"enum":["foo","bar"]}`, `{"enum":["bar"]}`, true, nil, []string{"enum-value-removed"}, ""},
	{"enum_test.go", "different field changed, not flagged", `{"id":"foo"}`, `{"id":"bar"}`, false, nil, nil, ""},
	{"enum_test.go", "different field changed with enum, not flagged", `{"id":"foo","enum":["foo"]}`, `{"id":"bar","enum":["foo"]}`, false, nil, nil, ""},

	// exclusive_maximum_test.go @63e5ff3
	{"exclusive_maximum_test.go", "no diff, not flagged", `{"maximum":10}`, `{"maximum":10}`, false, nil, nil, ""},
	{"exclusive_maximum_test.go", "tightened flagged by default", `{"maximum":10}`, `{"maximum":10,"exclusiveMaximum":true}`, true, nil, []string{"maximum-tightened"}, ""},
	// Turning maximum-tightened off silences a lowered maximum too: the
	// bound made exclusive has no check name of its own.
	{"exclusive_maximum_test.go", "tightened allowed via config", `{"maximum":10}`, `{"maximum":10,"exclusiveMaximum":true}`, false, []string{"maximum-tightened"}, nil, ""},
	{"exclusive_maximum_test.go", "loosened flagged by default", `{"maximum":10,"exclusiveMaximum":true}`, `{"maximum":10}`, true, nil, nil,
		"an exclusive maximum made inclusive admits every value valid before: loosening is not reported (crd/doc.go); crdify's own max_test.go @64004d9 does not flag it either"},
	{"exclusive_maximum_test.go", "loosening allowed via config", `{"maximum":10,"exclusiveMaximum":true}`, `{"maximum":10}`, false, nil, nil, ""},

	// format_test.go @ee705f3
	{"format_test.go", "no diff, not flagged", `{"format":"datetime"}`, `{"format":"datetime"}`, false, nil, nil, ""},
	{"format_test.go", "format changed, flagged", `{"format":"datetime"}`, `{"format":"isbn"}`, true, nil, []string{"format-changed"}, ""},
	{"format_test.go", "different field changed, not flagged", `{"id":"foo"}`, `{"id":"bar"}`, false, nil, nil, ""},

	// max_test.go @06eb3a2, then the four exclusiveMaximum cases that
	// TestMaximum has @64004d9
	{"max_test.go", "TestMaximum no diff, not flagged", `{"maximum":10}`, `{"maximum":10}`, false, nil, nil, ""},
	{"max_test.go", "TestMaximum new maximum constraint, flagged", `{}`, `{"maximum":10}`, true, nil, []string{"maximum-tightened"}, ""},
	{"max_test.go", "TestMaximum maximum constraint decreased, flagged", `{"maximum":20}`, `{"maximum":10}`, true, nil, []string{"maximum-tightened"}, ""},
	{"max_test.go", "TestMaximum maximum constraint increased, not flagged", `{"maximum":20}`, `{"maximum":30}`, false, nil, nil, ""},
	{"max_test.go", "TestMaximum different field changed, not flagged", `{"id":"foo"}`, `{"id":"bar"}`, false, nil, nil, ""},
	{"max_test.go", "TestMaximum exclusiveMaximum changed from false to true, flagged", `{"maximum":10,"exclusiveMaximum":false}`, `{"maximum":10,"exclusiveMaximum":true}`, true, nil, []string{"maximum-tightened"}, ""},
	{"max_test.go", "TestMaximum exclusiveMaximum changed from true to false, not flagged", `{"maximum":10,"exclusiveMaximum":true}`, `{"maximum":10,"exclusiveMaximum":false}`, false, nil, nil, ""},
	{"max_test.go", "TestMaximum net new exclusiveMaximum, flagged", `{"maximum":10}`, `{"maximum":10,"exclusiveMaximum":true}`, true, nil, []string{"maximum-tightened"}, ""},
	{"max_test.go", "TestMaximum no diff exclusiveMaximum, not flagged", `{"maximum":10,"exclusiveMaximum":true}`, `{"maximum":10,"exclusiveMaximum":true}`, false, nil, nil, ""},
	{"max_test.go", "TestMaxItems no diff, not flagged", `{"maxItems":10}`, `{"maxItems":10}`, false, nil, nil, ""},
	{"max_test.go", "TestMaxItems new maxItems constraint, flagged", `{}`, `{"maxItems":10}`, true, nil, []string{"max-items-tightened"}, ""},
	{"max_test.go", "TestMaxItems maxItems constraint decreased, flagged", `{"maxItems":20}`, `{"maxItems":10}`, true, nil, []string{"max-items-tightened"}, ""},
	{"max_test.go", "TestMaxItems maxItems constraint increased, not flagged", `{"maxItems":20}`, `{"maxItems":30}`, false, nil, nil, ""},
	{"max_test.go", "TestMaxItems different field changed, not flagged", `{"id":"foo"}`, `{"id":"bar"}`, false, nil, nil, ""},
	{"max_test.go", "TestMaxLength no diff, not flagged", `{"maxLength":10}`, `{"maxLength":10}`, false, nil, nil, ""},
	{"max_test.go", "TestMaxLength new maxLength constraint, flagged", `{}`, `{"maxLength":10}`, true, nil, []string{"max-length-tightened"}, ""},
	{"max_test.go", "TestMaxLength maxLength constraint decreased, flagged", `{"maxLength":20}`, `{"maxLength":10}`, true, nil, []string{"max-length-tightened"}, ""},
	{"max_test.go", "TestMaxLength maxLength constraint increased, not flagged", `{"maxLength":20}`, `{"maxLength":30}`, false, nil, nil, ""},
	{"max_test.go", "TestMaxLength different field changed, not flagged", `{"id":"foo"}`, `{"id":"bar"}`, false, nil, nil, ""},
	{"max_test.go", "TestMaxProperties no diff, not flagged", `{"maxProperties":10}`, `{"maxProperties":10}`, false, nil, nil, ""},
	{"max_test.go", "TestMaxProperties new maxProperties constraint, flagged", `{}`, `{"maxProperties":10}`, true, nil, []string{"max-properties-tightened"}, ""},
	{"max_test.go", "TestMaxProperties maxProperties constraint decreased, flagged", `{"maxProperties":20}`, `{"maxProperties":10}`, true, nil, []string{"max-properties-tightened"}, ""},
	{"max_test.go", "TestMaxProperties maxProperties constraint increased, not flagged", `{"maxProperties":20}`, `{"maxProperties":30}`, false, nil, nil, ""},
	{"max_test.go", "TestMaxProperties different field changed, not flagged", `{"id":"foo"}`, `{"id":"bar"}`, false, nil, nil, ""},

	// min_test.go @06eb3a2
	{"min_test.go", "TestMinimum no diff, not flagged", `{"minimum":10}`, `{"minimum":10}`, false, nil, nil, ""},
	{"min_test.go", "TestMinimum new minimum constraint, flagged", `{}`, `{"minimum":10}`, true, nil, []string{"minimum-tightened"}, ""},
	{"min_test.go", "TestMinimum minimum constraint decreased, not flagged", `{"minimum":20}`, `{"minimum":10}`, false, nil, nil, ""},
	{"min_test.go", "TestMinimum minimum constraint increased, flagged", `{"minimum":10}`, `{"minimum":20}`, true, nil, []string{"minimum-tightened"}, ""},
	{"min_test.go", "TestMinimum different field changed, not flagged", `{"id":"foo"}`, `{"id":"bar"}`, false, nil, nil, ""},
	{"min_test.go", "TestMinItems no diff, not flagged", `{"minItems":10}`, `{"minItems":10}`, false, nil, nil, ""},
	{"min_test.go", "TestMinItems new minItems constraint, flagged", `{}`, `{"minItems":10}`, true, nil, []string{"min-items-tightened"}, ""},
	{"min_test.go", "TestMinItems minItems constraint decreased, not flagged", `{"minItems":20}`, `{"minItems":10}`, false, nil, nil, ""},
	{"min_test.go", "TestMinItems minItems constraint increased, flagged", `{"minItems":10}`, `{"minItems":20}`, true, nil, []string{"min-items-tightened"}, ""},
	{"min_test.go", "TestMinItems different field changed, not flagged", `{"id":"foo"}`, `{"id":"bar"}`, false, nil, nil, ""},
	{"min_test.go", "TestMinLength no diff, not flagged", `{"minLength":10}`, `{"minLength":10}`, false, nil, nil, ""},
	{"min_test.go", "TestMinLength new minLength constraint, flagged", `{}`, `{"minLength":10}`, true, nil, []string{"min-length-tightened"}, ""},
	{"min_test.go", "TestMinLength minLength constraint decreased, not flagged", `{"minLength":20}`, `{"minLength":10}`, false, nil, nil, ""},
	{"min_test.go", "TestMinLength minLength constraint increased, flagged", `{"minLength":10}`, `{"minLength":20}`, true, nil, []string{"min-length-tightened"}, ""},
	{"min_test.go", "TestMinLength different field changed, not flagged", `{"id":"foo"}`, `{"id":"bar"}`, false, nil, nil, ""},
	{"min_test.go", "TestMinProperties no diff, not flagged", `{"minProperties":10}`, `{"minProperties":10}`, false, nil, nil, ""},
	{"min_test.go", "TestMinProperties new minProperties constraint, flagged", `{}`, `{"minProperties":10}`, true, nil, []string{"min-properties-tightened"}, ""},
	{"min_test.go", "TestMinProperties minProperties constraint decreased, not flagged", `{"minProperties":20}`, `{"minProperties":10}`, false, nil, nil, ""},
	{"min_test.go", "TestMinProperties minProperties constraint increased, flagged", `{"minProperties":10}`, `{"minProperties":20}`, true, nil, []string{"min-properties-tightened"}, ""},
	{"min_test.go", "TestMinProperties different field changed, not flagged", `{"id":"foo"}`, `{"id":"bar"}`, false, nil, nil, ""},

	// not_test.go @d3022ca
	{"not_test.go", "no diff, not flagged", `{"type":"string"}`, `{"type":"string"}`, false, nil, nil, ""},
	{"not_test.go", "not constraint added, flagged", `{"type":"string"}`, `{"type":"string","not":{"type":"integer"}}`, true, nil, []string{"not-changed"}, ""},
	{"not_test.go", "not constraint removed, not flagged", `{"type":"string","not":{"type":"integer"}}`, `{"type":"string"}`, false, nil, nil, ""},
	{"not_test.go", "not constraint changed, flagged", `{"type":"string","not":{"type":"integer"}}`, `{"type":"string","not":{"type":"number"}}`, true, nil, []string{"not-changed"}, ""},
	{"not_test.go", "not constraint unchanged, not flagged", `{"type":"string","not":{"type":"integer"}}`, `{"type":"string","not":{"type":"integer"}}`, false, nil, nil, ""},
	{"not_test.go", "not constraint with complex subschema changed, flagged", `{"not":{"type":"object","properties":{"foo":{"type":"string"}}}}`,
		`{"not":{"type":"object","properties":{"bar":{"type":"string"}}}}`, true, nil, []string{"not-changed"}, ""},
	{"not_test.go", "different field changed, not flagged", `{"id":"foo"}`, `{"id":"bar"}`, false, nil, nil, ""},

	// nullable_test.go @62d22ef
	{"nullable_test.go", "no diff, not flagged", `{"nullable":true}`, `{"nullable":true}`, false, nil, nil, ""},
	{"nullable_test.go", "to nullable policy disallow, flagged", `{"nullable":false}`, `{"nullable":true}`, true, nil, []string{"nullable-changed"}, ""},
	// Turning nullable-changed off silences nullable removed too, which
	// crdify's ToNullablePolicy does not cover.
	{"nullable_test.go", "to nullable policy allow, not flagged", `{"nullable":false}`, `{"nullable":true}`, false, []string{"nullable-changed"}, nil, ""},
	{"nullable_test.go", "to not nullable, flagged", `{"nullable":true}`, `{"nullable":false}`, true, nil, []string{"nullable-changed"}, ""},

	// oneof_test.go @18b5574 (a table of its own: expectError is the verdict)
	{"oneof_test.go", "net new oneOf", `{}`, `{"oneOf":[{"type":"integer"}]}`, true, nil, []string{"one-of-changed"}, ""},
	{"oneof_test.go", "removed oneOf", `{"oneOf":[{"type":"integer"},{"type":"string"}]}`, `{"oneOf":[{"type":"integer"}]}`, true, nil, []string{"one-of-changed"}, ""},
	{"oneof_test.go", "added oneOf, disallowed", `{"oneOf":[{"type":"integer"}]}`, `{"oneOf":[{"type":"integer"},{"type":"string"}]}`, true, nil, []string{"one-of-changed"}, ""},
	{"oneof_test.go", "no change", `{"oneOf":[{"type":"integer"},{"type":"string"}]}`, `{"oneOf":[{"type":"string"},{"type":"integer"}]}`, false, nil, nil, ""},
	{"oneof_test.go", "valid change with other fields", `{"oneOf":[{"type":"integer"}],"description":"old"}`, `{"oneOf":[{"type":"integer"}],"description":"new"}`, false, nil, nil, ""},

	// pattern_test.go @7449b89
	{"pattern_test.go", "no diff, not flagged", `{"pattern":"^[a-z]+$"}`, `{"pattern":"^[a-z]+$"}`, false, nil, nil, ""},
	{"pattern_test.go", "pattern added, flagged", `{}`, `{"pattern":"^[a-z]+$"}`, true, nil, []string{"pattern-changed"}, ""},
	{"pattern_test.go", "pattern changed, flagged", `{"pattern":"^[a-z]+$"}`, `{"pattern":"^[A-Z]+$"}`, true, nil, []string{"pattern-changed"}, ""},
	{"pattern_test.go", "pattern removed, flagged by default", `{"pattern":"^[a-z]+$"}`, `{}`, true, nil, nil,
		"a pattern removed admits every string valid before: loosening is not reported (crd/doc.go)"},
	{"pattern_test.go", "pattern removed, allowed via config", `{"pattern":"^[a-z]+$"}`, `{}`, false, nil, nil, ""},
	{"pattern_test.go", "different field changed, not flagged", `{"id":"foo"}`, `{"id":"bar"}`, false, nil, nil, ""},

	// required_test.go @06eb3a2
	{"required_test.go", "no diff, not flagged", `{"required":["foo"]}`, `{"required":["foo"]}`, false, nil, nil, ""},
	{"required_test.go", "new required field, flagged", `{}`, `{"required":["foo"]}`, true, nil, []string{"required-added"}, ""},
	{"required_test.go", "different field changed, not flagged", `{"id":"foo"}`, `{"id":"bar"}`, false, nil, nil, ""},

	// type_test.go @06eb3a2
	{"type_test.go", "no diff, not flagged", `{"type":"string"}`, `{"type":"string"}`, false, nil, nil, ""},
	{"type_test.go", "type changed, flagged", `{"type":"string"}`, `{"type":"integer"}`, true, nil, []string{"type-changed"}, ""},
	{"type_test.go", "different field changed, not flagged", `{"id":"foo"}`, `{"id":"bar"}`, false, nil, nil, ""},

	// uniqueitems_test.go @17423b4
	{"uniqueitems_test.go", "no diff, not flagged", `{"type":"array"}`, `{"type":"array"}`, false, nil, nil, ""},
	{"uniqueitems_test.go", "uniqueItems constraint added (false to true), flagged", `{"type":"array","uniqueItems":false}`, `{"type":"array","uniqueItems":true}`, true, nil, []string{"unique-items-added"}, ""},
	{"uniqueitems_test.go", "uniqueItems constraint removed (true to false), not flagged", `{"type":"array","uniqueItems":true}`, `{"type":"array","uniqueItems":false}`, false, nil, nil, ""},
	{"uniqueitems_test.go", "uniqueItems unchanged (both false), not flagged", `{"type":"array","uniqueItems":false}`, `{"type":"array","uniqueItems":false}`, false, nil, nil, ""},
	{"uniqueitems_test.go", "uniqueItems unchanged (both true), not flagged", `{"type":"array","uniqueItems":true}`, `{"type":"array","uniqueItems":true}`, false, nil, nil, ""},
	{"uniqueitems_test.go", "different field changed, not flagged", `{"id":"foo"}`, `{"id":"bar"}`, false, nil, nil, ""},

	// xvalidations_test.go @2d43434
	{"xvalidations_test.go", "identical rules, not flagged", xv(`{"rule":"self == oldSelf","message":"field is immutable"}`), xv(`{"rule":"self == oldSelf","message":"field is immutable"}`), false, nil, nil, ""},
	{"xvalidations_test.go", "both empty, not flagged", `{}`, `{}`, false, nil, nil, ""},
	{"xvalidations_test.go", "rule added from empty, flagged", `{}`, xv(`{"rule":"self == oldSelf","message":"field is immutable"}`), true, nil, []string{"validation-rules-changed"}, ""},
	{"xvalidations_test.go", "all rules removed, flagged", xv(`{"rule":"self == oldSelf","message":"field is immutable"}`), `{}`, true, nil, []string{"validation-rules-changed"}, ""},
	{"xvalidations_test.go", "rule added, flagged", xv(`{"rule":"self == oldSelf","message":"field is immutable"}`),
		xv(`{"rule":"self == oldSelf","message":"field is immutable"},{"rule":"self.size() > 0","message":"must not be empty"}`), true, nil, []string{"validation-rules-changed"}, ""},
	{"xvalidations_test.go", "rule removed, flagged", xv(`{"rule":"self == oldSelf","message":"field is immutable"},{"rule":"self.size() > 0","message":"must not be empty"}`),
		xv(`{"rule":"self == oldSelf","message":"field is immutable"}`), true, nil, []string{"validation-rules-changed"}, ""},
	{"xvalidations_test.go", "rule expression modified, flagged", xv(`{"rule":"self == oldSelf","message":"field is immutable"}`), xv(`{"rule":"self != oldSelf","message":"field is immutable"}`), true, nil, []string{"validation-rules-changed"}, ""},
	{"xvalidations_test.go", "optionalOldSelf added, flagged", xv(`{"rule":"self == oldSelf","message":"field is immutable"}`),
		xv(`{"rule":"self == oldSelf","message":"field is immutable","optionalOldSelf":true}`), true, nil, []string{"validation-rules-changed"}, ""},
	{"xvalidations_test.go", "optionalOldSelf removed, flagged", xv(`{"rule":"self == oldSelf","message":"field is immutable","optionalOldSelf":true}`),
		xv(`{"rule":"self == oldSelf","message":"field is immutable"}`), true, nil, []string{"validation-rules-changed"}, ""},
	{"xvalidations_test.go", "optionalOldSelf changed true->false, flagged", xv(`{"rule":"self == oldSelf","message":"field is immutable","optionalOldSelf":true}`),
		xv(`{"rule":"self == oldSelf","message":"field is immutable","optionalOldSelf":false}`), true, nil, []string{"validation-rules-changed"}, ""},
	{"xvalidations_test.go", "reason added, flagged", xv(`{"rule":"self == oldSelf","message":"field is immutable"}`),
		xv(`{"rule":"self == oldSelf","message":"field is immutable","reason":"FieldValueForbidden"}`), true, nil, []string{"validation-rules-changed"}, ""},
	{"xvalidations_test.go", "reason removed, flagged", xv(`{"rule":"self == oldSelf","message":"field is immutable","reason":"FieldValueForbidden"}`),
		xv(`{"rule":"self == oldSelf","message":"field is immutable"}`), true, nil, []string{"validation-rules-changed"}, ""},
	{"xvalidations_test.go", "reason changed, flagged", xv(`{"rule":"self == oldSelf","message":"field is immutable","reason":"FieldValueForbidden"}`),
		xv(`{"rule":"self == oldSelf","message":"field is immutable","reason":"FieldValueInvalid"}`), true, nil, []string{"validation-rules-changed"}, ""},
	{"xvalidations_test.go", "message changed, not flagged", xv(`{"rule":"self == oldSelf","message":"original immutable message"}`),
		xv(`{"rule":"self == oldSelf","message":"different message text"}`), false, nil, nil, ""},
	{"xvalidations_test.go", "messageExpression changed, not flagged", xv(`{"rule":"self == oldSelf","message":"field is immutable","messageExpression":"'original expr'"}`),
		xv(`{"rule":"self == oldSelf","message":"field is immutable","messageExpression":"'different expr'"}`), false, nil, nil, ""},
	{"xvalidations_test.go", "fieldPath changed, not flagged", xv(`{"rule":"self == oldSelf","message":"field is immutable","fieldPath":".field"}`),
		xv(`{"rule":"self == oldSelf","message":"field is immutable","fieldPath":".changedField"}`), false, nil, nil, ""},
	{"xvalidations_test.go", "multiple rules with identical Rule expression, not flagged",
		xv(`{"rule":"self == oldSelf","message":"A: field is immutable","optionalOldSelf":true},{"rule":"self == oldSelf","message":"B: field is immutable","optionalOldSelf":false}`),
		xv(`{"rule":"self == oldSelf","message":"A: field is immutable","optionalOldSelf":true},{"rule":"self == oldSelf","message":"B: field is immutable","optionalOldSelf":false}`), false, nil, nil, ""},
	{"xvalidations_test.go", "one of multiple same-Rule rules removed, flagged",
		xv(`{"rule":"self == oldSelf","message":"A: field is immutable","optionalOldSelf":true},{"rule":"self == oldSelf","message":"B: field is immutable","optionalOldSelf":false}`),
		xv(`{"rule":"self == oldSelf","message":"A: field is immutable","optionalOldSelf":true}`), true, nil, []string{"validation-rules-changed"}, ""},
	{"xvalidations_test.go", "rules reordered, not flagged",
		xv(`{"rule":"self.size() > 0","message":"must not be empty"},{"rule":"self == oldSelf","message":"field is immutable"},{"rule":"self.matches('[a-z]+')","message":"must be lowercase"}`),
		xv(`{"rule":"self.matches('[a-z]+')","message":"must be lowercase"},{"rule":"self == oldSelf","message":"field is immutable"},{"rule":"self.size() > 0","message":"must not be empty"}`), false, nil, nil, ""},
	{"xvalidations_test.go", "duplicate identical rules collapse, not flagged",
		xv(`{"rule":"self == oldSelf","message":"field is immutable"},{"rule":"self == oldSelf","message":"field is immutable"}`),
		xv(`{"rule":"self == oldSelf","message":"field is immutable"}`), false, nil, nil, ""},
}

// xv returns a schema with the x-kubernetes-validations rules given as
// comma-separated JSON objects.
func xv(rules string) string {
	return `{"x-kubernetes-validations":[` + rules + `]}`
}

// TestCrdifyPropertyCases reruns crdify's property cases on one schema
// node. Our checks must be exactly those the case states, and our verdict
// (any finding left once the case's checks are off) must be crdify's
// exactly where the case gives no reason to differ.
func TestCrdifyPropertyCases(t *testing.T) {
	agree := 0
	for _, tt := range crdifyPropertyCases {
		got := crdifyVerdict(t, tt, upgrade.CompareNode(schemaOf(t, tt.old), schemaOf(t, tt.new)))
		if got == tt.flagged {
			agree++
		}
	}
	t.Logf("crdify property cases: %d, %d agree, %d differ", len(crdifyPropertyCases), agree, len(crdifyPropertyCases)-agree)
}

// crdifyVerdict checks fs against tt and returns our verdict.
func crdifyVerdict(t *testing.T, tt crdifyCase, fs []Finding) bool {
	t.Helper()
	var got []string
	for _, f := range fs {
		if !slices.Contains(tt.off, f.Check) {
			got = append(got, f.Check)
		}
	}
	if diff := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("crdify %s %q: checks mismatch (-want +got):\n%s", tt.file, tt.name, diff)
	}
	flagged := len(got) > 0
	if (flagged != tt.flagged) != (tt.why != "") {
		t.Errorf("crdify %s %q: flagged %v, crdify %v, but the case says why they differ: %q", tt.file, tt.name, flagged, tt.flagged, tt.why)
	}
	for _, c := range tt.off {
		if !slices.Contains(UpgradeChecks(), c) {
			t.Errorf("crdify %s %q: no check %q to turn off", tt.file, tt.name, c)
		}
	}
	return flagged
}

// TestCrdifyCRDCases reruns crdify's cases on whole CRDs: those of
// pkg/validations/crd/{existingfieldremoval,scope,storedversionremoval}
// (each _test.go @06eb3a2, scope_test.go @690fdcb), and those of
// TestFlattenedCRDVersionDiff and TestFlattenedCRDVersionDiff_AddOptionalField
// in pkg/validations/util_test.go @084de39, where a diff is what the field
// and required validations then flag. crdify's versions there set neither
// served nor storage, except in util_test.go (both). The old CRD is the
// live one. TestFlattenCRDVersion and TestDropChildrenPropertiesFromJSONSchema
// test crdify's internal flattening and have no counterpart.
func TestCrdifyCRDCases(t *testing.T) {
	two := `{"type":"object","properties":{"fieldOne":{"type":"string"},"fieldTwo":{"type":"string"}}}`
	one := `{"type":"object","properties":{"fieldOne":{"type":"string"}}}`
	fooBar := `{"properties":{"foo":{"type":"string"},"bar":{"type":"string"}}}`
	foo := `{"properties":{"foo":{"type":"string"}}}`
	secrets := func(extra string) string {
		return `{"type":"object","properties":{"spec":{"type":"object","properties":{"secrets":{"type":"array","items":{"type":"object","properties":{` +
			`"key":{"type":"string","description":"Key in the object"},"name":{"type":"string","description":"Name of the object"}` + extra + `}}}}}}}`
	}
	scope := func(s string) func(*CustomResourceDefinition) {
		return func(c *CustomResourceDefinition) { c.Spec.Scope = s }
	}
	tests := []struct {
		file, name string
		old, new   *CustomResourceDefinition
		flagged    bool
		want       []string
		why        string
	}{
		{"existingfieldremoval_test.go", "no existing field removed, not flagged",
			upCRD(t, []tv{{name: "v1alpha1", schema: one}}), upCRD(t, []tv{{name: "v1alpha1", schema: one}}), false, nil, ""},
		{"existingfieldremoval_test.go", "existing field removed, flagged",
			upCRD(t, []tv{{name: "v1alpha1", schema: two}}), upCRD(t, []tv{{name: "v1alpha1", schema: one}}), true, []string{"field-removed"}, ""},
		// Neither version is served here. Were both served, we would report
		// field-removed from v1alpha1 to v1alpha2, the next served version,
		// which crdify does not compare.
		{"existingfieldremoval_test.go", "new version is added with the field removed, not flagged",
			upCRD(t, []tv{{name: "v1alpha1", schema: two}}), upCRD(t, []tv{{name: "v1alpha1", schema: two}, {name: "v1alpha2", schema: one}}), false, nil, ""},
		{"scope_test.go", "no scope change, not flagged",
			upCRD(t, nil, scope(ClusterScoped)), upCRD(t, nil, scope(ClusterScoped)), false, nil, ""},
		{"scope_test.go", "scope change, flagged",
			upCRD(t, nil, scope(ClusterScoped)), upCRD(t, nil, scope(NamespaceScoped)), true, []string{"scope-changed"}, ""},
		{"storedversionremoval_test.go", "no stored versions, not flagged",
			upCRD(t, nil), upCRD(t, []tv{{name: "v1alpha1"}}), false, nil, ""},
		{"storedversionremoval_test.go", "stored versions, no stored version removed, not flagged",
			upCRD(t, nil, stored("v1alpha1")), upCRD(t, []tv{{name: "v1alpha1"}, {name: "v1alpha2"}}), false, []string{"stored-version-unserved"},
			"crdify's versions set no served: the stored v1alpha1 is kept but not served, which we report and crdify's check, about removal only, does not look at"},
		// Checked below: ValidateUpdate rejects this update, as the API
		// server does.
		{"storedversionremoval_test.go", "stored versions, stored version removed, flagged",
			upCRD(t, nil, stored("v1alpha1")), upCRD(t, []tv{{name: "v1alpha2"}}), true, nil,
			"a stored version missing from spec.versions is an error of the update (ValidateUpdate, at status.storedVersions), not a finding"},
		{"util_test.go", "TestFlattenedCRDVersionDiff removed field",
			upCRD(t, []tv{{name: "v1alpha1", served: true, storage: true, schema: fooBar}}), upCRD(t, []tv{{name: "v1alpha1", served: true, storage: true, schema: foo}}),
			true, []string{"field-removed"}, ""},
		{"util_test.go", "TestFlattenedCRDVersionDiff added required field",
			upCRD(t, []tv{{name: "v1alpha1", served: true, storage: true, schema: foo}}),
			upCRD(t, []tv{{name: "v1alpha1", served: true, storage: true, schema: `{"properties":{"foo":{"type":"string"},"bar":{"type":"string"}},"required":["bar"]}`}}),
			true, []string{"required-added"}, ""},
		{"util_test.go", "TestFlattenedCRDVersionDiff no change",
			upCRD(t, []tv{{name: "v1alpha1", served: true, storage: true, schema: fooBar}}), upCRD(t, []tv{{name: "v1alpha1", served: true, storage: true, schema: fooBar}}),
			false, nil, ""},
		{"util_test.go", "TestFlattenedCRDVersionDiff_AddOptionalField",
			upCRD(t, []tv{{name: "v1alpha1", served: true, storage: true, schema: secrets("")}}),
			upCRD(t, []tv{{name: "v1alpha1", served: true, storage: true, schema: secrets(`,"mountPath":{"type":"string","description":"Path to mount the Object"}`)}}),
			false, nil, ""},
	}
	agree := 0
	for _, tt := range tests {
		fs := CheckUpgrade(tt.old, tt.new)
		if crdifyVerdict(t, crdifyCase{file: tt.file, name: tt.name, flagged: tt.flagged, want: tt.want, why: tt.why}, fs) == tt.flagged {
			agree++
		}
	}
	t.Logf("crdify CRD cases: %d, %d agree, %d differ", len(tests), agree, len(tests)-agree)

	removed := tests[7]
	errs := ValidateUpdate(removed.new, removed.old)
	if !slices.ContainsFunc(errs, func(e *Error) bool { return strings.HasPrefix(e.Field, "status.storedVersions") }) {
		t.Errorf("crdify %q: ValidateUpdate gives no error at status.storedVersions: %v", removed.name, errs)
	}
}
