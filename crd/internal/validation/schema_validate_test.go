package validation

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/field"
)

// schemaTest is a schema, whether the status subresource is enabled, and
// the errors the API server (k8s.io/apiextensions-apiserver v0.37.2) gives
// for it on create, with "@" for its path
// spec.versions[0].schema.openAPIV3Schema. A schema printed as an error
// value is "SCHEMA": how values print is tested with [field.Error]. Where the
// server's order depends on map iteration (errors of sibling properties),
// the wanted order is this package's, property names sorted.
type schemaTest struct {
	name   string
	status bool
	schema string
	want   []string
}

// runSchemaTests checks validateSchema on create against tests.
func runSchemaTests(t *testing.T, tests []schemaTest) {
	t.Helper()
	for _, tt := range tests {
		var s api.JSONSchemaProps
		if err := json.Unmarshal([]byte(tt.schema), &s); err != nil {
			t.Errorf("%s: bad schema: %v", tt.name, err)
			continue
		}
		got := schemaMessages(validateSchema(modelOf(&s), tt.status, createSchemaOptions(), field.VersionPath(0).Child("schema").Child("openAPIV3Schema"), "v1"))
		var want []string
		for _, w := range tt.want {
			want = append(want, strings.ReplaceAll(w, "@", "spec.versions[0].schema.openAPIV3Schema"))
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: validateSchema(%s) mismatch (-want +got):\n%s", tt.name, tt.schema, diff)
		}
	}
}

// schemaMessages returns the messages of errs, with a schema as value
// printed as "SCHEMA".
func schemaMessages(errs field.ErrorList) []string {
	var out []string
	for _, e := range errs {
		c := *e
		switch c.BadValue.(type) {
		case *api.JSONSchemaProps:
			c.BadValue = "SCHEMA"
		}
		out = append(out, c.Error())
	}
	return out
}

