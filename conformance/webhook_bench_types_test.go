package conformance

import (
	"errors"
	"fmt"

	"github.com/kubeversion/kubeversion/conversion"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	crconversion "sigs.k8s.io/controller-runtime/pkg/conversion"
)

// The CronTab of the Kubernetes docs in two versions, written once for
// each webhook as its users write them: stable.example.com/v1beta1 has
// spec.cronSpec and spec.image; v1 renames cronSpec to schedule and moves
// image into jobTemplate. Both sides share the spec types and the two
// spec conversions, so that they convert with the same logic and differ
// only in what the benchmark measures: decoding, dispatch and encoding.

type wbSpecV1beta1 struct {
	CronSpec string `json:"cronSpec,omitempty"`
	Image    string `json:"image,omitempty"`
	Replicas *int64 `json:"replicas,omitempty"`
}

type wbSpecV1 struct {
	Schedule    string         `json:"schedule,omitempty"`
	JobTemplate *wbJobTemplate `json:"jobTemplate,omitempty"`
	Replicas    *int64         `json:"replicas,omitempty"`
}

type wbJobTemplate struct {
	Image string `json:"image,omitempty"`
}

// wbCheckReplicas refuses a negative spec.replicas, the one way a
// conversion of either side fails.
func wbCheckReplicas(r *int64) error {
	if r != nil && *r < 0 {
		return fmt.Errorf("spec.replicas %d is negative", *r)
	}
	return nil
}

// wbSpecToV1 converts a v1beta1 spec to v1.
func wbSpecToV1(in wbSpecV1beta1) (wbSpecV1, error) {
	if err := wbCheckReplicas(in.Replicas); err != nil {
		return wbSpecV1{}, err
	}
	out := wbSpecV1{Schedule: in.CronSpec, Replicas: wbCopyInt(in.Replicas)}
	if in.Image != "" {
		out.JobTemplate = &wbJobTemplate{Image: in.Image}
	}
	return out, nil
}

// wbSpecToV1beta1 converts a v1 spec to v1beta1, the way back of wbSpecToV1.
func wbSpecToV1beta1(in wbSpecV1) (wbSpecV1beta1, error) {
	if err := wbCheckReplicas(in.Replicas); err != nil {
		return wbSpecV1beta1{}, err
	}
	out := wbSpecV1beta1{CronSpec: in.Schedule, Replicas: wbCopyInt(in.Replicas)}
	if in.JobTemplate != nil {
		out.Image = in.JobTemplate.Image
	}
	return out, nil
}

func wbCopyInt(p *int64) *int64 {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}

// The types of kubeversion's side, as in examples/crontab-webhook: no
// Kubernetes import, metadata kept whole as a map.

type wbCronTabV1beta1 struct {
	APIVersion string         `json:"apiVersion"`
	Kind       string         `json:"kind"`
	Metadata   map[string]any `json:"metadata"`
	Spec       wbSpecV1beta1  `json:"spec"`
}

type wbCronTabV1 struct {
	APIVersion string         `json:"apiVersion"`
	Kind       string         `json:"kind"`
	Metadata   map[string]any `json:"metadata"`
	Spec       wbSpecV1       `json:"spec"`
}

// wbConverter is kubeversion's conversion: typed steps both ways.
func wbConverter() *conversion.Converter {
	var c conversion.Converter
	c.AddStep("v1beta1", "v1", conversion.TypedStep(func(in *wbCronTabV1beta1) (*wbCronTabV1, error) {
		spec, err := wbSpecToV1(in.Spec)
		if err != nil {
			return nil, err
		}
		return &wbCronTabV1{Kind: in.Kind, Metadata: in.Metadata, Spec: spec}, nil
	}))
	c.AddStep("v1", "v1beta1", conversion.TypedStep(func(in *wbCronTabV1) (*wbCronTabV1beta1, error) {
		spec, err := wbSpecToV1beta1(in.Spec)
		if err != nil {
			return nil, err
		}
		return &wbCronTabV1beta1{Kind: in.Kind, Metadata: in.Metadata, Spec: spec}, nil
	}))
	return &c
}

