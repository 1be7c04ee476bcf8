package validation

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kubeversion/kubeversion/crd/internal/api"
)

// schemaCRD returns a valid CRD whose versions v1 and v2 have the given
// schemas (JSON); v1 has the status subresource when status is set.
func schemaCRD(t *testing.T, v1, v2 string, status bool) *api.CustomResourceDefinition {
	t.Helper()
	schema := func(s string) *api.Schema {
		var p api.JSONSchemaProps
		if err := json.Unmarshal([]byte(s), &p); err != nil {
			t.Fatalf("bad schema %s: %v", s, err)
		}
		return &api.Schema{OpenAPIV3Schema: &p}
	}
	c := &api.CustomResourceDefinition{
		Metadata: api.Metadata{Name: "crontabs.stable.example.com"},
		Spec: api.Spec{
			Group: "stable.example.com",
			Names: api.Names{Plural: "crontabs", Kind: "CronTab"},
			Scope: api.NamespaceScoped,
			Versions: []api.Version{
				{Name: "v1", Served: true, Storage: true, Schema: schema(v1)},
				{Name: "v2", Served: true, Schema: schema(v2)},
			},
		},
	}
	if status {
		c.Spec.Versions[0].Subresources = &api.Subresources{Status: &api.StatusSubresource{}}
	}
	return c
}

// TestValidateCreateSchema checks that ValidateCreate reports the schema
// rules at the paths the API server uses: per version, or at
// spec.validation where every version has the same schema, because the
// server keeps that schema once at the top level.
func TestValidateCreateSchema(t *testing.T) {
	const bogus = `{"type": "object", "properties": {"spec": {"type": "bogus"}}}`
	const other = `{"type": "object", "properties": {"spec": {"type": "string"}}}`
	const typeError = `.openAPIV3Schema.properties[spec].type: Unsupported value: "bogus": supported values: "array", "boolean", "integer", "number", "object", "string"`
	tests := []struct {
		name   string
		v1, v2 string
		status bool
		want   []string
	}{
		{"valid", other, `{"type": "object"}`, false, nil},
		{"per version", bogus, other, false, []string{"spec.versions[0].schema" + typeError}},
		{"the same schema in every version", bogus, bogus, false, []string{"spec.validation" + typeError}},
		{"status subresource in one version", `{"type": "object", "nullable": true}`, other, true, []string{
			"spec.versions[0].schema.openAPIV3Schema: Invalid value: \"SCHEMA\": only [Description Type Format Title Maximum ExclusiveMaximum Minimum ExclusiveMinimum MaxLength MinLength Pattern MaxItems MinItems UniqueItems MultipleOf Required Items Properties ExternalDocs Example XPreserveUnknownFields XValidations] fields are allowed at the root of the schema if the status subresource is enabled",
			"spec.versions[0].schema.openAPIV3Schema.nullable: Forbidden: nullable cannot be true at the root",
		}},
	}
	for _, tt := range tests {
		c := schemaCRD(t, tt.v1, tt.v2, tt.status)
		if diff := cmp.Diff(tt.want, schemaMessages(ValidateCreate(c))); diff != "" {
			t.Errorf("%s: ValidateCreate mismatch (-want +got):\n%s", tt.name, diff)
		}
	}
}

// TestValidateUpdateSchemaRelaxed checks that an update may keep what the
// old object already broke, and only that.
func TestValidateUpdateSchemaRelaxed(t *testing.T) {
	const bogus = `{"type": "object", "properties": {"spec": {"type": "bogus"}}}`
	const set = `{"type": "object", "properties": {"s": {"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "object"}}}}`
	const other = `{"type": "object", "properties": {"spec": {"type": "string"}}}`
	tests := []struct {
		name     string
		old, new string
		want     []string
	}{
		{"invalid type kept", bogus, bogus, nil},
		{"set of objects kept", set, set, nil},
		{"set of objects new", other, set, []string{
			"spec.versions[0].schema.openAPIV3Schema.properties[s].items.x-kubernetes-map-type: Invalid value: null: must be atomic as item of a list with x-kubernetes-list-type=set",
		}},
		{"invalid type new", other, bogus, []string{
			`spec.versions[0].schema.openAPIV3Schema.properties[spec].type: Unsupported value: "bogus": supported values: "array", "boolean", "integer", "number", "object", "string"`,
		}},
	}
	for _, tt := range tests {
		old := schemaCRD(t, tt.old, `{"type": "object"}`, false)
		old.Metadata.ResourceVersion = "1"
		c := schemaCRD(t, tt.new, `{"type": "object"}`, false)
		c.Metadata.ResourceVersion = "1"
		if diff := cmp.Diff(tt.want, schemaMessages(ValidateUpdate(c, old))); diff != "" {
			t.Errorf("%s: ValidateUpdate mismatch (-want +got):\n%s", tt.name, diff)
		}
	}
}
