package lifecycle

import (
	"strings"
	"testing"
)

// TestJudgeKnownFacts checks the verdicts of kinds whose lifecycle is
// well known, from the Kubernetes deprecation guide.
func TestJudgeKnownFacts(t *testing.T) {
	tb := Load()
	tests := []struct {
		apiVersion, kind string
		release          int
		want             Status
		message          string // a part of the message
	}{
		{"extensions/v1beta1", "Ingress", 21, Deprecated, "extensions/v1beta1 Ingress is deprecated in v1.14+, unavailable in v1.22+; use networking.k8s.io/v1 Ingress"},
		{"extensions/v1beta1", "Ingress", 22, Removed, `no matches for kind "Ingress" in version "extensions/v1beta1": removed in Kubernetes 1.22; use networking.k8s.io/v1 Ingress`},
		{"extensions/v1beta1", "Ingress", 37, Removed, "removed in Kubernetes 1.22"},
		{"autoscaling/v2beta2", "HorizontalPodAutoscaler", 22, Served, ""},
		{"autoscaling/v2beta2", "HorizontalPodAutoscaler", 23, Deprecated, "autoscaling/v2beta2 HorizontalPodAutoscaler is deprecated in v1.23+, unavailable in v1.26+; use autoscaling/v2 HorizontalPodAutoscaler"},
		{"autoscaling/v2beta2", "HorizontalPodAutoscaler", 26, Removed, "removed in Kubernetes 1.26; use autoscaling/v2 HorizontalPodAutoscaler"},
		{"autoscaling/v2", "HorizontalPodAutoscaler", 22, NotYetServed, "introduced in Kubernetes 1.23"},
		{"flowcontrol.apiserver.k8s.io/v1beta3", "FlowSchema", 26, Served, ""}, // a new beta of 1.26, on by default as legacy
		{"flowcontrol.apiserver.k8s.io/v1beta3", "FlowSchema", 31, Deprecated, "unavailable in v1.32+"},
		{"flowcontrol.apiserver.k8s.io/v1beta3", "FlowSchema", 32, Removed, "removed in Kubernetes 1.32"},
		{"policy/v1beta1", "PodSecurityPolicy", 25, Removed, "removed in Kubernetes 1.25"},
		{"batch/v1beta1", "CronJob", 24, Deprecated, "batch/v1beta1 CronJob is deprecated in v1.21+, unavailable in v1.25+; use batch/v1 CronJob"},
		{"apps/v1", "Deployment", 37, Served, ""},
		{"apps/v1", "DeploymentList", 37, Served, ""},
		{"v1", "ConfigMap", 19, Served, ""},
		{"v1", "Endpoints", 33, Deprecated, "v1 Endpoints is deprecated in v1.33+; use discovery.k8s.io/v1 EndpointSlice"},
		{"v1", "Endpoints", 32, Served, ""},
		{"v1", "Widget", 37, UnknownKind, `no matches for kind "Widget" in version "v1"`},
		{"apps/v1beta1", "DaemonSet", 19, UnknownKind, "DaemonSet is not a kind of apps/v1beta1; Kubernetes 1.19 serves it in apps/v1"},
		{"apps/v1", "Ingress", 37, UnknownKind, "Ingress"},
		{"networking.k8s.io/v1beta1", "ServiceCIDR", 31, NotServed, "not served by default in Kubernetes 1.31"}, // a new beta since 1.24: off
		{"admission.k8s.io/v1", "AdmissionReview", 37, NotServed, "serves no admission.k8s.io/v1"},
		{"apiextensions.k8s.io/v1beta1", "CustomResourceDefinition", 21, Deprecated, "unavailable in v1.22+"},
		{"apiextensions.k8s.io/v1beta1", "CustomResourceDefinition", 22, Removed, "use apiextensions.k8s.io/v1 CustomResourceDefinition"},
		{"example.com/v1", "Widget", 37, NotBuiltin, ""},
		{"gateway.networking.k8s.io/v1", "Gateway", 37, NotBuiltin, ""},
		{"batch/v2alpha1", "CronJob", 21, Removed, "gone from Kubernetes 1.21"},
	}
	for _, tt := range tests {
		v := tb.Judge(tt.apiVersion, tt.kind, tt.release)
		if v.Status != tt.want || !strings.Contains(v.Message, tt.message) {
			t.Errorf("Judge(%s, %s, 1.%d) = %s: %q, want %s: %q", tt.apiVersion, tt.kind, tt.release, v.Status, v.Message, tt.want, tt.message)
		}
		if v.IsError() != (tt.want != Served && tt.want != Deprecated && tt.want != NotBuiltin) {
			t.Errorf("Judge(%s, %s, 1.%d).IsError() = %v", tt.apiVersion, tt.kind, tt.release, v.IsError())
		}
	}
}

