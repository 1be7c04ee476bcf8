package crd

import (
	"fmt"
	"testing"
)

// manyVersions returns a valid CRD with n versions, v1alpha1 to vNbeta2 and
// so on, the last one stored, and a webhook conversion.
func manyVersions(n int) *CustomResourceDefinition {
	schema := JSONSchemaProps{Type: "object"}
	c := &CustomResourceDefinition{
		Metadata: Metadata{Name: "crontabs.stable.example.com", ResourceVersion: "1"},
		Spec: Spec{
			Group: "stable.example.com", Scope: NamespaceScoped,
			Names: Names{Plural: "crontabs", Kind: "CronTab"},
		},
	}
	for i := range n {
		name := fmt.Sprintf("v%d%s", i/3+1, []string{"alpha1", "beta1", ""}[i%3])
		c.Spec.Versions = append(c.Spec.Versions, Version{Name: name, Served: true, Schema: &Schema{OpenAPIV3Schema: &schema}})
		c.Status.StoredVersions = append(c.Status.StoredVersions, name)
	}
	c.Spec.Versions[n-1].Storage = true
	c.Spec.Conversion = webhookURL("https://conv.example.com/convert", "v1")
	return c
}

func BenchmarkValidateCreate(b *testing.B) {
	for _, n := range []int{10, 100, 1000} {
		c := manyVersions(n)
		b.Run(fmt.Sprintf("versions=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				ValidateCreate(c)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/version")
		})
	}
}

func BenchmarkValidateUpdate(b *testing.B) {
	for _, n := range []int{10, 100, 1000} {
		c, old := manyVersions(n), manyVersions(n)
		b.Run(fmt.Sprintf("versions=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				ValidateUpdate(c, old)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/version")
		})
	}
}

// TestValidateAllocs checks that validating a valid CRD allocates a
// number of times that does not grow with its number of versions: the
// per-version work allocates nothing. The fixed part (the internal view
// of the spec, a few maps, parsing the webhook URL) and the check of the one schema the versions share, stays under 24.
func TestValidateAllocs(t *testing.T) {
	for _, n := range []int{10, 100, 1000} {
		c := manyVersions(n)
		if errs := ValidateCreate(c); errs != nil {
			t.Fatalf("ValidateCreate(%d versions) = %v", n, errs)
		}
		if got := testing.AllocsPerRun(20, func() { ValidateCreate(c) }); got > 24 {
			t.Errorf("ValidateCreate(%d versions) allocates %v times, want at most 24", n, got)
		}
	}
}
