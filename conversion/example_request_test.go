package conversion_test

import (
	"fmt"

	"github.com/kubeversion/kubeversion/conversion"
	"github.com/kubeversion/kubeversion/crd"
)

func ExampleNewRequest() {
	def := &crd.CustomResourceDefinition{Spec: crd.Spec{
		Group:    "stable.example.com",
		Versions: []crd.Version{{Name: "v1beta1", Served: true}, {Name: "v1", Served: true, Storage: true}},
		Conversion: &crd.Conversion{Strategy: crd.WebhookConverter,
			Webhook: &crd.Webhook{ConversionReviewVersions: []string{"v1", "v1beta1"}}},
	}}
	objects := []map[string]any{
		{"apiVersion": "stable.example.com/v1beta1", "kind": "CronTab", "metadata": map[string]any{"name": "a"}},
		{"apiVersion": "stable.example.com/v1", "kind": "CronTab", "metadata": map[string]any{"name": "b"}},
	}
	review, sent, err := conversion.NewRequest(def, objects, true, "v1", "705ab4f5")
	fmt.Println(review.APIVersion, review.Request.DesiredAPIVersion, sent, err)
	fmt.Println(string(review.Request.Objects[0]))

	_, _, err = conversion.NewRequest(def, objects[:1], false, "v2", "705ab4f6")
	fmt.Println(err)
	// Output:
	// apiextensions.k8s.io/v1 stable.example.com/v1 [0] <nil>
	// {"apiVersion":"stable.example.com/v1beta1","kind":"CronTab","metadata":{"name":"a"}}
	// request to convert CR to an invalid group/version: stable.example.com/v2
}

func ExampleErrNoReviewVersion() {
	def := &crd.CustomResourceDefinition{Spec: crd.Spec{
		Group:      "stable.example.com",
		Versions:   []crd.Version{{Name: "v1beta1", Served: true}, {Name: "v1", Served: true, Storage: true}},
		Conversion: &crd.Conversion{Strategy: crd.WebhookConverter, Webhook: &crd.Webhook{ConversionReviewVersions: []string{"v2"}}},
	}}
	obj := map[string]any{"apiVersion": "stable.example.com/v1beta1", "kind": "CronTab", "spec": map[string]any{}}
	_, _, err := conversion.NewRequest(def, []map[string]any{obj}, false, "v1", "u")
	fmt.Println(err, err == conversion.ErrNoReviewVersion)
	// Output:
	// no supported conversion review versions true
}
