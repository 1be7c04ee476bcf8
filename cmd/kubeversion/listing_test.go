package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/server"
)

// nestedCRD returns a CRD whose schema nests depth untyped properties: an
// error at each, whose field path grows with its depth.
func nestedCRD(depth int) string {
	return crdWithProperties(1, strings.Repeat("{properties: {a: ", depth)+"{}"+strings.Repeat("}}", depth))
}

// TestLintErrorOutputBounded fails when lint lists every error of a CRD,
// or lists a field path or a message of any length: 4,990 nested untyped
// properties printed 175 MB of errors, 2.6 GB as JSON. The verdict must
// still count every error, and the output say how many are not listed and
// where a string was cut.
func TestLintErrorOutputBounded(t *testing.T) {
	const depth = 400 // paths of 5,600 bytes at the deepest
	file := writeTemp(t, "crd.yaml", nestedCRD(depth))
	var out, errOut bytes.Buffer
	if status := run(&env{strings.NewReader(""), &out, &errOut}, []string{"lint", file}); status != exitInvalid {
		t.Errorf("lint: exit status %d, want %d", status, exitInvalid)
	}
	text := out.String()
	for _, want := range []string{
		fmt.Sprintf("%d errors on create", depth+1),
		fmt.Sprintf("%d more errors not listed: lint lists the first %d of a CRD", depth+1-server.MaxListed, server.MaxListed),
		"bytes cut] ... ",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("lint printed no %q", want)
		}
	}
	if lines := strings.Count(text, "\n"); lines > server.MaxListed+10 {
		t.Errorf("lint printed %d lines, want at most %d", lines, server.MaxListed+10)
	}
	if len(text) > server.MaxListed*(server.MaxListedBytes+200) {
		t.Errorf("lint printed %d bytes, want at most %d", len(text), server.MaxListed*(server.MaxListedBytes+200))
	}

	out.Reset()
	run(&env{strings.NewReader(""), &out, &errOut}, []string{"lint", "-o", "json", file})
	var doc struct {
		CRDs []struct {
			Verdict         string
			Errors          []server.Error
			ErrorsNotListed int
		}
	}
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil || len(doc.CRDs) != 1 {
		t.Fatalf("lint -o json: %v, %d CRDs", err, len(doc.CRDs))
	}
	crd := doc.CRDs[0]
	if len(crd.Errors) != server.MaxListed || crd.ErrorsNotListed != depth+1-server.MaxListed {
		t.Errorf("lint -o json listed %d errors, %d not, want %d and %d", len(crd.Errors), crd.ErrorsNotListed, server.MaxListed, depth+1-server.MaxListed)
	}
	if !crd.Errors[0].Truncated || len(crd.Errors[0].Field) > server.MaxListedBytes+100 {
		t.Errorf("lint -o json: the deepest error's field has %d bytes, truncated %v; want it cut", len(crd.Errors[0].Field), crd.Errors[0].Truncated)
	}
}

// TestLintFindingOutputBounded fails when lint lists every finding of a
// CRD, or when the verdict counts only those listed.
func TestLintFindingOutputBounded(t *testing.T) {
	const n = server.MaxListed + 50
	old := writeTemp(t, "old.yaml", crdWithProperties(n, "{type: string}"))
	file := writeTemp(t, "crd.yaml", crdWithProperties(n, "{type: integer}"))
	var out, errOut bytes.Buffer
	run(&env{strings.NewReader(""), &out, &errOut}, []string{"lint", "-o", "github", "--old", old, file})
	text := out.String()
	if got := strings.Count(text, "[type-changed]"); got != server.MaxListed {
		t.Errorf("lint -o github listed %d findings, want %d", got, server.MaxListed)
	}
	for _, want := range []string{"::error file=", fmt.Sprintf("50 more findings not listed: lint lists the first %d of a CRD", server.MaxListed), fmt.Sprintf("upgrade: %d errors", n)} {
		if !strings.Contains(text, want) {
			t.Errorf("lint -o github printed no %q:\n%s", want, text)
		}
	}
}

// TestCutListsOutputs checks that the text output cuts a long list that
// JSON gives whole: the 40 fields of the storage version that strategy
// None drops from objects written through another version.
func TestCutListsOutputs(t *testing.T) {
	var props, fields []string
	for i := range 40 {
		props = append(props, fmt.Sprintf("f%02d: {type: string}", i))
		fields = append(fields, fmt.Sprintf("spec.f%02d", i))
	}
	file := writeTemp(t, "crd.yaml", `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  scope: Namespaced
  names: {plural: widgets, kind: Widget}
  versions:
  - name: v1
    served: true
    storage: true
    schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {`+strings.Join(props, ", ")+`}}}}}
  - name: v1beta1
    served: true
    storage: false
    schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object}}}}
`)
	text, _, _ := runLintIn(t, "", "lint", file)
	js, _, _ := runLintIn(t, "", "lint", "-o", "json", file)
	whole := strings.Join(fields, ", ")
	if !strings.Contains(text, strings.Join(fields[:10], ", ")+", and 30 more") || strings.Contains(text, whole) {
		t.Errorf("text output does not cut the list of 40 fields:\n%s", text)
	}
	if !strings.Contains(js, whole) {
		t.Errorf("JSON output does not list the 40 fields whole:\n%s", js)
	}
}
