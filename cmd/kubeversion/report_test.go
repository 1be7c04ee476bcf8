package main

import (
	"testing"

	"github.com/kubeversion/kubeversion/crd"
)

func TestVerdict(t *testing.T) {
	oneError := []lintError{{Message: "x"}}
	for _, tt := range []struct {
		r    report
		want string
	}{
		{report{Operation: "create", Validated: true}, "valid on create"},
		{report{Operation: "update", Validated: true, CELRulesNotCompiled: 2}, "valid on update (2 CEL rules not compiled)"},
		{report{Operation: "create", Validated: true, CELRulesNotCompiled: 1, NotChecked: []string{"a", "b"}},
			"no errors on create (not checked: a, b; 1 CEL rule not compiled)"},
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
