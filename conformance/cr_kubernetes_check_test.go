package conformance

import (
	"encoding/json"
	"os"
	"slices"
	"testing"

	"github.com/kubeversion/kubeversion/internal/objectcases"
	"sigs.k8s.io/yaml"
)

// TestKubeCustomResource proves the cases of package objectcases, which
// package crd's tests hold it to: kubeCustomResource, the API server's own
// code, gives their answers.
func TestKubeCustomResource(t *testing.T) {
	crontab, err := os.ReadFile("../examples/crontab-crd.yaml")
	if err != nil {
		t.Fatal(err)
	}
	checkKubeCR(t, crontab, objectcases.CronTab)
	checkKubeCR(t, []byte(objectcases.WidgetCRD), objectcases.Widget)
}

// checkKubeCR runs each case through kubeCustomResource with the CRD crd
// (YAML or JSON) and reports every difference from the case's answer.
func checkKubeCR(t *testing.T, crd []byte, cases []objectcases.Case) {
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
