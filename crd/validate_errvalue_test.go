package crd

import (
	"strings"
	"testing"

	"github.com/kubeversion/kubeversion/crd/internal/field"
)

func TestErrorValuesAsTheServerPrintsThem(t *testing.T) {
	schema := &JSONSchemaProps{Type: "object", Default: &JSON{Value: map[string]any{"a": int64(1)}},
		Items: &JSONSchemaPropsOrArray{Schema: &JSONSchemaProps{Type: "string"}}}
	const printedSchema = `{"ID":"","Schema":"","Ref":null,"Description":"","Type":"object","Nullable":false,"Format":"","Title":"",` +
		`"Default":{"a":1},"Maximum":null,"ExclusiveMaximum":false,"Minimum":null,"ExclusiveMinimum":false,"MaxLength":null,` +
		`"MinLength":null,"Pattern":"","MaxItems":null,"MinItems":null,"UniqueItems":false,"MultipleOf":null,"Enum":null,` +
		`"MaxProperties":null,"MinProperties":null,"Required":null,"Items":{"Schema":{"ID":"","Schema":"","Ref":null,` +
		`"Description":"","Type":"string","Nullable":false,"Format":"","Title":"","Default":null,"Maximum":null,` +
		`"ExclusiveMaximum":false,"Minimum":null,"ExclusiveMinimum":false,"MaxLength":null,"MinLength":null,"Pattern":"",` +
		`"MaxItems":null,"MinItems":null,"UniqueItems":false,"MultipleOf":null,"Enum":null,"MaxProperties":null,` +
		`"MinProperties":null,"Required":null,"Items":null,"AllOf":null,"OneOf":null,"AnyOf":null,"Not":null,` +
		`"Properties":null,"AdditionalProperties":null,"PatternProperties":null,"Dependencies":null,` +
		`"AdditionalItems":null,"Definitions":null,"ExternalDocs":null,"Example":null,"XPreserveUnknownFields":null,` +
		`"XEmbeddedResource":false,"XIntOrString":false,"XListMapKeys":null,"XListType":null,"XMapType":null,` +
		`"XValidations":null},"JSONSchemas":null},"AllOf":null,"OneOf":null,"AnyOf":null,"Not":null,"Properties":null,` +
		`"AdditionalProperties":null,"PatternProperties":null,"Dependencies":null,"AdditionalItems":null,` +
		`"Definitions":null,"ExternalDocs":null,"Example":null,"XPreserveUnknownFields":null,"XEmbeddedResource":false,` +
		`"XIntOrString":false,"XListMapKeys":null,"XListType":null,"XMapType":null,"XValidations":null}`
	for _, tt := range []struct {
		name string
		err  *Error
		want string
	}{
		{"a schema", field.Invalid(field.NewPath("f"), schema, "d"), "f: Invalid value: " + printedSchema + ": d"},
		{"versions that differ keep their own schemas", field.Invalid(field.NewPath("spec", "versions"), []Version{
			{Name: "v1", Schema: &Schema{OpenAPIV3Schema: &JSONSchemaProps{Type: "object"}}, AdditionalPrinterColumns: []PrinterColumn{{Name: "a", Type: "string", JSONPath: ".a"}}},
			{Name: "v2", Storage: true, Schema: &Schema{OpenAPIV3Schema: schema}, AdditionalPrinterColumns: []PrinterColumn{{Name: "a", Type: "string", JSONPath: ".a"}},
				Subresources: &Subresources{Scale: &ScaleSubresource{LabelSelectorPath: ptr(".s")}}},
		}, "d"), `spec.versions: Invalid value: [{"Name":"v1","Served":false,"Storage":false,"Deprecated":false,"DeprecationWarning":null,` +
			`"Schema":{"OpenAPIV3Schema":` + strings.Replace(printedSchema[:strings.Index(printedSchema, `"Items":`)], `"Default":{"a":1}`, `"Default":null`, 1) +
			`"Items":null` + printedSchema[strings.LastIndex(printedSchema, `,"AllOf"`):] + `},` +
			`"Subresources":null,"AdditionalPrinterColumns":null,"SelectableFields":null},` +
			`{"Name":"v2","Served":false,"Storage":true,"Deprecated":false,"DeprecationWarning":null,"Schema":{"OpenAPIV3Schema":` + printedSchema + `},` +
			`"Subresources":{"Status":null,"Scale":{"SpecReplicasPath":"","StatusReplicasPath":"","LabelSelectorPath":".s"}},` +
			`"AdditionalPrinterColumns":null,"SelectableFields":null}]: d`},
		{"a pointer to a string prints as JSON", field.Invalid(field.NewPath("f"), ptr("<x>"), ""), `f: Invalid value: "\u003cx\u003e"`},
		{"items as an empty list", field.Invalid(field.NewPath("f"), &JSONSchemaPropsOrArray{JSONSchemas: []JSONSchemaProps{}}, ""), `f: Invalid value: {"Schema":null,"JSONSchemas":[]}`},
		{"additionalProperties false", field.Invalid(field.NewPath("f"), &JSONSchemaPropsOrBool{}, ""), `f: Invalid value: {"Allows":false,"Schema":null}`},
		{"bytes print as base64", field.Invalid(field.NewPath("f"), []byte("hi"), ""), `f: Invalid value: "aGk="`},
		{"too many prints the count", field.TooMany(field.NewPath("f"), 9, 8), "f: Too many: 9: must have at most 8 items"},
		{"too long omits the value", field.TooLong(field.NewPath("f"), 1), "f: Too long: may not be more than 1 byte"},
	} {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("%s: Error() =\n%s\nwant\n%s", tt.name, got, tt.want)
		}
	}
}

// TestVersionsErrorIsShort checks that a one-version CRD with a large
// schema prints its versions in a few hundred bytes, as the API server
// does: the schema lives at the top level there.
func TestVersionsErrorIsShort(t *testing.T) {
	c := cronTab()
	big := &JSONSchemaProps{Type: "object", Properties: map[string]JSONSchemaProps{}}
	for i := range 1000 {
		big.Properties[strings.Repeat("p", i+1)] = JSONSchemaProps{Type: "string", Description: strings.Repeat("d", 100)}
	}
	c.Spec.Versions = []Version{{Name: "v1", Served: true, Schema: &Schema{OpenAPIV3Schema: big}}}
	errs := ValidateCreate(c)
	if len(errs) == 0 || errs[0].Field != "spec.versions" {
		t.Fatalf("ValidateCreate = %v, want a spec.versions error first", errs)
	}
	if msg := errs[0].Error(); len(msg) > 400 {
		t.Errorf("spec.versions error is %d bytes long: %s", len(msg), msg)
	}
}
