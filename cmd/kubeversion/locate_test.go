package main

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inputs"
)

// TestLocatorMatchesLocate checks that a locator, which indexes large
// mappings and sequences, finds the lines that locate's scans find: the
// first of duplicate keys, the first item that has a key, a missing field
// at its parent.
func TestLocatorMatchesLocate(t *testing.T) {
	var b strings.Builder
	b.WriteString("apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nspec:\n  versions:\n")
	for i := range 2 * inputs.Indexed {
		fmt.Fprintf(&b, "  - {name: v%d}\n", i)
	}
	b.WriteString("  - {name: late, schema: {x: 1}}\n  - {schema: {x: 2}}\n  names:\n")
	for i := range 2 * inputs.Indexed {
		fmt.Fprintf(&b, "    k%d: %d\n", i, i)
	}
	b.WriteString("    k3: again\n")
	objects, p := inputs.ReadObjects("f", []byte(b.String()))
	if p != nil || len(objects) != 1 {
		t.Fatalf("readObjects = %v, %v", objects, p)
	}
	o := objects[0]
	loc := inputs.NewLocator(o)
	for _, path := range []string{
		"spec.names.k3", "spec.names.k0", "spec.names.k63", "spec.names.missing", "spec.names.k3.deeper",
		"spec.versions.schema", "spec.versions.schema.x", "spec.versions.name", "spec.versions.missing",
		"spec.versions[65].schema", "spec.versions[70]", "spec.validation.openAPIV3Schema", "spec", "",
	} {
		// Twice: once to build the indices, once to use them.
		for range 2 {
			if got, want := loc.Line(path), inputs.Locate(o, path); got != want {
				t.Errorf("locator.line(%q) = %d, locate = %d", path, got, want)
			}
		}
	}
}

// TestLocatorLinear fails when locating every key of a mapping costs more
// than linear time, as it did when each locate scanned the keys: the
// errors of a schema of 100,000 untyped properties took 27 s to locate.
// Ten times the keys took 120 times as long then; it takes 10 to 17 times
// as long now, the more when the larger mapping and its index no longer
// fit the processor's caches, so the limit is twice lint's.
func TestLocatorLinear(t *testing.T) {
	const n = 1000
	small, large := keysObject(t, n), keysObject(t, 10*n)
	tSmall := fastestOf(func() { locateAll(small, n) }, 50) / 50
	tLarge := fastestOf(func() { locateAll(large, 10*n) }, 5) / 5
	growth := float64(tLarge) / float64(tSmall)
	t.Logf("n=%d: %v, 10n: %v, growth %.1f", n, tSmall, tLarge, growth)
	if growth > 2*maxGrowth {
		t.Errorf("locating 10x the keys took %.1f times as long (%v, then %v), want at most %d", growth, tSmall, tLarge, 2*maxGrowth)
	}
}

// keysObject returns an object whose spec has n keys of one length, with
// a long common prefix, so that comparing two costs what it can.
func keysObject(t *testing.T, n int) inputs.Object {
	var b strings.Builder
	b.WriteString("kind: CustomResourceDefinition\nspec:\n")
	for i := range n {
		fmt.Fprintf(&b, "  property_of_a_long_and_generated_name_%08d: 1\n", i)
	}
	objects, p := inputs.ReadObjects("f", []byte(b.String()))
	if p != nil || len(objects) != 1 || objects[0].Node == nil {
		t.Fatalf("readObjects = %v, %v", objects, p)
	}
	return objects[0]
}

func locateAll(o inputs.Object, n int) {
	loc := inputs.NewLocator(o)
	for i := range n {
		loc.Line(fmt.Sprintf("spec[property_of_a_long_and_generated_name_%08d]", i))
	}
}

// fastestOf returns the shortest CPU time of a few rounds of runs of f.
func fastestOf(f func(), runs int) time.Duration {
	best := time.Duration(1<<63 - 1)
	for range 3 {
		runtime.GC()
		start := cpuTime()
		for range runs {
			f()
		}
		best = min(best, cpuTime()-start)
	}
	return best
}
