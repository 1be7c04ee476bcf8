package release

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"
)

// goreleaserConfig is what TestReleaseConfig reads of .goreleaser.yaml.
type goreleaserConfig struct {
	Builds []struct {
		Main    string   `json:"main"`
		Env     []string `json:"env"`
		Goos    []string `json:"goos"`
		Goarch  []string `json:"goarch"`
		Flags   []string `json:"flags"`
		Ldflags []string `json:"ldflags"`
	} `json:"builds"`
	Krews []struct {
		Name             string `json:"name"`
		Homepage         string `json:"homepage"`
		ShortDescription string `json:"short_description"`
		Description      string `json:"description"`
		Caveats          string `json:"caveats"`
	} `json:"krews"`
	Dockers []struct {
		Platforms []string `json:"platforms"`
	} `json:"dockers_v2"`
}

// scriptList returns the words of the bash array name=(...) of script.
func scriptList(t *testing.T, script []byte, name string) []string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^` + name + `=\(([^)]*)\)`).FindSubmatch(script)
	if m == nil {
		t.Fatalf("scripts/release-snapshot.sh sets no %s=(...)", name)
	}
	return strings.Fields(string(m[1]))
}

// TestReleaseConfig checks that .goreleaser.yaml, which CI cannot run, and
// scripts/release-snapshot.sh with deploy/krew/kubeversion.yaml.tmpl, which
// CI runs and checks with TestDist, make the same release.
func TestReleaseConfig(t *testing.T) {
	var cfg goreleaserConfig
	if err := yaml.Unmarshal(readRoot(t, ".goreleaser.yaml"), &cfg); err != nil {
		t.Fatalf(".goreleaser.yaml: %v", err)
	}
	if len(cfg.Builds) != 1 || len(cfg.Krews) != 1 || len(cfg.Dockers) != 1 {
		t.Fatalf(".goreleaser.yaml has %d builds, %d krews and %d dockers_v2, want one each", len(cfg.Builds), len(cfg.Krews), len(cfg.Dockers))
	}
	b := cfg.Builds[0]
	var platforms []string
	for _, goos := range b.Goos {
		for _, goarch := range b.Goarch {
			platforms = append(platforms, goos+"/"+goarch)
		}
	}
	script := readRoot(t, "scripts/release-snapshot.sh")
	for _, tt := range []struct {
		what      string
		got, want []string
	}{
		{".goreleaser.yaml builds' goos × goarch", platforms, releasePlatforms},
		{"release-snapshot.sh's platforms", scriptList(t, script, "platforms"), releasePlatforms},
		{".goreleaser.yaml dockers_v2's platforms", cfg.Dockers[0].Platforms, imagePlatforms},
		{"release-snapshot.sh's image_platforms", scriptList(t, script, "image_platforms"), imagePlatforms},
	} {
		got, want := slices.Sorted(slices.Values(tt.got)), slices.Sorted(slices.Values(tt.want))
		if !slices.Equal(got, want) {
			t.Errorf("%s = %q, want %q", tt.what, got, want)
		}
	}
	for _, tt := range []struct {
		what, list, want string
	}{
		{"main", b.Main, "./cmd/kubeversion"},
		{"env", strings.Join(b.Env, " "), "CGO_ENABLED=0"},
		{"flags", strings.Join(b.Flags, " "), "-trimpath"},
		{"ldflags", strings.Join(b.Ldflags, " "), "-s -w -X main.version={{.Version}}"},
	} {
		if !strings.Contains(tt.list, tt.want) {
			t.Errorf(".goreleaser.yaml builds' %s = %q, want %q in it", tt.what, tt.list, tt.want)
		}
	}
	if !strings.Contains(string(script), `-ldflags "-s -w -X main.version=$version"`) || !strings.Contains(string(script), "GOFLAGS=-trimpath") {
		t.Errorf("release-snapshot.sh does not build with -trimpath and -ldflags \"-s -w -X main.version=$version\"")
	}

	var tmpl krewManifest
	if err := yaml.UnmarshalStrict(readRoot(t, "deploy/krew/kubeversion.yaml.tmpl"), &tmpl); err != nil {
		t.Fatalf("deploy/krew/kubeversion.yaml.tmpl: %v", err)
	}
	k := cfg.Krews[0]
	for _, tt := range []struct{ what, tmpl, goreleaser string }{
		{"name", tmpl.Metadata.Name, k.Name},
		{"homepage", tmpl.Spec.Homepage, k.Homepage},
		{"short description", tmpl.Spec.ShortDescription, k.ShortDescription},
		{"description", tmpl.Spec.Description, k.Description},
		{"caveats", tmpl.Spec.Caveats, k.Caveats},
	} {
		if tt.tmpl != tt.goreleaser || tt.tmpl == "" {
			t.Errorf("the krew %s of deploy/krew/kubeversion.yaml.tmpl is %q, of .goreleaser.yaml %q", tt.what, tt.tmpl, tt.goreleaser)
		}
	}
	var krewPlatforms []string
	for _, pl := range tmpl.Spec.Platforms {
		p := pl.Selector.MatchLabels["os"] + "/" + pl.Selector.MatchLabels["arch"]
		krewPlatforms = append(krewPlatforms, p)
		if want := "@SHA256_" + strings.ReplaceAll(p, "/", "_") + "@"; pl.Sha256 != want || pl.Bin != binaryName(p) {
			t.Errorf("deploy/krew/kubeversion.yaml.tmpl: %s: sha256 %q, bin %q; want %q, %q", p, pl.Sha256, pl.Bin, want, binaryName(p))
		}
	}
	if !slices.Equal(krewPlatforms, releasePlatforms) {
		t.Errorf("deploy/krew/kubeversion.yaml.tmpl has the platforms %q, want %q", krewPlatforms, releasePlatforms)
	}
}
