package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/format"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// sarifSchema compiles the SARIF 2.1.0 schema of testdata/sarif.
func sarifSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "sarif", "sarif-schema-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	const url = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(url)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSARIFSchema lints inputs that give every kind of result of -o
// sarif (errors and warnings of the server, upgrade findings, requirement notes,
// deprecation warnings, crd-removed, input problems, standard input, a
// kustomize build, an accepted finding) and validates each log against
// the SARIF 2.1.0 schema; then checks what the schema cannot: that each
// result names a rule of the run by id and index, and that a finding is
// at its file and line.
func TestSARIFSchema(t *testing.T) {
	schema := sarifSchema(t)
	dir := writeFiles(t, map[string]string{
		"live.yaml":   example(t, "gadgets-live.yaml") + "---\n" + strings.ReplaceAll(example(t, "gadgets-live.yaml"), "gadgets", "gizmos"),
		"new.yaml":    example(t, "gadgets-v1.yaml"),
		"bad.yaml":    strings.Replace(example(t, "gadgets-v1.yaml"), "name: gadgets.example.io", "name: gadgets.example.io\n  labels: {\"{{ .Chart }}\": x}", 1),
		"broken.yaml": "kind: [",
		"cel.yaml":    deprecatedIPCRD,
		"warned.yaml": warnedCRD,
	})
	kdir := writeFiles(t, map[string]string{
		"kustomization.yaml": "resources: [crd.yaml]\n",
		"crd.yaml":           example(t, "gadgets-v1.yaml"),
	})
	baselineFile := filepath.Join(t.TempDir(), "baseline.json")
	runLintIn(t, "", "lint", "--old", filepath.Join(dir, "live.yaml"), "--write-baseline", baselineFile, filepath.Join(dir, "new.yaml"))
	cases := [][]string{
		{"lint", "--old", filepath.Join(dir, "live.yaml"), filepath.Join(dir, "new.yaml")},
		{"lint", "--old", filepath.Join(dir, "live.yaml"), "--baseline", baselineFile, filepath.Join(dir, "new.yaml")},
		{"lint", filepath.Join(dir, "bad.yaml"), filepath.Join(dir, "cel.yaml"), filepath.Join(dir, "warned.yaml")},
		{"lint", filepath.Join(dir, "broken.yaml"), filepath.Join(dir, "new.yaml")},
		{"lint", "-"},
		{"lint", kdir},
		{"lint", "--allow-empty", t.TempDir()},
	}
	kinds := map[string]bool{}
	for _, args := range cases {
		args = append(args[:1:1], append([]string{"-o", "sarif"}, args[1:]...)...)
		out, errOut, _ := runLintIn(t, example(t, "gadgets-v1.yaml"), args...)
		doc, err := jsonschema.UnmarshalJSON(strings.NewReader(out))
		if err != nil {
			t.Fatalf("%q: %v\n%s%s", args, err, out, errOut)
		}
		if err := schema.Validate(doc); err != nil {
			t.Errorf("%q: not valid SARIF 2.1.0: %v", args, err)
		}
		var log format.SARIFLog
		if err := json.Unmarshal([]byte(out), &log); err != nil {
			t.Fatal(err)
		}
		run := log.Runs[0]
		for _, res := range run.Results {
			kinds[res.RuleID] = true
			if i := res.RuleIndex; i < 0 || i >= len(run.Tool.Driver.Rules) || run.Tool.Driver.Rules[i].ID != res.RuleID {
				t.Errorf("%q: result of %s has ruleIndex %d, not its rule", args, res.RuleID, i)
			}
			if len(res.Suppressions) > 0 != slices.Contains(args, "--baseline") {
				t.Errorf("%q: result of %s has suppressions %v", args, res.RuleID, res.Suppressions)
			}
		}
	}
	for _, k := range []string{"api-server-error", "api-server-warning", "needs-kubernetes", "deprecated-version", format.RuleInput, "field-removed", "crd-removed"} {
		if !kinds[k] {
			t.Errorf("no result of %s in any log: the test does not cover it", k)
		}
	}
}

