package validate

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// TestBuiltinKinds checks the verdicts of built-in objects by release:
// an Ingress of extensions/v1beta1 (deprecated 1.14, removed 1.22), a
// HorizontalPodAutoscaler of autoscaling/v2beta2 (deprecated 1.23,
// removed 1.26), a Deployment of apps/v1 and a kind that the core group
// does not have. None is ever valid: their content is not checked.
func TestBuiltinKinds(t *testing.T) {
	path := filepath.Join("..", "..", "testdata", "validate", "builtin.yaml")
	tests := []struct {
		release int
		want    []string // status of each object
		warning string   // of the Ingress
	}{
		{0, []string{StatusInvalid, StatusInvalid, StatusSkipped, StatusInvalid}, ""},
		{21, []string{StatusSkipped, StatusSkipped, StatusSkipped, StatusInvalid}, "extensions/v1beta1 Ingress is deprecated in v1.14+, unavailable in v1.22+; use networking.k8s.io/v1 Ingress"},
		{25, []string{StatusInvalid, StatusSkipped, StatusSkipped, StatusInvalid}, ""},
	}
	for _, tt := range tests {
		var stderr bytes.Buffer
		res, err := Run(Options{Paths: []string{path}, Level: FieldStrict, Namespace: "default", KubernetesRelease: tt.release, Stderr: &stderr})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Reports) != len(tt.want) {
			t.Fatalf("1.%d: %d reports, want %d", tt.release, len(res.Reports), len(tt.want))
		}
		for i, r := range res.Reports {
			if r.Status != tt.want[i] {
				t.Errorf("1.%d: %s %s: %s, want %s", tt.release, r.APIVersion, r.Kind, r.Verdict, tt.want[i])
			}
			if !strings.Contains(r.Verdict, "content not checked") {
				t.Errorf("1.%d: %s %s: verdict %q does not say its content is not checked", tt.release, r.APIVersion, r.Kind, r.Verdict)
			}
		}
		ing := res.Reports[0]
		switch {
		case tt.warning != "" && (len(ing.Warnings) != 1 || ing.Warnings[0].Message != tt.warning || ing.Warnings[0].Line != 1):
			t.Errorf("1.%d: Ingress warnings %+v, want %q at line 1", tt.release, ing.Warnings, tt.warning)
		case ing.Status == StatusInvalid && (len(ing.Errors) != 1 || !strings.HasPrefix(ing.Errors[0].Message, `no matches for kind "Ingress" in version "extensions/v1beta1": removed in Kubernetes 1.22`)):
			t.Errorf("1.%d: Ingress errors %+v", tt.release, ing.Errors)
		}
	}
}
