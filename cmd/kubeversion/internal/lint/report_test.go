package lint

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/server"
	"github.com/kubeversion/kubeversion/crd"
)

func TestVerdict(t *testing.T) {
	oneError := []server.Error{{Message: "x"}}
	for _, tt := range []struct {
		r    report
		want string
	}{
		{report{Operation: "create", Validated: true}, "valid on create"},
		{report{Operation: "update", Validated: true}, "valid on update"},
		{report{Operation: "create", Validated: true, NotChecked: []string{"a", "b"}},
			"no errors on create (not checked: a, b)"},
		{report{Operation: "create", Validated: true, Errors: oneError, NotChecked: []string{"a"}}, "1 error on create (not checked: a)"},
		{report{Operation: "create", Errors: append(oneError, oneError...)},
			"2 errors on create (not validated: the API server refuses it before validation)"},
	} {
		if got := tt.r.verdict(); got != tt.want {
			t.Errorf("verdict of %+v = %q, want %q", tt.r, got, tt.want)
		}
	}
}

// TestProbes checks the probes that tell what package crd checks: the base
// must be valid, or lint would claim nothing; and each probe must be
// decodable and broken in its area only as far as crd already says so.
func TestProbes(t *testing.T) {
	base, err := crd.Decode([]byte(probeBase))
	if err != nil {
		t.Fatalf("crd.Decode(probeBase): %v", err)
	}
	if errs := crd.ValidateCreate(base); len(errs) > 0 {
		t.Errorf("crd.ValidateCreate(probeBase) = %v, want no error", errs)
	}
	for _, a := range areas {
		if _, err := crd.Decode(mergePatch(probeBase, a.probe)); err != nil {
			t.Errorf("probe of %s: crd.Decode: %v", a.name, err)
		}
	}
	// Each area not checked is named once, for create and for update.
	create, update := notChecked(false), notChecked(true)
	seen := map[string]bool{}
	for _, name := range update {
		if seen[name] {
			t.Errorf("%q named twice", name)
		}
		seen[name] = true
	}
	for _, name := range create {
		if !seen[name] {
			t.Errorf("%q not checked on create, but checked on update", name)
		}
	}
}

func TestMergePatch(t *testing.T) {
	got := string(mergePatch(`{"a": {"b": 1, "c": 2}, "d": [1]}`, `{"a": {"b": 3}, "d": [2], "e": true}`))
	if want := `{"a":{"b":3,"c":2},"d":[2],"e":true}`; got != want {
		t.Errorf("mergePatch = %s, want %s", got, want)
	}
}

func TestAsApplied(t *testing.T) {
	live := &crd.CustomResourceDefinition{Metadata: crd.Metadata{Name: "a", ResourceVersion: "42", UID: "u", Generation: 3}}
	manifest := &crd.CustomResourceDefinition{Metadata: crd.Metadata{Name: "a"}}
	got := asApplied(manifest, live).Metadata
	if got.ResourceVersion != "42" || got.UID != "u" || got.Generation != 3 {
		t.Errorf("asApplied: metadata %+v, want the live resourceVersion, uid and generation", got)
	}
	if manifest.Metadata.ResourceVersion != "" {
		t.Errorf("asApplied changed the manifest: %+v", manifest.Metadata)
	}
	own := &crd.CustomResourceDefinition{Metadata: crd.Metadata{Name: "a", ResourceVersion: "7"}}
	if rv := asApplied(own, live).Metadata.ResourceVersion; rv != "7" {
		t.Errorf("asApplied: resourceVersion %q, want the manifest's 7", rv)
	}
	trimmed := &crd.CustomResourceDefinition{Metadata: crd.Metadata{Name: "a"}}
	if rv := asApplied(manifest, trimmed).Metadata.ResourceVersion; rv == "" {
		t.Errorf("asApplied against a live object without resourceVersion: none set")
	}
}

// TestErrorsShortOnBigSchema checks that an error whose value is the list
// of versions stays short when the schemas are large, as the API server
// keeps it: two storage versions sharing a schema of 2,000 properties
// (over 100 KB) give errors of a few hundred bytes.
func TestErrorsShortOnBigSchema(t *testing.T) {
	var b strings.Builder
	b.WriteString("apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: bigs.example.io}\n" +
		"spec:\n  group: example.io\n  names: {kind: Big, plural: bigs}\n  scope: Namespaced\n  versions:\n")
	for _, v := range []string{"v1", "v2"} {
		b.WriteString("  - name: " + v + "\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n")
		for i := range 2000 {
			fmt.Fprintf(&b, "          f%d: {type: string, description: a field of a big schema}\n", i)
		}
	}
	var l Result
	l.lintData("big.yaml", []byte(b.String()))
	if len(l.reports) != 1 || len(l.reports[0].Errors) == 0 {
		t.Fatalf("lint of a %d-byte CRD with two storage versions: %d reports, want 1 with errors", b.Len(), len(l.reports))
	}
	total := 0
	for _, e := range l.reports[0].Errors {
		total += len(e.Message)
	}
	if total > 2000 {
		t.Errorf("lint of a %d-byte CRD: %d errors of %d bytes in all, want at most 2000", b.Len(), len(l.reports[0].Errors), total)
	}
}
