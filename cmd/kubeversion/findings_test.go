package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestFindingsGroupedIstio lints Istio 1.31.1's CRDs as an update of
// 1.22.0's, whose three versions share a schema: every finding is listed
// once, with the versions it holds for.
func TestFindingsGroupedIstio(t *testing.T) {
	file := func(v string) string {
		return filepath.Join(moduleDir(t, "istio.io/api@"+v), "kubernetes", "customresourcedefinitions.gen.yaml")
	}
	out, _, _ := lintAll(t, "-o", "json", "--old", file("v1.22.0"), file("v1.31.1"))
	var doc struct {
		CRDs []struct {
			Name     string        `json:"name"`
			Findings []jsonFinding `json:"findings"`
		} `json:"crds"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	grouped, total := 0, 0
	for _, r := range doc.CRDs {
		seen := map[string]bool{}
		for _, f := range r.Findings {
			total++
			k := f.Check + "\x00" + f.Message + "\x00" + anyVersion(f.Field)
			if seen[k] {
				t.Errorf("%s: listed twice: %s", r.Name, f)
			}
			seen[k] = true
			if len(f.Versions) > 1 {
				grouped++
				if f.Versions[0] != f.Version || !strings.HasSuffix(f.Message, "versions: "+strings.Join(f.Versions, ", ")+")") {
					t.Errorf("%s: %+v", r.Name, f)
				}
			}
		}
	}
	if grouped == 0 || total == 0 {
		t.Errorf("%d findings listed, %d of several versions; want some", total, grouped)
	}
	t.Logf("%d findings listed, %d of them for several versions", total, grouped)
}

// TestFindingsWithMetadataErrors checks that the upgrade checks run when
// the server's errors are all in metadata (a label a Helm template left
// unrendered), saying so, and not when the spec has one.
func TestFindingsWithMetadataErrors(t *testing.T) {
	crd := func(label, served string) string {
		return `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: gadgets.example.com
  labels: {version: "` + label + `"}
spec:
  group: example.com
  scope: Namespaced
  names: {plural: gadgets, kind: Gadget}
  versions:
  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {a: {type: integer}}}}}}}
  - {name: v1beta1, served: ` + served + `, storage: false, schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {a: {type: string}}}}}}}
`
	}
	for _, tt := range []struct {
		label, served, verdict string
	}{
		{"{{ .Chart.Version }}", "true", "1 error on create; upgrade, checked as the errors are in metadata only: 1 warning"},
		{"1.0", "true", "valid on create; upgrade: 1 warning"},
		{"{{ .Chart.Version }}", "yes-please", ""}, // not decoded
	} {
		file := filepath.Join(t.TempDir(), "crd.yaml")
		if err := os.WriteFile(file, []byte(crd(tt.label, tt.served)), 0o644); err != nil {
			t.Fatal(err)
		}
		out, _, _ := lintAll(t, file)
		switch {
		case tt.verdict != "" && !strings.Contains(out, "gadgets.example.com: "+tt.verdict+"\n"):
			t.Errorf("label %q: want the verdict %q:\n%s", tt.label, tt.verdict, out)
		case tt.verdict == "" && strings.Contains(out, "[type-changed]"):
			t.Errorf("a CRD that could not be decoded was checked for its upgrade:\n%s", out)
		}
	}
}

// TestLintQuiet checks that --quiet prints the errors and nothing else.
func TestLintQuiet(t *testing.T) {
	dir := filepath.Join(moduleDir(t, "sigs.k8s.io/cluster-api@v1.8.0"), "config", "crd")
	out, _, status := lintAll(t, dir)
	quiet, _, quietStatus := lintAll(t, "--quiet", dir)
	var errs []string
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if strings.Contains(l, ": error: ") {
			errs = append(errs, l)
		}
	}
	if len(errs) == 0 || quiet != strings.Join(errs, "\n")+"\n" || quietStatus != status {
		t.Errorf("--quiet: status %d (without: %d), output\n%s\nwant the error lines of\n%s", quietStatus, status, quiet, out)
	}
}

// jsonFinding is what TestFindingsGroupedIstio reads of a finding of -o
// json.
type jsonFinding struct {
	Check    string   `json:"check"`
	Field    string   `json:"field"`
	Version  string   `json:"version"`
	Versions []string `json:"versions"`
	Message  string   `json:"message"`
}

func (f jsonFinding) String() string { return fmt.Sprintf("[%s] %s: %s", f.Check, f.Field, f.Message) }

// anyVersion returns field with the index of spec.versions[i] written
// spec.versions[*], as the engine's grouping does.
func anyVersion(field string) string {
	return versionIndex.ReplaceAllLiteralString(field, "spec.versions[*]")
}

var versionIndex = regexp.MustCompile(`^spec\.versions\[[^\]]*\]`)
