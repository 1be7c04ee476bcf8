package main

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/format"
)

// warnedCRD is valid, and the API server warns of it: a format it does
// not know (lines 16 and 17: the server's answer says it once, and lint
// at the first in the order of names), a list of type set over objects
// (line 20).
const warnedCRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: gadgets.example.io}
spec:
  group: example.io
  names: {kind: Gadget, plural: gadgets}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          port: {type: string, format: port}
          otherPort: {type: string, format: port}
          ports:
            type: array
            x-kubernetes-list-type: set
            items: {type: object, x-kubernetes-map-type: atomic}
          size: {type: integer, format: int64}
`

const (
	warnFormat = `unrecognized format "port"`
	warnSet    = `x-kubernetes-list-type: set for items of type "object" is not supported by server-side apply or CEL validation rules`
)

// TestLintServerWarnings checks that lint reports the warnings the API
// server sends with a CRD it accepts, each once, at the line of its first
// field, in every output format; and on update only those the live object
// does not have already.
func TestLintServerWarnings(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"crd.yaml":  warnedCRD,
		"live.yaml": strings.Replace(warnedCRD, "          port: {type: string, format: port}\n", "          port: {type: string, format: port}\n          live: {type: string}\n", 1),
		"more.yaml": strings.Replace(warnedCRD, "format: int64", "format: port", 1),
	})
	file := filepath.Join(dir, "crd.yaml")

	out, errOut, status := runLintIn(t, "", "lint", file)
	if status != exitOK {
		t.Errorf("exit status %d, want %d: warnings are no error\n%s%s", status, exitOK, out, errOut)
	}
	for _, want := range []string{
		file + ":17: warning: spec.versions[0].schema.openAPIV3Schema.properties[otherPort].format: " + warnFormat + "\n",
		file + ":20: warning: spec.versions[0].schema.openAPIV3Schema.properties[ports].x-kubernetes-list-type: " + warnSet + "\n",
		"gadgets.example.io: valid on create",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text output lacks %q:\n%s", want, out)
		}
	}
	if n := strings.Count(out, warnFormat); n != 1 {
		t.Errorf("text output says %d times %s, want once, as the server does:\n%s", n, warnFormat, out)
	}
	if out, _, _ := runLintIn(t, "", "lint", "--quiet", file); strings.Contains(out, "warning") {
		t.Errorf("--quiet writes warnings:\n%s", out)
	}

	out, _, _ = runLintIn(t, "", "lint", "-o", "json", file)
	var doc struct {
		CRDs []struct {
			ServerWarnings []struct {
				Line           int
				Field, Message string
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(doc.CRDs) != 1 || len(doc.CRDs[0].ServerWarnings) != 2 ||
		doc.CRDs[0].ServerWarnings[0].Line != 17 || doc.CRDs[0].ServerWarnings[0].Message != warnFormat ||
		doc.CRDs[0].ServerWarnings[1].Line != 20 || doc.CRDs[0].ServerWarnings[1].Message != warnSet {
		t.Errorf("-o json: %+v, want the two warnings at lines 17 and 20", doc.CRDs)
	}

	out, _, _ = runLintIn(t, "", "lint", "-o", "github", file)
	if want := "::warning file=" + file + ",line=17,title=gadgets.example.io [api-server-warning]::spec.versions[0].schema.openAPIV3Schema.properties[otherPort].format: " + warnFormat + "\n"; !strings.Contains(out, want) {
		t.Errorf("-o github lacks %q:\n%s", want, out)
	}

	out, _, _ = runLintIn(t, "", "lint", "-o", "markdown", file)
	if want := " **warning** `spec.versions[0].schema.openAPIV3Schema.properties[ports].x-kubernetes-list-type`: x\\-kubernetes\\-list\\-type: set for items of type \"object\""; !strings.Contains(out, want) {
		t.Errorf("-o markdown lacks %q:\n%s", want, out)
	}

	out, _, _ = runLintIn(t, "", "lint", "-o", "sarif", file)
	var log format.SARIFLog
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var lines []int
	for _, res := range log.Runs[0].Results {
		if res.RuleID == "api-server-warning" && res.Level == "warning" && len(res.Locations) == 1 {
			lines = append(lines, res.Locations[0].PhysicalLocation.Region.StartLine)
		}
	}
	if !slices.Equal(lines, []int{17, 20}) {
		t.Errorf("-o sarif: api-server-warning results at lines %v, want [17 20]\n%s", lines, out)
	}

	// On update, the server warns only of what the live object lacks: of
	// nothing when it has both, of the list type when it has the format.
	out, _, _ = runLintIn(t, "", "lint", "--old", filepath.Join(dir, "live.yaml"), file)
	if strings.Contains(out, warnFormat) || strings.Contains(out, warnSet) || !strings.Contains(out, "on update") {
		t.Errorf("update from a live object with the same warnings:\n%s", out)
	}
	out, _, _ = runLintIn(t, "", "lint", "--old", filepath.Join(dir, "live.yaml"), filepath.Join(dir, "more.yaml"))
	if strings.Contains(out, warnFormat) || strings.Contains(out, warnSet) {
		t.Errorf("update that adds a format the live object has elsewhere:\n%s", out)
	}
	noSet := strings.Replace(warnedCRD, "x-kubernetes-list-type: set", "x-kubernetes-list-type: atomic", 1)
	dir2 := writeFiles(t, map[string]string{"live.yaml": noSet})
	out, _, _ = runLintIn(t, "", "lint", "--old", filepath.Join(dir2, "live.yaml"), file)
	if strings.Contains(out, warnFormat) || !strings.Contains(out, warnSet) {
		t.Errorf("update that adds a list of type set: want its warning alone:\n%s", out)
	}
}
