package main

import (
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
)

// TestYAMLEncodingErrorLine: a byte that is not UTF-8 is reported at its
// line, not at the document's first, by lint and validate.
func TestYAMLEncodingErrorLine(t *testing.T) {
	dir := writeFiles(t, map[string]string{"bad.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  x: \"ok\"\n  y: \"\xff\xfe\"\n"})
	file := filepath.Join(dir, "bad.yaml")
	for _, cmd := range []string{"lint", "validate"} {
		_, stderr, status := runLintIn(t, "", cmd, file)
		if want := file + ":7: invalid leading UTF-8 octet"; status != exitError || !strings.Contains(stderr, want) {
			t.Errorf("%s of a bad byte on line 7 = %d, %q; want %q", cmd, status, stderr, want)
		}
	}
}

// TestRandomBytesNoTemplateHint: random bytes on standard input, which
// hold "{{" by chance, do not get the hint meant for a Helm template; a
// template still does, on standard input too.
func TestRandomBytesNoTemplateHint(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	b := make([]byte, 200_000)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	if !strings.Contains(string(b), "{{") {
		t.Fatal("the random bytes hold no {{: the test tests nothing")
	}
	for _, cmd := range []string{"lint", "validate"} {
		_, stderr, status := runLintIn(t, string(b), cmd, "-")
		if status != exitError || strings.Contains(stderr, "helm template") {
			t.Errorf("%s of random bytes = %d, %q; want %d without the template hint", cmd, status, stderr, exitError)
		}
		template := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  labels:\n    {{- include \"x.labels\" . | nindent 4 }}\n"
		if _, stderr, _ := runLintIn(t, template, cmd, "-"); !strings.Contains(stderr, "helm template CHART | kubeversion "+cmd+" -") {
			t.Errorf("%s of a template: %q, want the hint", cmd, stderr)
		}
	}
}
