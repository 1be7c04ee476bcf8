package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// layout writes files (path: content) under a new directory and returns it.
func layout(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func lintAll(t *testing.T, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	var out, errOut strings.Builder
	status = run(&env{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut}, append([]string{"lint"}, args...))
	return out.String(), errOut.String(), status
}

// TestLintExclude lints a kubebuilder layout whose kustomize patches are
// not CRDs: --exclude skips them by directory name, by file name and by
// path under the PATH, and a file named on the command line is read.
func TestLintExclude(t *testing.T) {
	crd, err := os.ReadFile("../../examples/crontab-crd.yaml")
	if err != nil {
		t.Fatal(err)
	}
	patch := "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: crontabs.stable.example.com\nspec:\n  conversion:\n    strategy: Webhook\n"
	dir := layout(t, map[string]string{
		"bases/crontabs.yaml":              string(crd),
		"patches/webhook_in_crontabs.yaml": patch,
		"kustomization.yaml":               "resources: [bases/crontabs.yaml]\n",
	})
	out, _, status := lintAll(t, dir)
	if status != exitInvalid || !strings.Contains(out, "webhook_in_crontabs.yaml") {
		t.Fatalf("without --exclude: status %d, want the patch linted and rejected:\n%s", status, out)
	}
	for _, glob := range []string{"patches", "webhook_in_*.yaml", "patches/*"} {
		out, errOut, status := lintAll(t, "--exclude", glob, dir)
		if status != exitOK || strings.Contains(out, "webhook_in") || !strings.Contains(out, "crontabs.stable.example.com: valid on create") {
			t.Errorf("--exclude %s: status %d\n%s%s", glob, status, out, errOut)
		}
	}
	named := filepath.Join(dir, "patches", "webhook_in_crontabs.yaml")
	if out, _, _ := lintAll(t, "--exclude", "patches", named); !strings.Contains(out, "webhook_in_crontabs.yaml") {
		t.Errorf("a file named on the command line was skipped:\n%s", out)
	}
	if _, errOut, status := lintAll(t, "--exclude", "[", dir); status != exitError || !strings.Contains(errOut, "syntax error in pattern") {
		t.Errorf("--exclude [: status %d, stderr %q", status, errOut)
	}
}

// TestLintHelmChart checks that the templates of a Helm chart are skipped
// with the hint to render them, that its crds directory is read, and that
// a chart whose CRDs are all templates is an error with that hint.
func TestLintHelmChart(t *testing.T) {
	crd, err := os.ReadFile("../../examples/crontab-crd.yaml")
	if err != nil {
		t.Fatal(err)
	}
	templated := "{{- if .Values.crds }}\n" + string(crd) + "{{- end }}\n"
	dir := layout(t, map[string]string{
		"chart/Chart.yaml":          "apiVersion: v2\nname: crontab\nversion: 0.1.0\n",
		"chart/templates/crds.yaml": templated,
		"chart/templates/NOTES.txt": "hello\n",
	})
	chart := filepath.Join(dir, "chart")
	hint := "helm template " + chart + " | kubeversion lint -"
	_, errOut, status := lintAll(t, dir)
	if status != exitError || !strings.Contains(errOut, "skipped: the templates of a Helm chart") || !strings.Contains(errOut, dir+": no CustomResourceDefinition found outside the templates of the Helm chart "+chart+": render them, "+hint) {
		t.Errorf("templated CRDs: status %d, stderr:\n%s", status, errOut)
	}
	if err := os.MkdirAll(filepath.Join(chart, "crds"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(chart, "crds", "crontabs.yaml"), crd, 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, status := lintAll(t, chart)
	if status != exitOK || !strings.Contains(out, filepath.Join(chart, "crds", "crontabs.yaml")+":5: crontabs.stable.example.com: valid on create") || !strings.Contains(errOut, hint) {
		t.Errorf("crds/: status %d\n%s%s", status, out, errOut)
	}
}
