package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"
)

// preCommitHook is what TestPreCommitHooks reads of a hook of
// .pre-commit-hooks.yaml.
type preCommitHook struct {
	ID            string   `json:"id"`
	Name          string   `json:"name"`
	Description   string   `json:"description"`
	Language      string   `json:"language"`
	Dependencies  []string `json:"additional_dependencies"`
	Entry         string   `json:"entry"`
	Args          []string `json:"args"`
	Files         string   `json:"files"`
	Exclude       string   `json:"exclude"`
	PassFilenames *bool    `json:"pass_filenames"`
}

// TestPreCommitHooks checks the hook kubeversion-lint: pre-commit's go
// install of this directory names the binary after it, which the entry
// runs; its files and exclude patterns pick manifests; and lint accepts
// the entry's arguments followed by file names, with or without a CRD.
func TestPreCommitHooks(t *testing.T) {
	var hooks []preCommitHook
	if err := yaml.UnmarshalStrict(readRoot(t, ".pre-commit-hooks.yaml"), &hooks); err != nil {
		t.Fatalf(".pre-commit-hooks.yaml: %v", err)
	}
	if len(hooks) != 1 || hooks[0].ID != "kubeversion-lint" {
		t.Fatalf(".pre-commit-hooks.yaml has %d hooks, want kubeversion-lint", len(hooks))
	}
	h := hooks[0]
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	entry := strings.Fields(h.Entry)
	if len(entry) < 2 || entry[0] != filepath.Base(dir) || entry[1] != "lint" || h.Language != "golang" {
		t.Errorf("hook %s runs %q in language %s, want %s lint in golang", h.ID, h.Entry, h.Language, filepath.Base(dir))
	}
	// pre-commit's go install ./... in the repository root leaves out this
	// module: the hook installs it as an additional dependency.
	if !slices.ContainsFunc(h.Dependencies, func(dep string) bool {
		abs, err := filepath.Abs(filepath.Join("..", "..", dep))
		return err == nil && abs == dir
	}) {
		t.Errorf("hook %s has the additional dependencies %q, want ./cmd/kubeversion", h.ID, h.Dependencies)
	}
	if h.PassFilenames != nil && !*h.PassFilenames {
		t.Errorf("hook %s does not pass file names", h.ID)
	}
	files, exclude := regexp.MustCompile(h.Files), regexp.MustCompile(h.Exclude)
	for name, want := range map[string]bool{
		"config/crd/widgets.yaml":          true,
		"crd.yml":                          true,
		"crds/gadgets.json":                true,
		"main.go":                          false,
		"README.md":                        false,
		"yaml/notes.txt":                   false,
		"charts/app/templates/crd.yaml":    false,
		"templates/deployment.yaml":        false,
		"charts/app/crds/widgets.yaml":     true,
		"config/crd/templates.yaml":        true,
		"config/crd/kustomization.yaml":    true,
		"deploy/operator-templates-x.yaml": true,
	} {
		if got := files.MatchString(name) && !exclude.MatchString(name); got != want {
			t.Errorf("hook %s runs on %s: %v, want %v", h.ID, name, got, want)
		}
	}
	for _, tt := range []struct {
		files  []string
		status int
	}{
		{[]string{"testdata/manifests/operator.yaml", "testdata/manifests/dir/configmap.yml"}, exitOK},
		{[]string{"testdata/manifests/dir/configmap.yml"}, exitOK},
		{[]string{"testdata/manifests/invalid.yaml", "testdata/manifests/operator.yaml"}, exitInvalid},
	} {
		args := append(append(entry[1:], h.Args...), tt.files...)
		var stdout, stderr bytes.Buffer
		if status := run(&env{strings.NewReader(""), &stdout, &stderr}, args); status != tt.status {
			t.Errorf("kubeversion %q: exit status %d, want %d\n%s", args, status, tt.status, stderr.String())
		}
	}
}
