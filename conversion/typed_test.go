package conversion

import (
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
)

type specBeta struct {
	CronSpec string `json:"cronSpec"`
	Replicas int    `json:"replicas"`
}

type specV1 struct {
	Schedule string `json:"schedule"`
	Replicas int    `json:"replicas,omitempty"`
}

type cronTab[S any] struct {
	APIVersion string         `json:"apiVersion"`
	Kind       string         `json:"kind"`
	Metadata   map[string]any `json:"metadata,omitempty"`
	Spec       S              `json:"spec"`
}

func TestTypedStep(t *testing.T) {
	up := TypedStep(func(in *cronTab[specBeta]) (*cronTab[specV1], error) {
		if in.Spec.CronSpec == "fail" {
			return nil, errors.New("cannot convert")
		}
		if in.Spec.CronSpec == "nil" {
			return nil, nil
		}
		return &cronTab[specV1]{APIVersion: in.APIVersion, Kind: in.Kind, Metadata: in.Metadata, Spec: specV1{Schedule: in.Spec.CronSpec, Replicas: in.Spec.Replicas}}, nil
	})
	tests := []struct {
		name string
		in   map[string]any
		want map[string]any
		err  string
	}{
		{"converts", map[string]any{"apiVersion": "g/v1beta1", "kind": "CronTab", "metadata": map[string]any{"name": "a"}, "spec": map[string]any{"cronSpec": "*", "replicas": int64(3), "dropped": true}},
			map[string]any{"apiVersion": "g/v1beta1", "kind": "CronTab", "metadata": map[string]any{"name": "a"}, "spec": map[string]any{"schedule": "*", "replicas": int64(3)}}, ""},
		{"fails", map[string]any{"spec": map[string]any{"cronSpec": "fail"}}, nil, "cannot convert"},
		{"nil", map[string]any{"spec": map[string]any{"cronSpec": "nil"}}, nil, ""},
		{"wrong type", map[string]any{"spec": map[string]any{"replicas": 1.5}}, nil,
			"decoding into *conversion.cronTab[github.com/kubeversion/kubeversion/conversion.specBeta]: json: cannot unmarshal number 1.5 into Go struct field specBeta.spec.replicas of type int"},
		{"not JSON", map[string]any{"spec": make(chan int)}, nil, "json: unsupported type: chan int"},
	}
	for _, tt := range tests {
		got, err := up(tt.in)
		if fmt.Sprint(err) != tt.err && !(err == nil && tt.err == "") {
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.err)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: mismatch (-want +got):\n%s", tt.name, diff)
		}
	}
}
