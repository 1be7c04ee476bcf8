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
// removed 1.26), a Deployment of apps/v1 without a spec and a kind that
// the core group does not have. A version a release does not serve makes
// the object invalid; the content of a served one is judged by the
// pinned release's code, or not checked when that code no longer serves
// its version.
func TestBuiltinKinds(t *testing.T) {
	path := filepath.Join("..", "..", "testdata", "validate", "builtin.yaml")
	tests := []struct {
		release int
		want    []string // status of each object
		warning string   // of the Ingress
	}{
		{0, []string{StatusInvalid, StatusInvalid, StatusInvalid, StatusInvalid}, ""},
		{21, []string{StatusNotChecked, StatusNotChecked, StatusInvalid, StatusInvalid}, "extensions/v1beta1 Ingress is deprecated in v1.14+, unavailable in v1.22+; use networking.k8s.io/v1 Ingress"},
		{25, []string{StatusInvalid, StatusNotChecked, StatusInvalid, StatusInvalid}, ""},
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
			if r.Class != ClassBuiltin {
				t.Errorf("1.%d: %s %s: class %q, want %q", tt.release, r.APIVersion, r.Kind, r.Class, ClassBuiltin)
			}
			if r.Status == StatusNotChecked && !strings.Contains(r.Verdict, "content is not checked") {
				t.Errorf("1.%d: %s %s: verdict %q does not say its content is not checked", tt.release, r.APIVersion, r.Kind, r.Verdict)
			}
		}
		if d := res.Reports[2]; d.JudgedBy != "Kubernetes 1.37.2" || len(d.Errors) == 0 || d.Errors[0].Message != "spec.selector: Required value" {
			t.Errorf("1.%d: Deployment judged by %q with errors %+v, want Kubernetes 1.37.2's spec.selector: Required value", tt.release, d.JudgedBy, d.Errors)
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
