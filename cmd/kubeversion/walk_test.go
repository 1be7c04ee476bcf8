package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inputs"
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

// TestLintKustomization lints Cluster API v1.8.0's config/crd, the
// kubebuilder layout, as kubectl apply -k builds it: its 12 CRDs with the
// patches applied, at the lines of the build's output, where reading it
// file by file (--no-kustomize) takes the patches for CRDs and rejects
// them.
func TestLintKustomization(t *testing.T) {
	dir := filepath.Join(moduleDir(t, "sigs.k8s.io/cluster-api@v1.8.0"), "config", "crd")
	built, err := inputs.KustomizeBuild(dir, false)
	if err != nil {
		t.Fatal(err)
	}
	out, errOut, status := lintAll(t, dir)
	verdicts := grepLines(out, " on create")
	if len(verdicts) != 12 || strings.Contains(out, "webhook_in") || status != exitInvalid {
		t.Fatalf("status %d, %d verdicts, want 12\n%s%s", status, len(verdicts), out, errOut)
	}
	for _, v := range verdicts {
		file, rest, _ := strings.Cut(v, ":")
		line, name, _ := strings.Cut(rest, ": ")
		name, _, _ = strings.Cut(name, ":")
		if file != dir+" (kustomize build)" {
			t.Errorf("%s: file %q", v, file)
		}
		// The verdict's line is the CRD's first line in the build.
		lines := strings.Split(string(built), "\n")
		if n, err := strconv.Atoi(line); err != nil || n < 1 || n > len(lines) || lines[n-1] != "apiVersion: apiextensions.k8s.io/v1" || !strings.Contains(strings.Join(lines[n-1:min(n+30, len(lines))], "\n"), "name: "+name) {
			t.Errorf("%s: line %s is not the start of %s in the build", v, line, name)
		}
	}
	// The webhook patch is applied: the build converts clusters with the
	// webhook, which the bases alone do not.
	if !strings.Contains(string(built), "strategy: Webhook") {
		t.Error("the build has no conversion webhook: the patches were not applied")
	}
	out, _, status = lintAll(t, "--no-kustomize", dir)
	if status != exitInvalid || !strings.Contains(out, "webhook_in_clusters.yaml") {
		t.Errorf("--no-kustomize: status %d, want the patches read as CRDs:\n%s", status, out)
	}
}

// TestLintTemplateHint checks that a YAML error in a file that holds a
// template action gets the hint to render it, and one in plain YAML does
// not; and that a template split across reads is seen.
func TestLintTemplateHint(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"template.yaml": "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: x\n  labels:\n    {{- include \"x.labels\" . | nindent 4 }}\n",
		"broken.yaml":   "apiVersion: apiextensions.k8s.io/v1\nkind: [\n",
	})
	_, errOut, status := lintAll(t, dir+"/template.yaml")
	if status != exitError || !strings.Contains(errOut, "template.yaml:6: ") || !strings.Contains(errOut, "render it first, helm template CHART | kubeversion lint -") {
		t.Errorf("a template: exit %d\n%s", status, errOut)
	}
	_, errOut, _ = lintAll(t, dir+"/broken.yaml")
	if strings.Contains(errOut, "helm template") {
		t.Errorf("plain YAML gets the template hint:\n%s", errOut)
	}
	var s inputs.TemplateSniffer
	s.Write([]byte("a: {"))
	s.Write([]byte("{ x }}"))
	if !s.Found {
		t.Error("{{ split across two writes is not seen")
	}
}
