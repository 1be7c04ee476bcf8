package validation

import (
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kubeversion/kubeversion/crd/internal/api"
)

// selectableSchema has fields of several types, a map and metadata.
func selectableSchema() *api.JSONSchemaProps {
	return &api.JSONSchemaProps{Type: "object", Properties: map[string]api.JSONSchemaProps{
		"metadata": {Type: "object"},
		"spec": {Type: "object", Properties: map[string]api.JSONSchemaProps{
			"name":     {Type: "string"},
			"replicas": {Type: "integer"},
			"ratio":    {Type: "number"},
			"on":       {Type: "boolean"},
			"a.b":      {Type: "string"},
			"labels":   {Type: "object", AdditionalProperties: &api.JSONSchemaPropsOrBool{Allows: true, Schema: &api.JSONSchemaProps{Type: "string"}}},
			"any":      {Type: "object", AdditionalProperties: &api.JSONSchemaPropsOrBool{Allows: true}},
		}},
	}}
}

func selectable(paths ...string) []api.SelectableField {
	out := make([]api.SelectableField, len(paths))
	for i, p := range paths {
		out[i] = api.SelectableField{JSONPath: p}
	}
	return out
}

func TestSelectableFields(t *testing.T) {
	const typeMsg = "must point to a field of type string, boolean or integer. Enum string fields and strings with formats are allowed."
	perVersion := func(paths ...string) func(c *api.CustomResourceDefinition) {
		return func(c *api.CustomResourceDefinition) {
			c.Spec.Versions[1].Schema = &api.Schema{OpenAPIV3Schema: selectableSchema()}
			c.Spec.Versions[1].SelectableFields = selectable(paths...)
		}
	}
	p := func(i int) string { return "spec.versions[1].selectableFields[" + strconv.Itoa(i) + "].jsonPath" }
	testCreate(t, []change{
		{"valid", perVersion(".spec.name", ".spec.replicas", ".spec.on", ".spec.labels.app"), nil},
		{"paths that do not resolve", perVersion("", "spec.name", ".spec.nope", ".spec", ".spec.", ".spec['name']", ".spec.any.x.y", ".spec.name.x"), []string{
			p(0) + ": Required value",
			p(1) + `: Invalid value: "spec.name": is an invalid path: expected [ or . but got: spec`,
			p(2) + `: Invalid value: ".spec.nope": is an invalid path: does not refer to a valid field`,
			p(3) + `: Invalid value: ".spec": ` + typeMsg,
			p(4) + `: Invalid value: ".spec.": is an invalid path: unexpected end of JSON path`,
			p(5) + `: Invalid value: ".spec['name']": is an invalid path: array notation is not allowed`,
			p(6) + `: Invalid value: ".spec.any.x.y": is an invalid path: does not refer to a valid field`,
			p(7) + `: Invalid value: ".spec.name.x": is an invalid path: does not refer to a valid field`,
		}},
		{"metadata, wrong types, duplicates", perVersion(".metadata.name", ".metadata", ".spec.ratio", ".spec.name", ".spec.name"), []string{
			p(0) + `: Invalid value: ".metadata.name": is an invalid path: does not refer to a valid field`,
			p(1) + `: Invalid value: ".metadata": must not point to fields in metadata`,
			p(1) + `: Invalid value: ".metadata": ` + typeMsg,
			p(2) + `: Invalid value: ".spec.ratio": ` + typeMsg,
			p(4) + `: Duplicate value: ".spec.name"`,
		}},
		{"a property with a dot cannot be selected", perVersion(".spec.a.b", ".spec.'a.b'"), []string{
			p(0) + `: Invalid value: ".spec.a.b": is an invalid path: does not refer to a valid field`,
			p(1) + `: Invalid value: ".spec.'a.b'": is an invalid path: does not refer to a valid field`,
		}},
		{"too many", perVersion(".spec.name", ".spec.replicas", ".spec.on", ".spec.labels.f", ".spec.labels.a", ".spec.labels.b",
			".spec.labels.c", ".spec.labels.d", ".spec.labels.e", ".spec.labels.e"), []string{
			p(9) + `: Duplicate value: ".spec.labels.e"`,
			"spec.versions[1].selectableFields: Too many: 9: must have at most 8 items",
		}},
		{"without a schema", func(c *api.CustomResourceDefinition) {
			c.Spec.Versions[1].Schema = nil
			c.Spec.Versions[1].SelectableFields = selectable(".spec.name")
		}, []string{
			"spec.versions[1].schema.openAPIV3Schema: Required value",
			"spec.versions[1].selectableFields: Invalid value: \"\": may only be set when `version.schema.openAPIV3Schema` is not included",
		}},
		{"the same in every version: checked at the top level", func(c *api.CustomResourceDefinition) {
			for i := range c.Spec.Versions {
				c.Spec.Versions[i].Schema = &api.Schema{OpenAPIV3Schema: selectableSchema()}
				c.Spec.Versions[i].SelectableFields = selectable(".spec.ratio")
			}
		}, []string{`spec.selectableFields[0].jsonPath: Invalid value: ".spec.ratio": ` + typeMsg}},
		{"the same fields but different schemas: the top level has no schema", func(c *api.CustomResourceDefinition) {
			for i := range c.Spec.Versions {
				c.Spec.Versions[i].SelectableFields = selectable(".spec.name")
			}
			c.Spec.Versions[1].Schema = &api.Schema{OpenAPIV3Schema: selectableSchema()}
		}, []string{`spec.selectableFields: Invalid value: "": may only be set when validations.schema is included`}},
	})
}