// validateSchemaKeywordTests cover the keywords, the root under a status
// subresource, the x-kubernetes-list and -map extensions, and the checks
// of x-kubernetes-validations that need no CEL.
var validateSchemaKeywordTests = []schemaTest{
	{"valid minimal", false, `{"type":"object"}`, nil},
	{"valid with properties", false, `{"type":"object","properties":{"spec":{"type":"object","properties":{"replicas":{"type":"integer","minimum":0}}},"status":{"type":"object","x-kubernetes-preserve-unknown-fields":true}}}`, nil},
	{"type bogus", false, `{"type":"object","properties":{"spec":{"type":"bogus"}}}`, []string{
		"@.properties[spec].type: Unsupported value: \"bogus\": supported values: \"array\", \"boolean\", \"integer\", \"number\", \"object\", \"string\"",
	}},
	{"type null", false, `{"type":"object","properties":{"spec":{"type":"null"}}}`, []string{
		"@.properties[spec].type: Unsupported value: \"null\": supported values: \"array\", \"boolean\", \"integer\", \"number\", \"object\", \"string\"",
		"@.properties[spec].type: Forbidden: type cannot be set to null, use nullable as an alternative",
	}},
	{"items as a list", false, `{"type":"object","properties":{"list":{"type":"array","items":[{"type":"string"}]}}}`, []string{
		"@.properties[list].items: Forbidden: items must be a schema object and not an array",
	}},
	{"nullable at the root", false, `{"type":"object","nullable":true}`, []string{
		"@.nullable: Forbidden: nullable cannot be true at the root",
	}},
	{"id, $ref, $schema and friends", false, `{"type":"object","properties":{"a":{"type":"string","id":"x","$ref":"#/a"},"b":{"type":"object","additionalItems":false,"patternProperties":{"x":{"type":"string"}},"definitions":{"d":{"type":"string"}},"dependencies":{"x":["y"]}}}}`, []string{
		"@.properties[a].id: Forbidden: id is not supported",
		"@.properties[a].$ref: Forbidden: $ref is not supported",
		"@.properties[b].additionalItems: Forbidden: additionalItems is not supported",
		"@.properties[b].patternProperties: Forbidden: patternProperties is not supported",
		"@.properties[b].definitions: Forbidden: definitions is not supported",
		"@.properties[b].dependencies: Forbidden: dependencies is not supported",
	}},
	{"uniqueItems", false, `{"type":"object","properties":{"a":{"type":"array","items":{"type":"string"},"uniqueItems":true}}}`, []string{
		"@.properties[a].uniqueItems: Forbidden: uniqueItems cannot be set to true since the runtime complexity becomes quadratic",
	}},
	{"additionalProperties with properties", false, `{"type":"object","properties":{"m":{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":{"type":"string"}}}}`, []string{
		"@.properties[m].additionalProperties: Forbidden: additionalProperties and properties are mutual exclusive",
	}},
	{"additionalProperties true with properties is fine", false, `{"type":"object","properties":{"m":{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":true}}}`, nil},
	{"status root allows only some keywords", true, `{"type":"object","properties":{"status":{"type":"object"}},"additionalProperties":false}`, []string{
		"@: Invalid value: \"SCHEMA\": only [Description Type Format Title Maximum ExclusiveMaximum Minimum ExclusiveMinimum MaxLength MinLength Pattern MaxItems MinItems UniqueItems MultipleOf Required Items Properties ExternalDocs Example XPreserveUnknownFields XValidations] fields are allowed at the root of the schema if the status subresource is enabled",
		"@.additionalProperties: Forbidden: must not be used at the root",
		"@.additionalProperties: Forbidden: additionalProperties and properties are mutual exclusive",
	}},
	{"status root must be an object", true, `{"type":"string"}`, []string{
		"@.type: Invalid value: \"string\": only \"object\" is allowed as the type at the root of the schema if the status subresource is enabled",
		"@.type: Invalid value: \"string\": must be object at the root",
	}},
	{"status root stops at the first wrong keyword", true, `{"type":"array","items":{"type":"string"},"x-kubernetes-list-type":"atomic"}`, []string{
		"@.type: Invalid value: \"array\": only \"object\" is allowed as the type at the root of the schema if the status subresource is enabled",
		"@.type: Invalid value: \"array\": must be object at the root",
	}},
	{"status root counts an empty list as set", true, `{"type":"object","enum":[]}`, []string{
		"@: Invalid value: \"SCHEMA\": only [Description Type Format Title Maximum ExclusiveMaximum Minimum ExclusiveMinimum MaxLength MinLength Pattern MaxItems MinItems UniqueItems MultipleOf Required Items Properties ExternalDocs Example XPreserveUnknownFields XValidations] fields are allowed at the root of the schema if the status subresource is enabled",
	}},
	{"status root without status is not checked", false, `{"type":"object","enum":[]}`, nil},
	{"no defaults in top-level metadata", false, `{"type":"object","properties":{"metadata":{"type":"object","default":{}},"kind":{"type":"string","default":"Foo"}}}`, []string{
		"@.properties[kind].default: Forbidden: must not be set in top-level kind",
		"@.properties[metadata].default: Forbidden: must not be set in top-level metadata",
	}},
	{"no defaults under metadata's additionalProperties", false, `{"type":"object","properties":{"e":{"type":"object","x-kubernetes-embedded-resource":true,"properties":{"metadata":{"type":"object","additionalProperties":{"type":"string","default":"x"}}}}}}`, []string{
		"@.properties[e].properties[metadata].additionalProperties.default: Forbidden: must not be set inside additionalProperties applying to object metadata",
	}},
	{"preserve-unknown-fields false", false, `{"type":"object","properties":{"a":{"type":"object","x-kubernetes-preserve-unknown-fields":false}}}`, []string{
		"@.properties[a].x-kubernetes-preserve-unknown-fields: Invalid value: false: must be true or undefined",
	}},
	{"map-type on a string", false, `{"type":"object","properties":{"a":{"type":"string","x-kubernetes-map-type":"atomic"},"b":{"x-kubernetes-map-type":"bogus","x-kubernetes-preserve-unknown-fields":true}}}`, []string{
		"@.properties[a].type: Invalid value: \"string\": must be object if x-kubernetes-map-type is specified",
		"@.properties[b].type: Required value: must be object if x-kubernetes-map-type is specified",
		"@.properties[b].x-kubernetes-map-type: Unsupported value: \"bogus\": supported values: \"atomic\", \"granular\"",
	}},
	{"list-type on an object", false, `{"type":"object","properties":{"a":{"type":"object","x-kubernetes-list-type":"atomic"},"b":{"x-kubernetes-list-type":"bogus","x-kubernetes-preserve-unknown-fields":true}}}`, []string{
		"@.properties[a].type: Invalid value: \"object\": must be array if x-kubernetes-list-type is specified",
		"@.properties[b].type: Required value: must be array if x-kubernetes-list-type is specified",
		"@.properties[b].x-kubernetes-list-type: Unsupported value: \"bogus\": supported values: \"atomic\", \"set\", \"map\"",
	}},
	{"list-map-keys without list-type map", false, `{"type":"object","properties":{"a":{"type":"array","items":{"type":"string"},"x-kubernetes-list-map-keys":["k"]},"b":{"type":"array","items":{"type":"string"},"x-kubernetes-list-type":"set","x-kubernetes-list-map-keys":["k"]}}}`, []string{
		"@.properties[a].x-kubernetes-list-type: Required value: must be map if x-kubernetes-list-map-keys is non-empty",
		"@.properties[b].x-kubernetes-list-type: Invalid value: \"set\": must be map if x-kubernetes-list-map-keys is non-empty",
	}},
	{"map list without keys", false, `{"type":"object","properties":{"a":{"type":"array","x-kubernetes-list-type":"map","items":{"type":"object"}}}}`, []string{
		"@.properties[a].x-kubernetes-list-map-keys: Required value: must not be empty if x-kubernetes-list-type is map",
	}},
	{"map list with a list of items", false, `{"type":"object","properties":{"b":{"type":"array","x-kubernetes-list-type":"map","x-kubernetes-list-map-keys":["k"],"items":[]}}}`, []string{
		"@.properties[b].items: Required value: must be specified",
		"@.properties[b].items: Invalid value: {\"Schema\":null,\"JSONSchemas\":[]}: must only have a single schema if x-kubernetes-list-type is map",
	}},
	{"map list of strings", false, `{"type":"object","properties":{"a":{"type":"array","x-kubernetes-list-type":"map","x-kubernetes-list-map-keys":["k"],"items":{"type":"string"}}}}`, []string{
		"@.properties[a].items.type: Invalid value: \"string\": must be object if parent array's x-kubernetes-list-type is map",
	}},
	{"map list keys must be scalar, unique properties", false, `{"type":"object","properties":{"a":{"type":"array","x-kubernetes-list-type":"map","x-kubernetes-list-map-keys":["k","o","k","missing"],"items":{"type":"object","required":["k","o"],"properties":{"k":{"type":"string"},"o":{"type":"object"}}}}}}`, []string{
		"@.properties[a].items.properties[o].type: Invalid value: \"object\": must be a scalar type if parent array's x-kubernetes-list-type is map",
		"@.properties[a].x-kubernetes-list-map-keys: Invalid value: [\"k\",\"o\",\"k\",\"missing\"]: must not contain duplicate entries",
		"@.properties[a].x-kubernetes-list-map-keys: Invalid value: [\"k\",\"o\",\"k\",\"missing\"]: entries must all be names of item properties",
	}},
	{"map list keys must be required or defaulted, and not nullable", false, `{"type":"object","properties":{"a":{"type":"array","x-kubernetes-list-type":"map","x-kubernetes-list-map-keys":["k","d","r"],"items":{"type":"object","required":["r"],"properties":{"k":{"type":"string","nullable":true},"d":{"type":"string","default":"x"},"r":{"type":"string"}}}}}}`, []string{
		"@.properties[a].items.properties[k].default: Required value: this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property",
		"@.properties[a].items.properties[k].nullable: Forbidden: this property is in x-kubernetes-list-map-keys, so it cannot be nullable",
	}},
	{"set and map list items must not be nullable", false, `{"type":"object","properties":{"s":{"type":"array","x-kubernetes-list-type":"set","items":{"type":"string","nullable":true}}}}`, []string{
		"@.properties[s].items.nullable: Forbidden: cannot be nullable when x-kubernetes-list-type is set",
	}},
	{"set items must be atomic", false, `{"type":"object","properties":{"s":{"type":"array","x-kubernetes-list-type":"set","items":{"type":"object"}},"t":{"type":"array","x-kubernetes-list-type":"set","items":{"type":"array","items":{"type":"string"},"x-kubernetes-list-type":"set"}},"u":{"type":"array","x-kubernetes-list-type":"set","items":{"type":"object","x-kubernetes-map-type":"atomic"}}}}`, []string{
		"@.properties[s].items.x-kubernetes-map-type: Invalid value: null: must be atomic as item of a list with x-kubernetes-list-type=set",
		"@.properties[t].items.x-kubernetes-list-type: Invalid value: \"set\": must be atomic as item of a list with x-kubernetes-list-type=set",
	}},
	{"rule, message and messageExpression", false, `{"type":"object","x-kubernetes-validations":[{"rule":" "},{"rule":"true","message":" "},{"rule":"true","message":"a\nb"},{"rule":"self\n== self"},{"rule":"true","messageExpression":" "}]}`, []string{
		"@.x-kubernetes-validations[0].rule: Required value: rule is not specified",
		"@.x-kubernetes-validations[1].message: Invalid value: \" \": must be non-empty if specified",
		"@.x-kubernetes-validations[2].message: Invalid value: \"a\\nb\": must not contain line breaks",
		"@.x-kubernetes-validations[3].message: Required value: message must be specified if rule contains line breaks",
		"@.x-kubernetes-validations[4].messageExpression: Required value: messageExpression must be non-empty if specified",
	}},
	{"reason", false, `{"type":"object","x-kubernetes-validations":[{"rule":"true","reason":"FieldValueForbidden"},{"rule":"true","reason":"Invalid"},{"rule":"true","reason":"a<b"}]}`, []string{
		"@.x-kubernetes-validations[1].reason: Unsupported value: \"Invalid\": supported values: \"FieldValueDuplicate\", \"FieldValueForbidden\", \"FieldValueInvalid\", \"FieldValueRequired\"",
		// The server's reason is a named string type: it prints as JSON.
		"@.x-kubernetes-validations[2].reason: Unsupported value: \"a\\u003cb\": supported values: \"FieldValueDuplicate\", \"FieldValueForbidden\", \"FieldValueInvalid\", \"FieldValueRequired\"",
	}},
	{"fieldPath", false, `{"type":"object","properties":{"spec":{"type":"object","properties":{"ports":{"type":"object","additionalProperties":{"type":"integer"}}}}},"x-kubernetes-validations":[{"rule":"true","fieldPath":".spec.ports"},{"rule":"true","fieldPath":".spec.ports['http']"},{"rule":"true","fieldPath":".spec.replicas"},{"rule":"true","fieldPath":" "},{"rule":"true","fieldPath":".spec\n"},{"rule":"true","fieldPath":"spec"}]}`, []string{
		"@.x-kubernetes-validations[2].fieldPath: Invalid value: \".spec.replicas\": must be a valid path",
		"@.x-kubernetes-validations[3].fieldPath: Invalid value: \" \": must be non-empty if specified",
		"@.x-kubernetes-validations[3].fieldPath: Invalid value: \" \": must be a valid path",
		"@.x-kubernetes-validations[4].fieldPath: Invalid value: \".spec\\n\": must not contain line breaks",
		"@.x-kubernetes-validations[4].fieldPath: Invalid value: \".spec\\n\": must be a valid path",
		"@.x-kubernetes-validations[5].fieldPath: Invalid value: \"spec\": must be a valid path",
	}},
	{"keyword errors come in walk order", false, `{"type":"object","properties":{"a":{"type":"bogus","uniqueItems":true,"x-kubernetes-preserve-unknown-fields":false}},"not":{"type":"bogus"},"allOf":[{"type":"bogus"}]}`, []string{
		"@.properties[a].type: Unsupported value: \"bogus\": supported values: \"array\", \"boolean\", \"integer\", \"number\", \"object\", \"string\"",
		"@.properties[a].uniqueItems: Forbidden: uniqueItems cannot be set to true since the runtime complexity becomes quadratic",
		"@.properties[a].x-kubernetes-preserve-unknown-fields: Invalid value: false: must be true or undefined",
		"@.not.type: Unsupported value: \"bogus\": supported values: \"array\", \"boolean\", \"integer\", \"number\", \"object\", \"string\"",
		"@.allOf[0].type: Unsupported value: \"bogus\": supported values: \"array\", \"boolean\", \"integer\", \"number\", \"object\", \"string\"",
	}},
}

func TestValidateSchemaKeywords(t *testing.T) {
	runSchemaTests(t, validateSchemaKeywordTests)
}
