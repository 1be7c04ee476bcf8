package validation

import "testing"

// validateSchemaStructuralTests cover the structural rules: types
// everywhere, metadata at the root and in embedded resources, the
// x-kubernetes extensions, value validations under allOf, anyOf, oneOf
// and not, and the order of these errors. See [schemaTest].
var validateSchemaStructuralTests = []schemaTest{
	{"no type at the root", false, `{"properties":{"spec":{"type":"object"}}}`, []string{
		"@.type: Required value: must not be empty at the root",
	}},
	{"type string at the root", false, `{"type":"string"}`, []string{
		"@.type: Invalid value: \"string\": must be object at the root",
	}},
	{"no type for a field", false, `{"type":"object","properties":{"spec":{}}}`, []string{
		"@.properties[spec].type: Required value: must not be empty for specified object fields",
	}},
	{"no type for items", false, `{"type":"object","properties":{"list":{"type":"array","items":{}}}}`, []string{
		"@.properties[list].items.type: Required value: must not be empty for specified array items",
	}},
	{"array without items", false, `{"type":"object","properties":{"list":{"type":"array"}}}`, []string{
		"@.properties[list].items: Required value: must be specified",
	}},
	{"$schema alone is reported only as not structural", false, `{"type":"object","properties":{"a":{"type":"string","$schema":"http://json-schema.org/schema#"}}}`, []string{
		"@: Invalid value: \"\": OpenAPIV3Schema 'schema' is not supported",
	}},
	{"additionalProperties at the root", false, `{"type":"object","additionalProperties":{"type":"string"}}`, []string{
		"@.additionalProperties: Forbidden: must not be used at the root",
	}},
	{"metadata at the root may name name and generateName", false, `{"type":"object","properties":{"metadata":{"type":"object","properties":{"name":{"type":"string","maxLength":10},"generateName":{"type":"string"}}}}}`, nil},
	{"metadata at the root may not say more", false, `{"type":"object","properties":{"metadata":{"type":"object","properties":{"name":{"type":"string"},"labels":{"type":"object"}}}}}`, []string{
		"@.properties[metadata]: Forbidden: must not specify anything other than name and generateName, but metadata is implicitly specified",
	}},
	{"metadata at the root must be an object", false, `{"type":"object","properties":{"metadata":{"type":"string"}}}`, []string{
		"@.properties[metadata].type: Invalid value: \"string\": must be object",
	}},
	{"metadata at the root may not have a description", false, `{"type":"object","properties":{"metadata":{"type":"object","description":"d"}}}`, []string{
		"@.properties[metadata]: Forbidden: must not specify anything other than name and generateName, but metadata is implicitly specified",
	}},
	{"metadata at the root with an empty required list", false, `{"type":"object","properties":{"metadata":{"type":"object","required":[]}}}`, []string{
		"@.properties[metadata]: Forbidden: must not specify anything other than name and generateName, but metadata is implicitly specified",
	}},
	{"kind and apiVersion must be strings", false, `{"type":"object","properties":{"kind":{"type":"integer"},"apiVersion":{"type":"object"}}}`, []string{
		"@.properties[apiVersion].type: Invalid value: \"object\": must be string",
		"@.properties[kind].type: Invalid value: \"integer\": must be string",
	}},
	{"embedded resource must be an object", false, `{"type":"object","properties":{"e":{"type":"string","x-kubernetes-embedded-resource":true}}}`, []string{
		"@.properties[e].properties: Required value: must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields",
		"@.properties[e].type: Invalid value: \"string\": must be object if x-kubernetes-embedded-resource is true",
	}},
	{"embedded resource without type", false, `{"type":"object","properties":{"e":{"x-kubernetes-embedded-resource":true,"x-kubernetes-preserve-unknown-fields":true}}}`, []string{
		"@.properties[e].type: Required value: must be object if x-kubernetes-embedded-resource is true",
	}},
	{"embedded resource needs properties or preserve", false, `{"type":"object","properties":{"e":{"type":"object","x-kubernetes-embedded-resource":true}}}`, []string{
		"@.properties[e].properties: Required value: must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields",
	}},
	{"embedded resource: metadata object, kind string, no additionalProperties", false, `{"type":"object","properties":{"e":{"type":"object","x-kubernetes-embedded-resource":true,"properties":{"metadata":{"type":"string"},"kind":{"type":"boolean"}},"additionalProperties":{"type":"string"}}}}`, []string{
		"@.properties[e].additionalProperties: Forbidden: must not be used if x-kubernetes-embedded-resource is set",
		"@.properties[e].properties[kind].type: Invalid value: \"boolean\": must be string",
		"@.properties[e].properties[metadata].type: Invalid value: \"string\": must be object",
		"@.properties[e].additionalProperties: Forbidden: additionalProperties and properties are mutual exclusive",
	}},
	{"embedded resource inside metadata", false, `{"type":"object","properties":{"metadata":{"type":"object","properties":{"name":{"type":"object","x-kubernetes-embedded-resource":true,"x-kubernetes-preserve-unknown-fields":true}}}}}`, []string{
		"@.properties[metadata].properties[name].x-kubernetes-embedded-resource: Forbidden: must not be used inside of resource meta",
	}},
	{"embedded resource with int-or-string", false, `{"type":"object","properties":{"e":{"type":"object","x-kubernetes-embedded-resource":true,"x-kubernetes-int-or-string":true,"x-kubernetes-preserve-unknown-fields":true}}}`, []string{
		"@.properties[e].x-kubernetes-embedded-resource: Invalid value: true: must be false if x-kubernetes-int-or-string is true",
		"@.properties[e].x-kubernetes-preserve-unknown-fields: Invalid value: true: must be false if x-kubernetes-int-or-string is true",
	}},
	{"preserve-unknown-fields without type", false, `{"type":"object","properties":{"a":{"x-kubernetes-preserve-unknown-fields":true}}}`, nil},
	{"int-or-string without type", false, `{"type":"object","properties":{"a":{"x-kubernetes-int-or-string":true}}}`, nil},
	{"int-or-string with anyOf", false, `{"type":"object","properties":{"a":{"x-kubernetes-int-or-string":true,"anyOf":[{"type":"integer"},{"type":"string"}]}}}`, nil},
	{"int-or-string with allOf and anyOf", false, `{"type":"object","properties":{"a":{"x-kubernetes-int-or-string":true,"allOf":[{"anyOf":[{"type":"integer"},{"type":"string"}]},{"pattern":"^[0-9]+%?$"}]}}}`, nil},
	{"int-or-string pattern in the wrong order", false, `{"type":"object","properties":{"a":{"x-kubernetes-int-or-string":true,"anyOf":[{"type":"string"},{"type":"integer"}]}}}`, []string{
		"@.properties[a].anyOf[0].type: Forbidden: must be empty to be structural",
		"@.properties[a].anyOf[1].type: Forbidden: must be empty to be structural",
	}},
	{"int-or-string pattern with more than a type", false, `{"type":"object","properties":{"a":{"x-kubernetes-int-or-string":true,"anyOf":[{"type":"integer"},{"type":"string","required":[]}]}}}`, []string{
		"@.properties[a].anyOf[0].type: Forbidden: must be empty to be structural",
		"@.properties[a].anyOf[1].type: Forbidden: must be empty to be structural",
	}},
	{"int-or-string with preserve-unknown-fields", false, `{"type":"object","properties":{"a":{"x-kubernetes-int-or-string":true,"x-kubernetes-preserve-unknown-fields":true}}}`, []string{
		"@.properties[a].x-kubernetes-preserve-unknown-fields: Invalid value: true: must be false if x-kubernetes-int-or-string is true",
	}},
	{"nested value validations must not say what a value is", false, `{"type":"object","properties":{"a":{"type":"string","allOf":[{"type":"string","description":"d","title":"t","nullable":true,"default":"x","x-kubernetes-validations":[{"rule":"true"}]}],"not":{"x-kubernetes-list-type":"atomic","x-kubernetes-map-type":"atomic","x-kubernetes-list-map-keys":["a"],"x-kubernetes-embedded-resource":true,"x-kubernetes-preserve-unknown-fields":true,"x-kubernetes-int-or-string":true,"additionalProperties":{}}}}}`, []string{
		"@.properties[a].allOf[0].default: Forbidden: must be undefined to be structural",
		"@.properties[a].allOf[0].description: Forbidden: must be empty to be structural",
		"@.properties[a].allOf[0].nullable: Forbidden: must be false to be structural",
		"@.properties[a].allOf[0].title: Forbidden: must be empty to be structural",
		"@.properties[a].allOf[0].type: Forbidden: must be empty to be structural",
		"@.properties[a].allOf[0].x-kubernetes-validations: Forbidden: must be empty to be structural",
		"@.properties[a].not.additionalProperties: Forbidden: must be undefined to be structural",
		"@.properties[a].not.x-kubernetes-embedded-resource: Forbidden: must be false to be structural",
		"@.properties[a].not.x-kubernetes-int-or-string: Forbidden: must be false to be structural",
		"@.properties[a].not.x-kubernetes-list-map-keys: Forbidden: must be empty to be structural",
		"@.properties[a].not.x-kubernetes-list-type: Forbidden: must be undefined to be structural",
		"@.properties[a].not.x-kubernetes-map-type: Forbidden: must be undefined to be structural",
		"@.properties[a].not.x-kubernetes-preserve-unknown-fields: Forbidden: must be false to be structural",
		"@.properties[a].not.type: Required value: must be object if x-kubernetes-map-type is specified",
		"@.properties[a].not.type: Required value: must be array if x-kubernetes-list-type is specified",
		"@.properties[a].not.x-kubernetes-list-type: Invalid value: \"atomic\": must be map if x-kubernetes-list-map-keys is non-empty",
	}},
	{"nested additionalProperties false is ignored", false, `{"type":"object","properties":{"a":{"type":"object","anyOf":[{"additionalProperties":false}]}}}`, nil},
	{"nested metadata", false, `{"type":"object","anyOf":[{"properties":{"metadata":{"maxProperties":2}}}]}`, []string{
		"@.anyOf[0].properties[metadata]: Forbidden: must not be specified in a nested context",
		"@.properties[metadata]: Required value: because it is defined in @.anyOf[0].properties[metadata]",
	}},
	{"root value validations need their fields", false, `{"type":"object","properties":{"a":{"type":"string"}},"allOf":[{"properties":{"a":{"maxLength":2},"b":{"maxLength":2}}}],"oneOf":[{"items":{"maxLength":1}}]}`, []string{
		"@.items: Required value: because it is defined in @.oneOf[0].items",
		"@.properties[b]: Required value: because it is defined in @.allOf[0].properties[b]",
	}},
	{"value validations below the root are not checked for their fields", false, `{"type":"object","properties":{"a":{"type":"object","allOf":[{"properties":{"b":{"maxLength":2}}}]}}}`, nil},
	{"invalid pattern", false, `{"type":"object","properties":{"a":{"type":"string","pattern":"["},"b":{"type":"string","allOf":[{"pattern":"(?<name>x)"}]}}}`, []string{
		"@.properties[a].pattern: Invalid value: \"[\": must be a valid regular expression, but isn't: error parsing regexp: missing closing ]: `[`",
	}},
	{"structural errors come sorted", false, `{"type":"object","properties":{"b":{},"a":{},"c":{"type":"array"}}}`, []string{
		"@.properties[a].type: Required value: must not be empty for specified object fields",
		"@.properties[b].type: Required value: must not be empty for specified object fields",
		"@.properties[c].items: Required value: must be specified",
	}},
}

func TestValidateSchemaStructural(t *testing.T) {
	runSchemaTests(t, validateSchemaStructuralTests)
}
