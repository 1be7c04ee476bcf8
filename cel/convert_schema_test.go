package cel

import (
	"math"
	"reflect"
	"testing"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/kubeversion/kubeversion/crd"
)

// roundTrip is the conversion convertSchema stands for: through JSON.
func roundTrip(s *crd.JSONSchemaProps) (any, error) {
	return viaV1(s, apiextensionsv1.Convert_v1_JSONSchemaProps_To_apiextensions_JSONSchemaProps)
}

// checkConversion fails t unless internalSchema converts s as the JSON
// round trip does, and convertSchema either agrees or defers to it.
func checkConversion(t *testing.T, name string, s *crd.JSONSchemaProps) {
	t.Helper()
	want, wantErr := roundTrip(s)
	got, err := internalSchema(s)
	if (err != nil) != (wantErr != nil) || err != nil && err.Error() != wantErr.Error() {
		t.Errorf("%s: error %v, want %v", name, err, wantErr)
		return
	}
	if err == nil && !reflect.DeepEqual(got, want) {
		t.Errorf("%s: converted\n%#v\nwant\n%#v", name, got, want)
	}
}

func TestConvertSchemaEdges(t *testing.T) {
	str := func(s string) *string { return &s }
	yes, no := true, false
	f := func(v float64) *float64 { return &v }
	n := int64(3)
	leaf := crd.JSONSchemaProps{Type: "string"}
	for name, s := range map[string]*crd.JSONSchemaProps{
		"empty": {},
		"empty lists and maps": {
			Required: []string{}, Enum: []crd.JSON{}, AllOf: []crd.JSONSchemaProps{},
			Properties: map[string]crd.JSONSchemaProps{}, XValidations: []crd.ValidationRule{},
			XListMapKeys: []string{}, Dependencies: map[string]crd.JSONSchemaPropsOrStringArray{},
		},
		"pointers to zero values": {
			Ref: str(""), XPreserveUnknownFields: &no, XListType: str(""), MaxLength: new(int64),
			ExternalDocs: &crd.ExternalDocumentation{}, Not: &crd.JSONSchemaProps{},
		},
		"additionalProperties schema that does not allow": {
			AdditionalProperties: &crd.JSONSchemaPropsOrBool{Allows: false, Schema: &leaf},
			AdditionalItems:      &crd.JSONSchemaPropsOrBool{Allows: true},
		},
		"additionalProperties false": {AdditionalProperties: &crd.JSONSchemaPropsOrBool{}},
		"items schema and list": {
			Items: &crd.JSONSchemaPropsOrArray{Schema: &leaf, JSONSchemas: []crd.JSONSchemaProps{leaf, {}}},
		},
		"items empty":  {Items: &crd.JSONSchemaPropsOrArray{JSONSchemas: []crd.JSONSchemaProps{}}},
		"items schema": {Items: &crd.JSONSchemaPropsOrArray{Schema: &leaf}},
		"dependencies": {Dependencies: map[string]crd.JSONSchemaPropsOrStringArray{
			"a": {Property: []string{"b"}, Schema: &leaf}, "c": {Schema: &leaf}, "d": {}, "e": {Property: []string{}},
		}},
		"values": {
			Default: &crd.JSON{Value: map[string]any{"a": []any{int64(1), 2.5, float64(3), "x", nil, true}}},
			Example: &crd.JSON{Value: float64(1e21)},
			Enum:    []crd.JSON{{Value: nil}, {Value: "a<b>&"}, {Value: int64(math.MaxInt64)}, {Value: 0.1}},
		},
		"null default":       {Default: &crd.JSON{}, Example: &crd.JSON{Value: map[string]any(nil)}},
		"numbers":            {Maximum: f(1.5), Minimum: f(math.Copysign(0, -1)), MultipleOf: f(1e-300), MinItems: &n, MaxProperties: &n},
		"NaN":                {Maximum: f(math.NaN())},
		"infinite default":   {Default: &crd.JSON{Value: math.Inf(1)}},
		"invalid UTF-8":      {Description: "a\xffb"},
		"invalid UTF-8 key":  {Properties: map[string]crd.JSONSchemaProps{"a\xff": leaf}},
		"invalid UTF-8 rule": {XValidations: []crd.ValidationRule{{Rule: "self\xfe"}}},
		"invalid UTF-8 enum": {Enum: []crd.JSON{{Value: "\xff"}}},
		"rules": {XValidations: []crd.ValidationRule{
			{Rule: "self > 0", Message: "m", MessageExpression: "'x'", Reason: str("FieldValueInvalid"), FieldPath: ".a", OptionalOldSelf: &yes},
			{},
		}},
		"everything": {
			ID: "id", Schema: "s", Ref: str("#/r"), Description: "d", Type: "object", Format: "f", Title: "t",
			ExclusiveMaximum: true, ExclusiveMinimum: true, Pattern: "^a$", UniqueItems: true, Nullable: true,
			XEmbeddedResource: true, XIntOrString: true, XMapType: str("atomic"),
			OneOf: []crd.JSONSchemaProps{leaf}, AnyOf: []crd.JSONSchemaProps{{Required: []string{"a"}}},
			PatternProperties: map[string]crd.JSONSchemaProps{"^a": leaf},
			Definitions:       map[string]crd.JSONSchemaProps{"d": {Items: &crd.JSONSchemaPropsOrArray{Schema: &leaf}}},
			Properties: map[string]crd.JSONSchemaProps{"p": {
				Properties: map[string]crd.JSONSchemaProps{"q": {Default: &crd.JSON{Value: "x"}}},
			}},
		},
	} {
		checkConversion(t, name, s)
	}
}

// FuzzConvertSchema checks convertSchema against the JSON round trip on
// the schemas of CRDs that crd.Decode reads.
func FuzzConvertSchema(f *testing.F) {
	for _, seed := range []string{
		`{"type":"object","properties":{"a":{"type":"integer","default":3,"enum":[1,2.0,3.5]}}}`,
		`{"items":[{"type":"string"}],"additionalProperties":false,"x-kubernetes-validations":[{"rule":"true"}]}`,
		`{"dependencies":{"a":["b"],"c":{"type":"object"}},"not":{},"example":null,"default":{"a":[null]}}`,
		`{"anyOf":[{"maximum":1e300}],"additionalItems":{"type":"string"},"x-kubernetes-list-map-keys":[]}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, schema []byte) {
		c, err := crd.Decode([]byte(`{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","spec":{"versions":[{"name":"v1","schema":{"openAPIV3Schema":` + string(schema) + `}}]}}`))
		if err != nil || c == nil || len(c.Spec.Versions) != 1 || c.Spec.Versions[0].Schema == nil || c.Spec.Versions[0].Schema.OpenAPIV3Schema == nil {
			return
		}
		checkConversion(t, "fuzzed", c.Spec.Versions[0].Schema.OpenAPIV3Schema)
	})
}
