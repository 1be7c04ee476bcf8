package conversion_test

import (
	"errors"
	"fmt"

	"github.com/kubeversion/kubeversion/conversion"
	"github.com/kubeversion/kubeversion/crd"
)

// cronTabConverter converts the CronTab of the Kubernetes docs: v1alpha1
// has spec.cron, v1beta1 spec.cronSpec, v1 spec.schedule.
func cronTabConverter() *conversion.Converter {
	rename := func(from, to string) conversion.Step {
		return func(obj map[string]any) (map[string]any, error) {
			spec, ok := obj["spec"].(map[string]any)
			if !ok {
				return nil, errors.New("no spec")
			}
			spec[to] = spec[from]
			delete(spec, from)
			return obj, nil
		}
	}
	var c conversion.Converter
	c.AddStep("v1alpha1", "v1beta1", rename("cron", "cronSpec"))
	c.AddStep("v1beta1", "v1alpha1", rename("cronSpec", "cron"))
	c.AddStep("v1beta1", "v1", rename("cronSpec", "schedule"))
	c.AddStep("v1", "v1beta1", rename("schedule", "cronSpec"))
	return &c
}

func ExampleConverter() {
	c := cronTabConverter()
	obj := map[string]any{"apiVersion": "stable.example.com/v1alpha1", "kind": "CronTab", "spec": map[string]any{"cron": "@hourly"}}
	obj, err := c.Convert(obj, "stable.example.com/v1")
	fmt.Println(obj, err)
	// Output:
	// map[apiVersion:stable.example.com/v1 kind:CronTab spec:map[schedule:@hourly]] <nil>
}

func ExampleConverter_AddStep() {
	var c conversion.Converter
	c.AddStep("v1", "v2", func(obj map[string]any) (map[string]any, error) {
		obj["spec"] = map[string]any{"wrapped": obj["spec"]}
		return obj, nil
	})
	fmt.Println(c.Convert(map[string]any{"apiVersion": "example.com/v1", "spec": 1}, "example.com/v2"))
	fmt.Println(c.Convert(map[string]any{"apiVersion": "example.com/v2", "spec": 1}, "example.com/v1"))
	// Output:
	// map[apiVersion:example.com/v2 spec:map[wrapped:1]] <nil>
	// map[] conversion: no steps lead from v2 to v1
}

func ExampleConverter_Path() {
	c := cronTabConverter()
	fmt.Println(c.Path("v1", "v1alpha1"), c.Path("v1", "v1"), c.Path("v1", "v2") == nil)
	// Output:
	// [v1 v1beta1 v1alpha1] [v1] true
}

func ExampleConverter_Convert() {
	c := cronTabConverter()
	_, err := c.Convert(map[string]any{"apiVersion": "stable.example.com/v1", "spec": "x"}, "stable.example.com/v1alpha1")
	fmt.Println(err)
	// Output:
	// conversion: v1 to v1beta1: no spec
}

func ExampleConverter_Missing() {
	var c conversion.Converter
	c.AddStep("v1beta1", "v1", func(obj map[string]any) (map[string]any, error) { return obj, nil })
	def := &crd.CustomResourceDefinition{Spec: crd.Spec{Versions: []crd.Version{
		{Name: "v1beta1", Served: true}, {Name: "v1", Served: true, Storage: true},
	}}}
	fmt.Println(c.Missing(def))
	// Output:
	// [{v1 v1beta1}]
}

func ExampleStep() {
	var up conversion.Step = func(obj map[string]any) (map[string]any, error) {
		obj["spec"] = "converted"
		return obj, nil
	}
	fmt.Println(up(map[string]any{"spec": "original"}))
	// Output:
	// map[spec:converted] <nil>
}

func ExamplePair() {
	p := conversion.Pair{From: "v1alpha1", To: "v1"}
	fmt.Printf("%s -> %s\n", p.From, p.To)
	// Output:
	// v1alpha1 -> v1
}

func ExampleErrNoPath() {
	var c conversion.Converter
	_, err := c.Convert(map[string]any{"apiVersion": "example.com/v1"}, "example.com/v2")
	fmt.Println(errors.Is(err, conversion.ErrNoPath))
	// Output:
	// true
}
