package main

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

// TestAPIVersions checks kubeversion api-versions in text and JSON at
// releases around a known removal: extensions/v1beta1 Ingress,
// deprecated in 1.14 and removed in 1.22.
func TestAPIVersions(t *testing.T) {
	runIt := func(args ...string) (string, string, int) {
		var stdout, stderr strings.Builder
		status := run(&env{strings.NewReader(""), &stdout, &stderr}, append([]string{"api-versions"}, args...))
		return stdout.String(), stderr.String(), status
	}
	ingress := regexp.MustCompile(`(?m)^extensions/v1beta1 +Ingress +(\S+) +1\.1 +1\.14 +1\.22 +networking\.k8s\.io/v1 Ingress$`)
	for _, tt := range []struct{ release, status string }{{"1.21", "deprecated"}, {"1.22", "removed"}, {"", "removed"}} {
		args := []string{}
		if tt.release != "" {
			args = append(args, "--kubernetes-version", tt.release)
		}
		out, errOut, status := runIt(args...)
		m := ingress.FindStringSubmatch(out)
		if status != exitOK || errOut != "" || m == nil || m[1] != tt.status {
			t.Errorf("api-versions %v: status %d, stderr %q, Ingress line %q, want %s", args, status, errOut, m, tt.status)
		}
	}

	out, _, status := runIt("-o", "json", "--kubernetes-version", "v1.25")
	var doc struct {
		KubernetesVersion string `json:"kubernetesVersion"`
		Kinds             []struct {
			APIVersion, Kind, Status, Message string
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || status != exitOK {
		t.Fatalf("-o json: status %d, %v", status, err)
	}
	found := false
	for _, k := range doc.Kinds {
		if k.APIVersion == "autoscaling/v2beta2" && k.Kind == "HorizontalPodAutoscaler" {
			found = true
			if k.Status != "deprecated" || k.Message != "autoscaling/v2beta2 HorizontalPodAutoscaler is deprecated in v1.23+, unavailable in v1.26+; use autoscaling/v2 HorizontalPodAutoscaler" {
				t.Errorf("-o json 1.25: HPA v2beta2 %+v", k)
			}
		}
	}
	if doc.KubernetesVersion != "1.25" || !found {
		t.Errorf("-o json: release %q, HPA v2beta2 found %v", doc.KubernetesVersion, found)
	}

	for _, args := range [][]string{{"--kubernetes-version", "1.5"}, {"-o", "yaml"}, {"extra"}} {
		if _, errOut, status := runIt(args...); status != exitError || errOut == "" {
			t.Errorf("api-versions %v: status %d, stderr %q, want 2 and an error", args, status, errOut)
		}
	}
}
