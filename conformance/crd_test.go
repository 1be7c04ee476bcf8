package conformance

import (
	"flag"
	"math/rand/v2"
	"slices"
	"testing"
)

var crdCases = flag.Int("crdcases", 100_000, "number of generated create and update cases TestCRDDifferential runs (a tenth under -short)")

// TestCRDDifferential runs generated CRDs through the real API server code
// and through package crd, on create and on update, and compares the
// errors as multisets of (type, field, detail).
func TestCRDDifferential(t *testing.T) {
	n := *crdCases
	if testing.Short() {
		n /= 10
	}
	r := rand.New(rand.NewPCG(uint64(n), 11))
	creates, updates, withErrors, mismatches := 0, 0, 0, 0
	for i := range n {
		var manifest, old []byte
		if i%2 == 0 {
			manifest = randomCRD(r)
			creates++
		} else {
			old = randomCRD(r)
			manifest = evolve(r, old)
			updates++
		}
		want, got, err := diffCase(manifest, old)
		if err != nil {
			t.Fatalf("case %d: %v\nmanifest: %s\nold: %s", i, err, manifest, old)
		}
		if len(want) > 0 {
			withErrors++
		}
		if !slices.Equal(want, got) {
			mismatches++
			if mismatches <= 10 {
				t.Errorf("case %d mismatch\nmanifest: %s\nold: %s\nkubernetes: %q\ncrd:        %q", i, manifest, old, want, got)
			}
		}
	}
	t.Logf("ran %d cases (%d create, %d update), %d with errors, %d mismatches", n, creates, updates, withErrors, mismatches)
}

// diffCase returns the sorted errors of Kubernetes and of package crd for
// creating manifest (old == nil) or replacing old by it.
func diffCase(manifest, old []byte) (want, got []string, err error) {
	if old == nil {
		want, err = kubernetesCreate(manifest)
		if err == nil {
			got, err = oursCreate(manifest)
		}
	} else {
		want, err = kubernetesUpdate(manifest, old)
		if err == nil {
			got, err = oursUpdate(manifest, old)
		}
	}
	slices.Sort(want)
	slices.Sort(got)
	return want, got, err
}

// FuzzCRDDifferential compares package crd with the API server on the
// manifests the fuzzer makes, from seeds made by the generator: on create
// when old is empty, else on update.
func FuzzCRDDifferential(f *testing.F) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		old := randomCRD(r)
		f.Add(randomCRD(r), []byte(nil))
		f.Add(evolve(r, old), old)
	}
	f.Fuzz(func(t *testing.T, manifest, old []byte) {
		if len(old) == 0 {
			old = nil
		}
		want, got, err := diffCase(manifest, old)
		if err != nil {
			t.Skip("not a v1 CustomResourceDefinition:", err)
		}
		if !slices.Equal(want, got) {
			t.Errorf("mismatch\nmanifest: %s\nold: %s\nkubernetes: %q\ncrd:        %q", manifest, old, want, got)
		}
	})
}
