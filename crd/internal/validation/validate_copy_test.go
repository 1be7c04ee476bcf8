package validation

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/kubeversion/kubeversion/crd/internal/api"
)

// embeddedDefault is a schema whose spec is an embedded resource with the
// given default.
func embeddedDefault(def string) string {
	return `{"type": "object", "properties": {"spec": {"type": "object", "x-kubernetes-embedded-resource": true,
		"x-kubernetes-preserve-unknown-fields": true, "default": ` + def + `}}}`
}

// TestValidateCoercesACopy checks that errors print defaults with their
// embedded metadata coerced, as the API server's validation leaves its
// object, that a list of versions keeps the hoisting decided before the
// coercion, and that the CRD given is left as it was.
func TestValidateCoercesACopy(t *testing.T) {
	tests := []struct {
		name   string
		v1, v2 string // the schemas of the versions
		status bool   // the status subresource, in both versions
		want   []string
		unwant []string
	}{
		{"schemas that coercing makes equal are printed per version, and reported as identical",
			embeddedDefault(`{"metadata": {"unknownField": 1}}`), embeddedDefault(`{"metadata": {}}`), false,
			[]string{`"Name":"v1beta1","Served":true,"Storage":true,"Deprecated":true,"DeprecationWarning":null,"Schema":{"OpenAPIV3Schema":`,
				`"Name":"v1","Served":true,"Storage":true,"Deprecated":false,"DeprecationWarning":null,"Schema":{"OpenAPIV3Schema":`,
				`"Default":{"metadata":{}}`, "per-version schemas may not all be set to identical values"},
			[]string{"unknownField", `"Schema":null`}},
		{"a api.Hoisting schema is coerced once and printed at the top only",
			embeddedDefault(`{"metadata": {"unknownField": 1}}`), embeddedDefault(`{"metadata": {"unknownField": 1}}`), false,
			[]string{`"Name":"v1beta1","Served":true,"Storage":true,"Deprecated":true,"DeprecationWarning":null,"Schema":null,`,
				`"Name":"v1","Served":true,"Storage":true,"Deprecated":false,"DeprecationWarning":null,"Schema":null,`},
			[]string{"unknownField", "OpenAPIV3Schema", "identical"}},
		{"the root schema prints its default coerced",
			`{"type": "object", "x-kubernetes-preserve-unknown-fields": true, "default": {"apiVersion": "a/v1", "kind": "K", "metadata": {"name": ""}}}`,
			`{"type": "object", "x-kubernetes-preserve-unknown-fields": true}`, true,
			[]string{`spec.versions[0].schema.openAPIV3Schema: Invalid value: {"ID":"",`,
				`"Default":{"apiVersion":"a/v1","kind":"K","metadata":{}}`},
			[]string{`"name":""`, "identical"}},
	}
	for _, tt := range tests {
		c := cronTab()
		c.Spec.Versions[0].Storage = true // to print the versions
		c.Spec.Versions[0].Schema = &api.Schema{OpenAPIV3Schema: mustSchema(t, tt.v1)}
		c.Spec.Versions[1].Schema = &api.Schema{OpenAPIV3Schema: mustSchema(t, tt.v2)}
		if tt.status {
			for i := range c.Spec.Versions {
				c.Spec.Versions[i].Subresources = &api.Subresources{Status: &api.StatusSubresource{}}
			}
		}
		before, _ := json.Marshal(c)
		got := strings.Join(messages(ValidateCreate(c)), "\n")
		for _, w := range tt.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: ValidateCreate gives\n%s\nwithout %s", tt.name, got, w)
			}
		}
		for _, u := range tt.unwant {
			if strings.Contains(got, u) {
				t.Errorf("%s: ValidateCreate gives\n%s\nwith %s", tt.name, got, u)
			}
		}
		if after, _ := json.Marshal(c); string(after) != string(before) {
			t.Errorf("%s: ValidateCreate changed its input:\n%s\n%s", tt.name, before, after)
		}
		old := cronTab()
		if after := strings.Join(messages(ValidateUpdate(c, old)), "\n"); !strings.Contains(after, tt.want[len(tt.want)-1]) {
			t.Errorf("%s: ValidateUpdate gives\n%s\nwithout %s", tt.name, after, tt.want[len(tt.want)-1])
		}
		if after, _ := json.Marshal(c); string(after) != string(before) {
			t.Errorf("%s: ValidateUpdate changed its input:\n%s\n%s", tt.name, before, after)
		}
	}
}

// TestValidateCopiesOnlyWhenNeeded checks that a CRD whose defaults are
// all scalars is validated as it is, with no copy, and that one with an
// object default is copied.
func TestValidateCopiesOnlyWhenNeeded(t *testing.T) {
	c := cronTab()
	c.Spec.Versions[0].Schema = &api.Schema{OpenAPIV3Schema: mustSchema(t, `{"type": "object", "properties": {"a": {"type": "string", "default": "x"}}}`)}
	if validationCopy(c) != c {
		t.Errorf("validationCopy copied a CRD with only scalar defaults")
	}
	c.Spec.Versions[1].Schema = &api.Schema{OpenAPIV3Schema: mustSchema(t, `{"type": "object", "properties": {"l": {"type": "array", "items": {"type": "object", "properties": {"o": {"type": "object", "default": {}}}}}}}`)}
	cp := validationCopy(c)
	if cp == c {
		t.Fatalf("validationCopy did not copy a CRD with an object default")
	}
	orig := c.Spec.Versions[1].Schema.OpenAPIV3Schema.Properties["l"].Items.Schema.Properties["o"].Default
	copied := cp.Spec.Versions[1].Schema.OpenAPIV3Schema.Properties["l"].Items.Schema.Properties["o"].Default
	copied.Value.(map[string]any)["x"] = int64(1)
	if len(orig.Value.(map[string]any)) != 0 {
		t.Errorf("the copy shares a default with the CRD given")
	}
}
