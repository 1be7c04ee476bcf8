package validation

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/field"
)

// FuzzValidateSchema checks, on any schema that decodes, that
// validateSchema does not panic, gives the same errors twice (map order
// must not leak out), reports every error under the schema's path, and
// reports nothing on update that it does not report on create when the
// old object is valid (an update relaxes rules, never adds them).
//
// Rerun a failure with go test -run FuzzValidateSchema/<name> ./crd/internal/validation.
func FuzzValidateSchema(f *testing.F) {
	for _, tt := range validateSchemaKeywordTests {
		f.Add(tt.schema, tt.status)
	}
	for _, tt := range validateSchemaStructuralTests {
		f.Add(tt.schema, tt.status)
	}
	const root = "spec.versions[0].schema.openAPIV3Schema"
	f.Fuzz(func(t *testing.T, schema string, status bool) {
		var s api.JSONSchemaProps
		if json.Unmarshal([]byte(schema), &s) != nil {
			return
		}
		first := messages(validateSchema(modelOf(&s), status, createSchemaOptions(), field.VersionPath(0).Child("schema").Child("openAPIV3Schema"), "v1"))
		second := messages(validateSchema(modelOf(&s), status, createSchemaOptions(), field.VersionPath(0).Child("schema").Child("openAPIV3Schema"), "v1"))
		if !slices.Equal(first, second) {
			t.Fatalf("two runs differ:\n%q\n%q", first, second)
		}
		for _, m := range first {
			if !strings.HasPrefix(m, root) {
				t.Errorf("error outside the schema: %s", m)
			}
		}
		old := &api.CustomResourceDefinition{Spec: api.Spec{Versions: []api.Version{{Name: "v1", Schema: &api.Schema{OpenAPIV3Schema: &api.JSONSchemaProps{Type: "object"}}}}}}
		update := messages(validateSchema(modelOf(&s), status, updateSchemaOptions(old), field.VersionPath(0).Child("schema").Child("openAPIV3Schema"), "v1"))
		if !slices.Equal(first, update) {
			t.Errorf("update from a valid object differs from create:\n%q\n%q", first, update)
		}
	})
}
