package release

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"sigs.k8s.io/yaml"
)

// krewManifest is what TestDist reads of a krew plugin manifest.
type krewManifest struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Metadata   struct {
		Name string `json:"name"`
	} `json:"metadata"`
	Spec struct {
		Version          string `json:"version"`
		Homepage         string `json:"homepage"`
		ShortDescription string `json:"shortDescription"`
		Description      string `json:"description"`
		Caveats          string `json:"caveats"`
		Platforms        []struct {
			Selector struct {
				MatchLabels map[string]string `json:"matchLabels"`
			} `json:"selector"`
			URI    string `json:"uri"`
			Sha256 string `json:"sha256"`
			Bin    string `json:"bin"`
		} `json:"platforms"`
	} `json:"spec"`
}

// checkKrew checks the krew manifest: a plugin kubeversion whose platforms
// name the archives by URL and sha256, and their binaries.
func checkKrew(t *testing.T, dist, version string, sums map[string]string) {
	data, err := os.ReadFile(filepath.Join(dist, "kubeversion.krew.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var m krewManifest
	if err := yaml.UnmarshalStrict(data, &m); err != nil {
		t.Fatalf("kubeversion.krew.yaml: %v", err)
	}
	if m.APIVersion != "krew.googlecontainertools.github.com/v1alpha2" || m.Kind != "Plugin" || m.Metadata.Name != "kubeversion" {
		t.Errorf("kubeversion.krew.yaml is %s %s %s, want krew.googlecontainertools.github.com/v1alpha2 Plugin kubeversion", m.APIVersion, m.Kind, m.Metadata.Name)
	}
	if m.Spec.Version != "v"+version || m.Spec.ShortDescription == "" || m.Spec.Description == "" {
		t.Errorf("kubeversion.krew.yaml: version %q, short description %q, description %q; want v%s and descriptions", m.Spec.Version, m.Spec.ShortDescription, m.Spec.Description, version)
	}
	var platforms []string
	for _, pl := range m.Spec.Platforms {
		p := pl.Selector.MatchLabels["os"] + "/" + pl.Selector.MatchLabels["arch"]
		platforms = append(platforms, p)
		name := archiveName(version, p)
		if want := "https://github.com/kubeversion/kubeversion/releases/download/v" + version + "/" + name; pl.URI != want {
			t.Errorf("kubeversion.krew.yaml: %s: uri %s, want %s", p, pl.URI, want)
		}
		if pl.Sha256 != sums[name] || pl.Sha256 == "" {
			t.Errorf("kubeversion.krew.yaml: %s: sha256 %s, want that of %s, %s", p, pl.Sha256, name, sums[name])
		}
		if pl.Bin != binaryName(p) {
			t.Errorf("kubeversion.krew.yaml: %s: bin %s, want %s", p, pl.Bin, binaryName(p))
		}
	}
	if !slices.Equal(platforms, releasePlatforms) {
		t.Errorf("kubeversion.krew.yaml has the platforms %q, want %q", platforms, releasePlatforms)
	}
}