// TestSelectableFieldsInASchemaTheServerCannotConvert checks the errors of
// the selectable fields, and the one they give for a schema the server
// cannot convert, whatever the schema's own errors.
func TestSelectableFieldsInASchemaTheServerCannotConvert(t *testing.T) {
	c := cronTab()
	s := selectableSchema()
	s.Properties["spec"].Properties["x"] = api.JSONSchemaProps{Items: &api.JSONSchemaPropsOrArray{JSONSchemas: []api.JSONSchemaProps{{}}}}
	c.Spec.Versions[1].Schema = &api.Schema{OpenAPIV3Schema: s}
	c.Spec.Versions[1].SelectableFields = selectable(".spec.name")
	var got []string
	for _, e := range ValidateCreate(c) {
		if strings.Contains(e.Field, "selectableFields") || e.BadValue == "" && strings.HasPrefix(e.Detail, "OpenAPIV3Schema 'items'") {
			got = append(got, e.Error())
		}
	}
	want := []string{
		`spec.versions[1].schema.openAPIV3Schema: Invalid value: "": OpenAPIV3Schema 'items' must be a schema, but is an array`,
		`spec.versions[1].selectableFields[0].jsonPath: Invalid value: ".spec.name": is an invalid path: does not refer to a valid field`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ValidateCreate mismatch (-want +got):\n%s", diff)
	}
}

func TestTooManySelectableFieldsOnUpdate(t *testing.T) {
	nine := selectable(".spec.name", ".spec.replicas", ".spec.on", ".spec.labels.f", ".spec.labels.a", ".spec.labels.b",
		".spec.labels.c", ".spec.labels.d", ".spec.labels.e")
	tooMany := "spec.versions[1].selectableFields: Too many: 9: must have at most 8 items"
	for _, tt := range []struct {
		name     string
		old, new []api.SelectableField
		want     []string
	}{
		{"unchanged: allowed", nine, nine, nil},
		{"old had as many but others", append(selectable(".spec.labels.g"), nine[1:]...), nine, []string{tooMany}},
		{"old had fewer", nine[1:], nine, []string{tooMany}},
	} {
		c, old := cronTab(), cronTab()
		old.Status.StoredVersions = []string{"v1"}
		for _, x := range []struct {
			c      *api.CustomResourceDefinition
			fields []api.SelectableField
		}{{c, tt.new}, {old, tt.old}} {
			x.c.Spec.Versions[1].Schema = &api.Schema{OpenAPIV3Schema: selectableSchema()}
			x.c.Spec.Versions[1].SelectableFields = x.fields
		}
		if diff := cmp.Diff(tt.want, messages(ValidateUpdate(c, old))); diff != "" {
			t.Errorf("%s: ValidateUpdate mismatch (-want +got):\n%s", tt.name, diff)
		}
	}
}

func TestJSONPathTokens(t *testing.T) {
	for in, want := range map[string][]string{
		".a.b":      {".", "a", ".", "b"},
		".a['b.c']": {".", "a", "[", "'b.c'", "]"},
		`.'a\'b'.c`: {".", `'a\'b'`, ".", "c"},
		".'open":    {".", "'open"},
		"a..[]":     {"a", ".", ".", "[", "]"},
	} {
		if diff := cmp.Diff(want, jsonPathTokens(in)); diff != "" {
			t.Errorf("jsonPathTokens(%q) mismatch (-want +got):\n%s", in, diff)
		}
	}
}