// TestSARIFLocations checks where results are: a finding at its file and
// line, a kustomize build at its directory with the line in the message,
// standard input nowhere.
func TestSARIFLocations(t *testing.T) {
	dir := writeFiles(t, map[string]string{"live.yaml": example(t, "gadgets-live.yaml"), "new file.yaml": example(t, "gadgets-v1.yaml")})
	kdir := writeFiles(t, map[string]string{"kustomization.yaml": "resources: [crd.yaml]\n", "crd.yaml": example(t, "gadgets-v1.yaml")})
	results := func(stdin string, args ...string) []format.SARIFResult {
		out, errOut, _ := runLintIn(t, stdin, append([]string{"lint", "-o", "sarif", "--old", filepath.Join(dir, "live.yaml")}, args...)...)
		var log format.SARIFLog
		if err := json.Unmarshal([]byte(out), &log); err != nil {
			t.Fatalf("%v: %s%s", err, out, errOut)
		}
		return log.Runs[0].Results
	}
	var text []string
	out, _, _ := runLintIn(t, "", "lint", "--old", filepath.Join(dir, "live.yaml"), filepath.Join(dir, "new file.yaml"))
	for _, f := range strings.Split(out, "\n") {
		if strings.Contains(f, "[field-removed]") {
			text = append(text, f)
		}
	}
	if len(text) != 1 {
		t.Fatalf("want one field-removed finding in the text output, got %q", text)
	}
	_, rest, _ := strings.Cut(text[0], ".yaml:")
	line, _, _ := strings.Cut(rest, ":")
	var found bool
	for _, res := range results("", filepath.Join(dir, "new file.yaml")) {
		if res.RuleID != "field-removed" {
			continue
		}
		found = true
		loc := res.Locations[0].PhysicalLocation
		wantURI := "file://" + strings.ReplaceAll(filepath.ToSlash(filepath.Join(dir, "new file.yaml")), " ", "%20")
		if loc.ArtifactLocation.URI != wantURI || loc.Region == nil || strconv.Itoa(loc.Region.StartLine) != line {
			t.Errorf("field-removed at %+v %+v, want %s line %s", loc.ArtifactLocation, loc.Region, wantURI, line)
		}
	}
	if !found {
		t.Error("no field-removed result")
	}
	for _, res := range results("", kdir) {
		loc := res.Locations[0].PhysicalLocation
		if !strings.HasSuffix(loc.ArtifactLocation.URI, filepath.Base(kdir)) || loc.Region != nil || !strings.Contains(res.Message.Text, " of kustomize build ") {
			t.Errorf("kustomize result at %+v %+v: %s", loc.ArtifactLocation, loc.Region, res.Message.Text)
		}
	}
	for _, res := range results(example(t, "gadgets-v1.yaml"), "-") {
		if len(res.Locations) != 0 {
			t.Errorf("standard input's result has locations %+v", res.Locations)
		}
	}
}

// TestSARIFFingerprints checks that a result's fingerprint does not change
// when its finding moves down its file, and differs between findings.
func TestSARIFFingerprints(t *testing.T) {
	dir := writeFiles(t, map[string]string{"live.yaml": example(t, "gadgets-live.yaml"), "a.yaml": example(t, "gadgets-v1.yaml"), "b.yaml": "# a comment\n\n" + example(t, "gadgets-v1.yaml")})
	prints := func(file string) (map[string]int, []string) {
		out, _, _ := runLintIn(t, "", "lint", "-o", "sarif", "--old", filepath.Join(dir, "live.yaml"), filepath.Join(dir, file))
		var log format.SARIFLog
		if err := json.Unmarshal([]byte(out), &log); err != nil {
			t.Fatal(err)
		}
		lines := map[string]int{}
		var order []string
		for _, res := range log.Runs[0].Results {
			fp := res.PartialFingerprints["kubeversion/v1"]
			if _, dup := lines[fp]; dup {
				t.Errorf("%s: two results with fingerprint %s", file, fp)
			}
			lines[fp] = res.Locations[0].PhysicalLocation.Region.StartLine
			order = append(order, fp)
		}
		return lines, order
	}
	a, orderA := prints("a.yaml")
	b, orderB := prints("b.yaml")
	if len(orderA) < 3 || strings.Join(orderA, " ") != strings.Join(orderB, " ") {
		t.Fatalf("fingerprints differ after moving the findings:\n%v\n%v", orderA, orderB)
	}
	for fp, line := range a {
		if b[fp] != line+2 {
			t.Errorf("result %s at line %d, then %d: want it two lines down", fp, line, b[fp])
		}
	}
}

// example returns the text of the file name of the repository's examples.
func example(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "examples", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// deprecatedIPCRD serves a deprecated version, and has a CEL rule that
// needs Kubernetes 1.31 (isIP).
const deprecatedIPCRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: hosts.example.com}
spec:
  group: example.com
  scope: Namespaced
  names: {plural: hosts, singular: host, kind: Host, listKind: HostList}
  versions:
  - name: v1
    served: true
    storage: true
    deprecated: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          address:
            type: string
            maxLength: 64
            x-kubernetes-validations:
            - rule: isIP(self)
`
