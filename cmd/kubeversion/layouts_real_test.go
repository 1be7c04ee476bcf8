package main

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// TestRealLayouts lints the layouts projects ship, taken through the
// module proxy, and compares lint's whole output with the golden files of
// testdata/golden/layouts: a kubebuilder project's config/crd, read as
// kustomize builds it (Cluster API), a kustomize overlay of it, a Helm
// chart's rendered output (Kyverno's install manifest, rendered from its
// charts), Istio's file of all its CRDs, and the upgrade of Istio and of
// Gateway API between two releases. The modules are reached through
// links in a directory of the test's own, so that the paths in the output
// do not depend on the module cache.
func TestRealLayouts(t *testing.T) {
	dir := t.TempDir()
	for link, module := range map[string]string{
		"cluster-api":        "sigs.k8s.io/cluster-api@v1.8.0",
		"kyverno":            "github.com/kyverno/kyverno@v1.12.0",
		"istio-1.22.0":       "istio.io/api@v1.22.0",
		"istio-1.31.1":       "istio.io/api@v1.31.1",
		"gateway-api-v1.3.0": "sigs.k8s.io/gateway-api@v1.3.0",
		"gateway-api-v1.6.3": "sigs.k8s.io/gateway-api@v1.6.3",
	} {
		if err := os.Symlink(moduleDir(t, module), filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	goldenDir, err := filepath.Abs(filepath.Join("testdata", "golden", "layouts"))
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	const istioCRDs = "kubernetes/customresourcedefinitions.gen.yaml"
	for _, tc := range []struct {
		name string
		args []string
		want int // exit status
	}{
		{"cluster-api-config-crd", []string{"cluster-api/config/crd"}, exitInvalid},
		{"cluster-api-config-default", []string{"cluster-api/config/default"}, exitInvalid},
		{"kyverno-helm-rendered", []string{"kyverno/config/install-latest-testing.yaml"}, exitInvalid},
		{"istio-all-crds", []string{"istio-1.31.1/" + istioCRDs}, exitOK},
		{"istio-upgrade", []string{"--old", "istio-1.22.0/" + istioCRDs, "istio-1.31.1/" + istioCRDs}, exitInvalid},
		{"gateway-api-upgrade", []string{"--old", "gateway-api-v1.3.0/config/crd/standard", "gateway-api-v1.6.3/config/crd/standard"}, exitInvalid},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, status := lintAll(t, tc.args...)
			goldenFile(t, filepath.Join(goldenDir, tc.name+".stdout"), out)
			goldenFile(t, filepath.Join(goldenDir, tc.name+".stderr"), "exit status "+strconv.Itoa(status)+"\n"+errOut)
			if status != tc.want {
				t.Errorf("exit status %d, want %d", status, tc.want)
			}
		})
	}
}
