package validation

import (
	"runtime"
	"strconv"
	"testing"

	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/field"
)

// wideSchema has n string properties under spec, each with a rule whose
// fieldPath names it.
func wideSchema(n int) *api.JSONSchemaProps {
	spec := api.JSONSchemaProps{Type: "object", Properties: map[string]api.JSONSchemaProps{}}
	for i := range n {
		k := "f" + strconv.Itoa(i)
		spec.Properties[k] = api.JSONSchemaProps{Type: "string", MaxLength: ptr(int64(10))}
		spec.XValidations = append(spec.XValidations, api.ValidationRule{Rule: "true", FieldPath: "." + k})
	}
	return &api.JSONSchemaProps{Type: "object", Properties: map[string]api.JSONSchemaProps{"spec": spec}}
}

// deepSchema nests n objects, each with a rule whose fieldPath names the
// next one.
func deepSchema(n int) *api.JSONSchemaProps {
	s := api.JSONSchemaProps{Type: "string"}
	for range n {
		s = api.JSONSchemaProps{Type: "object", Properties: map[string]api.JSONSchemaProps{"a": s},
			XValidations: []api.ValidationRule{{Rule: "true", FieldPath: ".a"}}}
	}
	return &api.JSONSchemaProps{Type: "object", Properties: map[string]api.JSONSchemaProps{"spec": s}}
}

func BenchmarkValidateSchema(b *testing.B) {
	for _, in := range []struct {
		name string
		s    *api.JSONSchemaProps
	}{
		{"wide-1000", wideSchema(1000)},
		{"deep-100", deepSchema(100)},
		{"deep-1000", deepSchema(1000)},
	} {
		b.Run(in.name, func(b *testing.B) {
			b.ReportAllocs()
			opts := createSchemaOptions()
			for b.Loop() {
				if errs := validateSchema(modelOf(in.s), false, opts, field.VersionPath(0).Child("schema").Child("openAPIV3Schema"), "v1"); errs != nil {
					b.Fatal(errs)
				}
			}
		})
	}
}

// TestValidateSchemaDeepIsNotQuadratic fails if ten times the depth
// allocates far more than ten times the bytes: each level's fieldPath
// check must not walk everything below it, and no level may write out its
// path unless it has an error. Bytes, not time, so that a busy machine
// does not make it fail.
func TestValidateSchemaDeepIsNotQuadratic(t *testing.T) {
	measure := func(n int) uint64 {
		s := deepSchema(n)
		// A field without a type makes the schema not structural, which
		// leaves out the defaults (checked elsewhere) but still walks
		// the structural rules.
		s.Properties["untyped"] = api.JSONSchemaProps{}
		opts := createSchemaOptions()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		validateSchema(modelOf(s), false, opts, field.VersionPath(0).Child("schema").Child("openAPIV3Schema"), "v1")
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	small, large := measure(200), measure(2000)
	t.Logf("depth 200: %d bytes, depth 2000: %d bytes", small, large)
	if large > 20*small {
		t.Errorf("depth 2000 allocated %d bytes, more than 20 times depth 200 (%d)", large, small)
	}
}
