package crd

import (
	"strconv"
	"testing"
)

// wideCRD returns a CRD with versions v1beta1 and v1 (storage, strategy
// None) whose spec has n string properties; in v1 every tenth property is
// gone and the others have maxLength 10, so that every check has work.
func wideCRD(n int, changed bool) *CustomResourceDefinition {
	spec := JSONSchemaProps{Type: "object", Properties: map[string]JSONSchemaProps{}}
	ten := int64(10)
	for i := range n {
		p := JSONSchemaProps{Type: "string", Enum: []JSON{{Value: "a"}, {Value: "b"}}}
		if changed {
			if i%10 == 0 {
				continue
			}
			p.MaxLength = &ten
		}
		spec.Properties["f"+strconv.Itoa(i)] = p
	}
	schema := &JSONSchemaProps{Type: "object", Properties: map[string]JSONSchemaProps{"spec": spec}}
	return &CustomResourceDefinition{
		Metadata: Metadata{Name: "widgets.example.com"},
		Spec: Spec{Group: "example.com", Names: Names{Plural: "widgets", Kind: "Widget"}, Scope: NamespaceScoped,
			Versions: []Version{
				{Name: "v1beta1", Served: true, Storage: !changed, Schema: &Schema{OpenAPIV3Schema: schema}},
				{Name: "v1", Served: true, Storage: changed, Schema: &Schema{OpenAPIV3Schema: schema}},
			}},
		Status: Status{StoredVersions: []string{"v1beta1"}},
	}
}

// BenchmarkCheckUpgrade shows the cost linear in the size of the schema:
// ten times the properties, about ten times the time.
func BenchmarkCheckUpgrade(b *testing.B) {
	for _, n := range []int{100, 1000, 10000} {
		old, new := wideCRD(n, false), wideCRD(n, true)
		new.Spec.Versions[0].Schema = old.Spec.Versions[0].Schema
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				CheckUpgrade(old, new)
			}
		})
	}
}
