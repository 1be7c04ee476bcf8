package conversion_test

import (
	"fmt"

	"github.com/kubeversion/kubeversion/conversion"
)

type CronTabV1beta1 struct {
	APIVersion string         `json:"apiVersion"`
	Kind       string         `json:"kind"`
	Metadata   map[string]any `json:"metadata"`
	Spec       struct {
		CronSpec string `json:"cronSpec"`
		Image    string `json:"image"`
	} `json:"spec"`
}

type CronTabV1 struct {
	APIVersion string         `json:"apiVersion"`
	Kind       string         `json:"kind"`
	Metadata   map[string]any `json:"metadata"`
	Spec       struct {
		Schedule string   `json:"schedule"`
		Images   []string `json:"images"`
	} `json:"spec"`
}

func ExampleTypedStep() {
	var c conversion.Converter
	c.AddStep("v1beta1", "v1", conversion.TypedStep(func(in *CronTabV1beta1) (*CronTabV1, error) {
		out := &CronTabV1{APIVersion: in.APIVersion, Kind: in.Kind, Metadata: in.Metadata}
		out.Spec.Schedule = in.Spec.CronSpec
		out.Spec.Images = []string{in.Spec.Image}
		return out, nil
	}))
	obj := map[string]any{"apiVersion": "stable.example.com/v1beta1", "kind": "CronTab", "metadata": map[string]any{"name": "c"},
		"spec": map[string]any{"cronSpec": "@daily", "image": "busybox"}}
	fmt.Println(c.Convert(obj, "stable.example.com/v1"))
	// Output:
	// map[apiVersion:stable.example.com/v1 kind:CronTab metadata:map[name:c] spec:map[images:[busybox] schedule:@daily]] <nil>
}
