package main

import (
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// The scaling tests fail when lint's time on ten times the input grows
// more than maxGrowth times, as it did when each error's line was found by
// scanning the keys of its mapping: 27 s for a schema of 100,000 untyped
// properties. Each time is the CPU time of the process, the shortest of a
// few runs, so that work elsewhere on a shared machine, or a collection of
// the garbage of an earlier run, does not count; the sizes keep the test to
// a few seconds under -race. Sorting the names of a schema's properties
// (n log n) makes the growth about 13 for 2,000 and 20,000 properties
// (11 to 15 measured, before and after CEL rules were judged); a scan per
// error, quadratic, makes it about 100.
const maxGrowth = 20

func TestLintScalesWithPropertiesPerSchema(t *testing.T) {
	// Untyped properties: one error each. Keys of one length with a long
	// common prefix make each comparison of a scan cost what it can.
	checkGrowth(t, 2000, 250, func(n int) []string {
		return []string{"lint", writeTemp(t, "crd.yaml", crdWithProperties(n, "{}"))}
	})
}

func TestLintScalesWithErrorsPerSchema(t *testing.T) {
	checkGrowth(t, 2000, 250, func(n int) []string {
		return []string{"lint", writeTemp(t, "crd.yaml", crdWithProperties(n, "{type: string, default: 1}"))}
	})
}

func TestLintScalesWithFindings(t *testing.T) {
	// Every property gains four constraints: four findings each.
	checkGrowth(t, 1000, 125, func(n int) []string {
		old := writeTemp(t, "old.yaml", crdWithProperties(n, "{type: string}"))
		return []string{"lint", "--old", old, writeTemp(t, "crd.yaml", crdWithProperties(n, "{type: string, enum: [a], pattern: a, maxLength: 1, minLength: 1}"))}
	})
}

func TestLintScalesWithDocumentsPerFile(t *testing.T) {
	// As many under -race: fewer would time its fixed costs.
	checkGrowth(t, 40, 40, func(n int) []string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "---\n%s", crdNamed(fmt.Sprintf("w%d", i), propertyLines(3, "{}")))
		}
		return []string{"lint", writeTemp(t, "crds.yaml", b.String())}
	})
}

// checkGrowth runs lint with the arguments that args returns for n (nRace
// under -race), ten times, and for 10n, once, and fails when the run on
// 10n takes more than maxGrowth times as long as one on n. Ten runs of the
// small input are timed together, as a clock that counts CPU time in
// ticks of a few milliseconds cannot time one. The two are timed in
// pairs, three times, and the smallest growth counts: a machine that gets
// busier between the two timings of a pair (other test binaries of go
// test ./... run beside this one) makes one pair grow, not three.
func checkGrowth(t *testing.T, n, nRace int, args func(n int) []string) {
	t.Helper()
	if raceEnabled {
		n = nRace
	}
	small, large := args(n), args(10*n)
	growth := math.Inf(1)
	var tSmall, tLarge time.Duration
	for range 3 {
		s, l := timeLint(small, 10)/10, timeLint(large, 1)
		if g := float64(l) / float64(s); g < growth {
			growth, tSmall, tLarge = g, s, l
		}
	}
	t.Logf("n=%d: %v, 10n: %v, growth %.1f", n, tSmall, tLarge, growth)
	if growth > maxGrowth {
		t.Errorf("lint on 10x the input took %.1f times as long (%v, then %v), want at most %d", growth, tSmall, tLarge, maxGrowth)
	}
}

// timeLint returns the CPU time of runs runs of lint with args. The
// garbage of earlier runs is collected first, so that these pay for
// their own.
func timeLint(args []string, runs int) time.Duration {
	runtime.GC()
	start := cpuTime()
	for range runs {
		run(&env{strings.NewReader(""), io.Discard, io.Discard}, args)
	}
	return cpuTime() - start
}

func writeTemp(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// crdWithProperties returns a CRD whose schema has n properties, each
// with the schema given in YAML flow style.
func crdWithProperties(n int, schema string) string {
	return crdNamed("widgets", propertyLines(n, schema))
}

// propertyLines returns n properties at the indentation of crdNamed's,
// named with a long common prefix and a fixed-width number.
func propertyLines(n int, schema string) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "          property_of_a_long_and_generated_name_%08d: %s\n", i, schema)
	}
	return b.String()
}

// crdNamed returns a CRD of plural name, in group example.com, with the
// given lines of properties.
func crdNamed(plural, properties string) string {
	return `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: ` + plural + `.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {plural: ` + plural + `, singular: ` + plural + `, kind: ` + strings.ToUpper(plural) + `, listKind: ` + strings.ToUpper(plural) + `List}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
` + properties
}
