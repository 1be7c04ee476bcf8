package conversion

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kubeversion/kubeversion/crd"
)

func cronTabCRD(strategy string, reviewVersions ...string) *crd.CustomResourceDefinition {
	def := &crd.CustomResourceDefinition{Spec: crd.Spec{Group: "stable.example.com", Versions: []crd.Version{
		{Name: "v1beta1", Served: true}, {Name: "v1", Served: true, Storage: true}, {Name: "v0"},
	}}}
	if strategy != "" {
		def.Spec.Conversion = &crd.Conversion{Strategy: strategy}
		if strategy == crd.WebhookConverter {
			def.Spec.Conversion.Webhook = &crd.Webhook{ConversionReviewVersions: reviewVersions}
		}
	}
	return def
}

func obj(apiVersion string, extra ...string) map[string]any {
	o := map[string]any{"apiVersion": apiVersion, "kind": "CronTab"}
	for _, k := range extra {
		o[k] = map[string]any{}
	}
	return o
}

func TestNewRequest(t *testing.T) {
	webhook := cronTabCRD(crd.WebhookConverter, "v2", "v1beta1", "v1")
	tests := []struct {
		name    string
		def     *crd.CustomResourceDefinition
		objects []map[string]any
		list    bool
		version string
		review  string // "" for no call
		sent    []int
		err     string
	}{
		{"single", webhook, []map[string]any{obj("stable.example.com/v1beta1", "spec")}, false, "v1", ReviewV1beta1, []int{0}, ""},
		{"first known review version", cronTabCRD(crd.WebhookConverter, "v1", "v1beta1"), []map[string]any{obj("stable.example.com/v1beta1", "spec")}, false, "v1", ReviewV1, []int{0}, ""},
		{"to an unserved version", webhook, []map[string]any{obj("stable.example.com/v1beta1", "spec")}, false, "v0", ReviewV1beta1, []int{0}, ""},
		{"list is sparse", webhook, []map[string]any{obj("stable.example.com/v1beta1", "spec"), obj("stable.example.com/v1", "spec"), obj("stable.example.com/v0")}, true, "v1", ReviewV1beta1, []int{0, 2}, ""},
		{"already there", webhook, []map[string]any{obj("stable.example.com/v1", "spec")}, false, "v1", "", nil, ""},
		{"list already there", webhook, []map[string]any{obj("stable.example.com/v1"), obj("stable.example.com/v1")}, true, "v1", "", nil, ""},
		{"only apiVersion and kind", webhook, []map[string]any{obj("stable.example.com/v1beta1")}, false, "v1", "", nil, ""},
		{"but in a list it is sent", webhook, []map[string]any{obj("stable.example.com/v1beta1")}, true, "v1", ReviewV1beta1, []int{0}, ""},
		{"strategy None", cronTabCRD(crd.NoneConverter), []map[string]any{obj("stable.example.com/v1beta1", "spec")}, false, "v1", "", nil, ""},
		{"no spec.conversion", cronTabCRD(""), []map[string]any{obj("stable.example.com/v1beta1", "spec")}, false, "v1", "", nil, ""},
		{"empty list", webhook, nil, true, "v1", "", nil, ""},
		{"other group", webhook, []map[string]any{obj("example.com/v1", "spec")}, false, "v1", "", nil,
			`example.com/v1, Kind=CronTab is unstructured and is not suitable for converting to "stable.example.com/v1"`},
		{"other group, list", webhook, []map[string]any{obj("v1", "spec")}, true, "v1", "", nil,
			`/v1, Kind=CronTabList is unstructured and is not suitable for converting to "stable.example.com/v1"`},
		{"to an invalid version", webhook, []map[string]any{obj("stable.example.com/v1beta1", "spec")}, false, "v2", "", nil,
			"request to convert CR to an invalid group/version: stable.example.com/v2"},
		{"from an invalid version", webhook, []map[string]any{obj("stable.example.com/v3", "spec")}, false, "v1", "", nil,
			"request to convert CR from an invalid group/version: stable.example.com/v3"},
		{"list item", webhook, []map[string]any{obj("stable.example.com/v1beta1"), obj("stable.example.com/x")}, true, "v1", "", nil,
			"request to convert CR list failed, list index 1 has invalid group/version: stable.example.com/x"},
		{"no known review version", cronTabCRD(crd.WebhookConverter, "v2"), []map[string]any{obj("stable.example.com/v1beta1", "spec")}, false, "v1", "", nil,
			"no supported conversion review versions"},
		{"even with nothing to convert", cronTabCRD(crd.WebhookConverter), []map[string]any{obj("stable.example.com/v1", "spec")}, false, "v1", "", nil,
			"no supported conversion review versions"},
		{"one object only", webhook, nil, false, "v1", "", nil, "conversion: NewRequest of a single object got 0 objects"},
	}
	for _, tt := range tests {
		got, sent, err := NewRequest(tt.def, tt.objects, tt.list, tt.version, "u1")
		if fmt.Sprint(err) != tt.err && !(err == nil && tt.err == "") {
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.err)
			continue
		}
		if diff := cmp.Diff(tt.sent, sent); diff != "" {
			t.Errorf("%s: sent mismatch (-want +got):\n%s", tt.name, diff)
		}
		if tt.review == "" {
			if got != nil {
				t.Errorf("%s: got a review %+v, want no call", tt.name, got)
			}
			continue
		}
		if got == nil || got.APIVersion != tt.review || got.Kind != ReviewKind || got.Request.UID != "u1" || got.Request.DesiredAPIVersion != "stable.example.com/"+tt.version {
			t.Errorf("%s: got %+v", tt.name, got)
			continue
		}
		var want []json.RawMessage
		for _, i := range tt.sent {
			b, _ := json.Marshal(tt.objects[i])
			want = append(want, b)
		}
		if diff := cmp.Diff(want, got.Request.Objects); diff != "" {
			t.Errorf("%s: objects mismatch (-want +got):\n%s", tt.name, diff)
		}
	}
}
