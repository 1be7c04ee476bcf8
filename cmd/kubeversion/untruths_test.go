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

// TestValidateUnconvertibleLive: a live object of --old that validate
// cannot bring to the version of the update (it is of another version,
// and the CRD converts by webhook) leaves the object not checked, not
// invalid: nothing is known of it.
func TestValidateUnconvertibleLive(t *testing.T) {
	crd := `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: gadgets.example.io}
spec:
  group: example.io
  names: {kind: Gadget, plural: gadgets}
  scope: Namespaced
  conversion:
    strategy: Webhook
    webhook:
      conversionReviewVersions: [v1]
      clientConfig: {url: "https://127.0.0.1:1/convert"}
  versions:
  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}
  - {name: v2, served: true, storage: false, schema: {openAPIV3Schema: {type: object}}}
`
	dir := writeFiles(t, map[string]string{
		"crd.yaml":  crd,
		"live.yaml": "apiVersion: example.io/v1\nkind: Gadget\nmetadata: {name: g, namespace: default, uid: u, resourceVersion: \"1\"}\n",
		"new.yaml":  "apiVersion: example.io/v2\nkind: Gadget\nmetadata: {name: g, namespace: default}\n",
	})
	stdout, stderr, status := runLintIn(t, "", "validate", "--crd", filepath.Join(dir, "crd.yaml"), "--old", filepath.Join(dir, "live.yaml"), filepath.Join(dir, "new.yaml"))
	if status != exitInvalid || strings.Contains(stdout, "): invalid") || !strings.Contains(stdout, "): not checked: --old: ") ||
		!strings.Contains(stdout, "converting it to v2 needs the CRD's conversion webhook") {
		t.Errorf("validate with an unconvertible live object = %d\nstdout:\n%s\nstderr:\n%s", status, stdout, stderr)
	}
}
