package validation

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/field"
)

// The tests that moved here from package crd call its names and its test
// helpers; these give them the same meaning. The helpers are copies of
// those that stay in crd for its own tests.

// ValidateCreate is crd.ValidateCreate.
func ValidateCreate(c *api.CustomResourceDefinition) field.ErrorList { return Create(c, nil) }

// ValidateUpdate is crd.ValidateUpdate.
func ValidateUpdate(c, old *api.CustomResourceDefinition) field.ErrorList {
	return Update(c, old, nil)
}

// cronTab returns a valid CRD: v1beta1 served and deprecated, v1 served
// and stored, both with a schema. Tests change it to break one rule.
func cronTab() *api.CustomResourceDefinition {
	schema := api.JSONSchemaProps{Type: "object"}
	return &api.CustomResourceDefinition{
		Metadata: api.Metadata{Name: "crontabs.stable.example.com", ResourceVersion: "1"},
		Spec: api.Spec{
			Group: "stable.example.com",
			Names: api.Names{Plural: "crontabs", Kind: "CronTab"},
			Scope: api.NamespaceScoped,
			Versions: []api.Version{
				{Name: "v1beta1", Served: true, Deprecated: true, Schema: &api.Schema{OpenAPIV3Schema: &schema}},
				{Name: "v1", Served: true, Storage: true, Schema: &api.Schema{OpenAPIV3Schema: &schema}},
			},
		},
	}
}

func ptr[T any](v T) *T { return &v }

// messages returns the errors as the API server prints them.
func messages(errs field.ErrorList) []string {
	var out []string
	for _, e := range errs {
		out = append(out, e.Error())
	}
	return out
}

// change is a table of changes to cronTab and the errors ValidateCreate
// must then return.
type change struct {
	name   string
	change func(c *api.CustomResourceDefinition)
	want   []string
}

// testCreate runs a table of changes through ValidateCreate.
func testCreate(t *testing.T, tests []change) {
	t.Helper()
	for _, tt := range tests {
		c := cronTab()
		tt.change(c)
		if diff := cmp.Diff(tt.want, messages(ValidateCreate(c))); diff != "" {
			t.Errorf("%s: ValidateCreate mismatch (-want +got):\n%s", tt.name, diff)
		}
	}
}

// mustValue reads a JSON value in the model of api.JSON.
func mustValue(t *testing.T, s string) any {
	t.Helper()
	var j api.JSON
	if err := json.Unmarshal([]byte(s), &j); err != nil {
		t.Fatalf("bad JSON %s: %v", s, err)
	}
	return j.Value
}

// mustSchema reads a schema, or returns nil for "null".
func mustSchema(t *testing.T, s string) *api.JSONSchemaProps {
	t.Helper()
	if s == "null" {
		return nil
	}
	var p api.JSONSchemaProps
	if err := json.Unmarshal([]byte(s), &p); err != nil {
		t.Fatalf("bad schema %s: %v", s, err)
	}
	return &p
}

// brief writes an error as "field|type|value as JSON|detail", the parts
// the API server prints, whatever the error prints for the type.
func brief(list field.ErrorList) []string {
	var out []string
	for _, e := range list {
		v, err := json.Marshal(e.BadValue)
		if err != nil {
			v = []byte("?")
		}
		out = append(out, e.Field+"|"+string(e.Type)+"|"+string(v)+"|"+e.Detail)
	}
	return out
}