// TestTableShape checks the table's coverage: the releases read and what
// every row must have.
func TestTableShape(t *testing.T) {
	tb := Load()
	if tb.Oldest != 19 || tb.Pinned < 37 || tb.Newest < tb.Pinned {
		t.Fatalf("releases 1.%d to 1.%d, pinned 1.%d", tb.Oldest, tb.Newest, tb.Pinned)
	}
	if len(tb.Rows) < 200 {
		t.Errorf("%d rows, want more than 200", len(tb.Rows))
	}
	for _, r := range tb.Rows {
		if r.Removed != 0 && r.Deprecated > r.Removed {
			t.Errorf("%s %s: deprecated 1.%d after removed 1.%d", r.APIVersion(), r.Kind, r.Deprecated, r.Removed)
		}
		if r.Source == "k8s.io/api" && (r.First < tb.Oldest || r.Last < r.First) {
			t.Errorf("%s %s: first 1.%d, last 1.%d", r.APIVersion(), r.Kind, r.First, r.Last)
		}
	}
	for m := tb.Oldest; m <= tb.Newest; m++ {
		if !strings.HasPrefix(tb.DefaultsSource(m), "k8s.io/kubernetes@") && tb.DefaultsSource(m) != "rule:KEP-3136" {
			t.Errorf("1.%d: defaults from %q", m, tb.DefaultsSource(m))
		}
	}
}

func TestRelease(t *testing.T) {
	tb := Load()
	for _, s := range []string{"1.21", "v1.37"} {
		if _, err := tb.Release(s); err != nil {
			t.Errorf("Release(%q): %v", s, err)
		}
	}
	for _, s := range []string{"1.18", "1.99", "2.1", "1.x", "1.021", ""} {
		if _, err := tb.Release(s); err == nil {
			t.Errorf("Release(%q): no error", s)
		}
	}
}

// TestIsBuiltinGroup checks the groups validate treats as built in: those
// of k8s.io/api, apiextensions and the aggregator, settings.k8s.io (gone
// since 1.20) among them, and not the groups of CRDs or aggregated APIs.
func TestIsBuiltinGroup(t *testing.T) {
	tab := Load()
	for _, g := range []string{"", "apps", "apiextensions.k8s.io", "apiregistration.k8s.io", "settings.k8s.io", "storagemigration.k8s.io"} {
		if !tab.IsBuiltinGroup(g) {
			t.Errorf("IsBuiltinGroup(%q) = false, want true", g)
		}
	}
	for _, g := range []string{"metrics.k8s.io", "gateway.networking.k8s.io", "stable.example.com", "core"} {
		if tab.IsBuiltinGroup(g) {
			t.Errorf("IsBuiltinGroup(%q) = true, want false", g)
		}
	}
	if v := tab.Judge("settings.k8s.io/v1alpha1", "PodPreset", 37); !v.IsError() {
		t.Errorf("settings.k8s.io/v1alpha1 PodPreset at 1.37: %v, want an error", v)
	}
}
