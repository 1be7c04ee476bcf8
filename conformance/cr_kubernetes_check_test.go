package conformance

import (
	"bytes"
	"encoding/json"
	"os"
	"slices"
	"testing"

	"sigs.k8s.io/yaml"
)

// objectCases is where the objects with the API server's answers are
// (see its README.md), which package crd's tests hold it to.
const objectCases = "../crd/testdata/objects/"

// TestKubeCustomResource proves the cases of crd/testdata/objects, which
// package crd's tests hold it to: kubeCustomResource, the API server's own
// code, gives their answers.
func TestKubeCustomResource(t *testing.T) {
	checkKubeCR(t, mustRead(t, "../examples/crontab-crd.yaml"), readObjectCases(t, objectCases+"crontab-cases.json"))
	checkKubeCR(t, mustRead(t, objectCases+"widget-crd.yaml"), readObjectCases(t, objectCases+"widget-cases.json"))
}

// objectCase is an object with the API server's answer, as
// crd/testdata/objects/README.md describes it.
type objectCase struct {
	Name, Obj, Old string
	Errors, Strict []string
	Unordered      int
	Stored         string
	Warnings       []string
	Rules          int
	CEL            bool
}

// readObjectCases reads a file of cases of crd/testdata/objects, strictly.
func readObjectCases(t testing.TB, path string) []objectCase {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(mustRead(t, path)))
	dec.DisallowUnknownFields()
	var cases []objectCase
	if err := dec.Decode(&cases); err != nil || len(cases) == 0 {
		t.Fatalf("%s: %d cases, %v", path, len(cases), err)
	}
	return cases
}

// mustRead returns the file at path.
func mustRead(t testing.TB, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// checkKubeCR runs each case through kubeCustomResource with the CRD crd
// (YAML or JSON) and reports every difference from the case's answer.
func checkKubeCR(t *testing.T, crd []byte, cases []objectCase) {
	t.Helper()
	crdJSON, err := yaml.YAMLToJSON(crd)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		var old []byte
		if c.Old != "" {
			old = []byte(c.Old)
		}
		got, err := kubeCustomResource(crdJSON, []byte(c.Obj), old)
		if err != nil {
			t.Errorf("%s: kubeCustomResource: %v", c.Name, err)
			continue
		}
		stored := ""
		if got.Stored != nil {
			b, err := json.Marshal(got.Stored)
			if err != nil {
				t.Fatal(err)
			}
			stored = string(b)
		}
		gotErrors := slices.Clone(got.Errors)
		if len(gotErrors) >= c.Unordered {
			slices.Sort(gotErrors[:c.Unordered])
		}
		if !slices.Equal(gotErrors, c.Errors) {
			t.Errorf("%s: Errors = %q, want %q", c.Name, got.Errors, c.Errors)
		}
		if !slices.Equal(got.Strict, c.Strict) {
			t.Errorf("%s: Strict = %q, want %q", c.Name, got.Strict, c.Strict)
		}
		if stored != c.Stored {
			t.Errorf("%s: Stored = %s, want %s", c.Name, stored, c.Stored)
		}
		if !slices.Equal(got.Warnings, c.Warnings) {
			t.Errorf("%s: Warnings = %q, want %q", c.Name, got.Warnings, c.Warnings)
		}
	}
}
