package main

import "github.com/kubeversion/kubeversion/conversion"

// CronTabV1beta1 is a CronTab of stable.example.com/v1beta1, as in the
// Kubernetes docs: spec.cronSpec and spec.image.
type CronTabV1beta1 struct {
	APIVersion string         `json:"apiVersion"`
	Kind       string         `json:"kind"`
	Metadata   map[string]any `json:"metadata"` // kept whole: labels and annotations must survive
	Spec       SpecV1beta1    `json:"spec"`
}

type SpecV1beta1 struct {
	CronSpec string `json:"cronSpec,omitempty"`
	Image    string `json:"image,omitempty"`
	Replicas *int64 `json:"replicas,omitempty"`
}

// CronTabV1 is a CronTab of stable.example.com/v1, whose spec is
// restructured: cronSpec is now schedule, and image moved into
// jobTemplate.
type CronTabV1 struct {
	APIVersion string         `json:"apiVersion"`
	Kind       string         `json:"kind"`
	Metadata   map[string]any `json:"metadata"`
	Spec       SpecV1         `json:"spec"`
}

type SpecV1 struct {
	Schedule    string       `json:"schedule,omitempty"`
	JobTemplate *JobTemplate `json:"jobTemplate,omitempty"`
	Replicas    *int64       `json:"replicas,omitempty"`
}

type JobTemplate struct {
	Image string `json:"image,omitempty"`
}

// toV1 converts a v1beta1 CronTab to v1; every field has a place.
func toV1(in *CronTabV1beta1) (*CronTabV1, error) {
	out := &CronTabV1{Kind: in.Kind, Metadata: in.Metadata, Spec: SpecV1{Schedule: in.Spec.CronSpec, Replicas: in.Spec.Replicas}}
	if in.Spec.Image != "" {
		out.Spec.JobTemplate = &JobTemplate{Image: in.Spec.Image}
	}
	return out, nil
}

// toV1beta1 converts a v1 CronTab to v1beta1, the way back of toV1.
func toV1beta1(in *CronTabV1) (*CronTabV1beta1, error) {
	out := &CronTabV1beta1{Kind: in.Kind, Metadata: in.Metadata, Spec: SpecV1beta1{CronSpec: in.Spec.Schedule, Replicas: in.Spec.Replicas}}
	if t := in.Spec.JobTemplate; t != nil {
		out.Spec.Image = t.Image
	}
	return out, nil
}

// converter converts CronTabs between v1beta1 and v1, both ways.
func converter() *conversion.Converter {
	var c conversion.Converter
	c.AddStep("v1beta1", "v1", conversion.TypedStep(toV1))
	c.AddStep("v1", "v1beta1", conversion.TypedStep(toV1beta1))
	return &c
}