// wbMapConverter is wbConverter written on the decoded maps, without Go
// types, as conversion.Func's doc shows: the benchmark's second pair, to
// tell the cost of TypedStep's round trip through JSON from that of the
// Handler.
func wbMapConverter() *conversion.Converter {
	var c conversion.Converter
	c.AddStep("v1beta1", "v1", func(obj map[string]any) (map[string]any, error) {
		spec, err := wbMapSpec(obj)
		if err != nil {
			return nil, err
		}
		if s, ok := spec["cronSpec"]; ok {
			spec["schedule"] = s
			delete(spec, "cronSpec")
		}
		if img, ok := spec["image"]; ok {
			delete(spec, "image")
			if img != "" {
				spec["jobTemplate"] = map[string]any{"image": img}
			}
		}
		return obj, nil
	})
	c.AddStep("v1", "v1beta1", func(obj map[string]any) (map[string]any, error) {
		spec, err := wbMapSpec(obj)
		if err != nil {
			return nil, err
		}
		if s, ok := spec["schedule"]; ok {
			spec["cronSpec"] = s
			delete(spec, "schedule")
		}
		if t, ok := spec["jobTemplate"].(map[string]any); ok && t["image"] != nil && t["image"] != "" {
			spec["image"] = t["image"]
		}
		delete(spec, "jobTemplate")
		return obj, nil
	})
	return &c
}

// wbMapSpec returns the spec of obj, refusing a negative spec.replicas as
// wbCheckReplicas does.
func wbMapSpec(obj map[string]any) (map[string]any, error) {
	spec, ok := obj["spec"].(map[string]any)
	if !ok {
		return nil, errors.New("spec is not an object")
	}
	if r, ok := spec["replicas"].(int64); ok {
		if err := wbCheckReplicas(&r); err != nil {
			return nil, err
		}
	}
	return spec, nil
}

// The types of controller-runtime's side, as kubebuilder generates them:
// TypeMeta and ObjectMeta, DeepCopyObject, v1 the Hub and v1beta1 a
// Convertible spoke.

type crCronTabV1beta1 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              wbSpecV1beta1 `json:"spec"`
}

type crCronTabV1 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              wbSpecV1 `json:"spec"`
}

func (in *crCronTabV1beta1) DeepCopyObject() runtime.Object {
	out := &crCronTabV1beta1{TypeMeta: in.TypeMeta, Spec: in.Spec}
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	out.Spec.Replicas = wbCopyInt(in.Spec.Replicas)
	return out
}

func (in *crCronTabV1) DeepCopyObject() runtime.Object {
	out := &crCronTabV1{TypeMeta: in.TypeMeta, Spec: in.Spec}
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	out.Spec.Replicas = wbCopyInt(in.Spec.Replicas)
	if t := in.Spec.JobTemplate; t != nil {
		out.Spec.JobTemplate = &wbJobTemplate{Image: t.Image}
	}
	return out
}

// Hub marks v1 as the version the others convert through.
func (*crCronTabV1) Hub() {}

// ConvertTo converts this v1beta1 CronTab to the hub version, v1.
func (in *crCronTabV1beta1) ConvertTo(hub crconversion.Hub) error {
	dst := hub.(*crCronTabV1)
	spec, err := wbSpecToV1(in.Spec)
	if err != nil {
		return err
	}
	dst.ObjectMeta = in.ObjectMeta
	dst.Spec = spec
	return nil
}

// ConvertFrom converts a hub CronTab, v1, to this version, v1beta1.
func (in *crCronTabV1beta1) ConvertFrom(hub crconversion.Hub) error {
	src := hub.(*crCronTabV1)
	spec, err := wbSpecToV1beta1(src.Spec)
	if err != nil {
		return err
	}
	in.ObjectMeta = src.ObjectMeta
	in.Spec = spec
	return nil
}

// wbScheme is controller-runtime's scheme with the two CronTab versions.
func wbScheme() *runtime.Scheme {
	s := runtime.NewScheme()
	s.AddKnownTypeWithName(schema.GroupVersionKind{Group: "stable.example.com", Version: "v1beta1", Kind: "CronTab"}, &crCronTabV1beta1{})
	s.AddKnownTypeWithName(schema.GroupVersionKind{Group: "stable.example.com", Version: "v1", Kind: "CronTab"}, &crCronTabV1{})
	return s
}
