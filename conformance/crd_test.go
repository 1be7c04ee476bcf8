package conformance

import (
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

var crdCases = flag.Int("crdcases", 200_000, "number of generated create and update cases TestCRDDifferential runs (a twentieth under -short)")

// TestCRDDifferential runs generated CRDs through the real API server code
// (strict decoding, registry strategy, ValidateCustomResourceDefinition and
// ValidateCustomResourceDefinitionUpdate) and through package crd (Decode,
// ValidateCreate, ValidateUpdate), and compares every error message, field
// path included, topic by topic (see coveredTopics). It draws from six
// sources in turn:
//
//   - versions-create, versions-update: randomCRD and evolve, which stress
//     the version rules;
//   - whole-create: randomWholeCRD, which meets every rule;
//   - whole-update: a generated CRD replaced by a mutation of it;
//   - mutated-create: a mutation of a CRD the API server accepted;
//   - mutated-update: such a CRD, or a mutation of it, replaced by a
//     mutation.
//
// Case i draws from its own generator, seeded with -crdcases and i, so that
// a run gives the same cases however its goroutines interleave; failures
// print the manifests, so a case can be rerun through FuzzCRDDifferential
// by adding it as a seed. Cases run on GOMAXPROCS goroutines.
func TestCRDDifferential(t *testing.T) {
	n := *crdCases
	if testing.Short() {
		n /= 20
	}
	valid := validSeeds(t, 64)
	var failures atomic.Int64
	parallel(n, func(i int) {
		r := rand.New(rand.NewPCG(uint64(n), uint64(i)))
		var source string
		var manifest, old []byte
		switch i % 6 {
		case 0:
			source, manifest = "versions-create", randomCRD(r)
		case 1:
			source, old = "versions-update", randomCRD(r)
			manifest = evolve(r, old)
		case 2:
			source, manifest = "whole-create", randomWholeCRD(r)
		case 3:
			source, old = "whole-update", randomWholeCRD(r)
			manifest = mutate(r, old)
		case 4:
			source, manifest = "mutated-create", mutate(r, valid[r.IntN(len(valid))])
		case 5:
			source, old = "mutated-update", valid[r.IntN(len(valid))]
			if r.IntN(3) == 0 {
				old = mutate(r, old)
			}
			manifest = mutate(r, old)
		}
		if old != nil && r.IntN(10) > 0 {
			old, manifest = stored(old), stored(manifest) // an update names the resourceVersion it replaces
		}
		if old != nil && r.IntN(3) == 0 {
			old = established(old) // names become immutable
		}
		_, _, diffs, err := runCase(source, manifest, old)
		if err != nil {
			return // no case: see runCase
		}
		if covered := coveredDifferences(diffs); len(covered) > 0 {
			if failures.Add(1) <= 10 {
				t.Errorf("case %d (%s) differs in covered topics:\n%s\nmanifest: %s\nold: %s", i, source, formatDifferences(covered), manifest, old)
			}
		}
	})
	t.Logf("%d cases differ in covered topics\n%s", failures.Load(), seen.summary())
}

// validSeeds returns at least want generated CRDs that the API server
// accepts on create, as seeds for mutations. The CRDs it tries are cases
// too (source "seed").
func validSeeds(t *testing.T, want int) [][]byte {
	r := rand.New(rand.NewPCG(3, 5))
	var valid [][]byte
	for tries := 0; len(valid) < want; tries++ {
		if tries == 100*want {
			t.Fatalf("only %d of %d generated CRDs are valid", len(valid), tries)
		}
		manifest := randomWholeCRD(r)
		k, o, diffs, err := runCase("seed", manifest, nil)
		if err != nil {
			continue
		}
		if covered := coveredDifferences(diffs); len(covered) > 0 {
			t.Errorf("seed differs in covered topics:\n%s\nmanifest: %s", formatDifferences(covered), manifest)
		}
		if k.fatal == "" && k.strict == "" && len(k.errs) == 0 && len(o.errs) == 0 {
			valid = append(valid, manifest)
		}
	}
	return valid
}

// parallel calls work(i) for every i in [0, n) on GOMAXPROCS goroutines.
func parallel(n int, work func(i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				work(i)
			}
		})
	}
	wg.Wait()
}

// runCase runs one case on both sides, records it in seen, and returns
// both verdicts and their differences. err reports an old object that
// Kubernetes could not decode: no case.
func runCase(source string, manifest, old []byte) (k, o verdict, diffs []difference, err error) {
	k, err = kubernetesVerdict(manifest, old)
	if err == nil && notCRD(k.fatal) {
		err = errNotCRD
	}
	if err != nil {
		reason := "old object not decodable"
		if errors.Is(err, errServerPanic) || errors.Is(err, errNotCRD) {
			reason = err.Error()
		}
		seen.skip(source, reason)
		return k, o, nil, err
	}
	o = oursVerdict(manifest, old)
	diffs, topics := compareVerdicts(k, o)
	seen.add(source, manifest, old, k, diffs, topics)
	return k, o, diffs, nil
}

// errNotCRD is returned for a manifest that the API server does not take
// for a v1 CustomResourceDefinition (its apiVersion or kind is wrong or
// missing): package crd leaves that check to its caller.
var errNotCRD = errors.New("not a v1 CustomResourceDefinition")

// notCRD reports whether a fatal decoding message of the API server is
// about the object's apiVersion and kind.
func notCRD(fatal string) bool {
	return strings.Contains(fatal, "couldn't get version/kind") || strings.HasPrefix(fatal, "no kind ") ||
		strings.Contains(fatal, "Object 'Kind' is missing") || strings.Contains(fatal, "Object 'apiVersion' is missing") ||
		strings.Contains(fatal, "does not match the expected")
}

func formatDifferences(diffs []difference) string {
	s := ""
	for _, d := range diffs {
		s += fmt.Sprintf("  %s (%s): %s\n", d.side, d.topic, shorten(d.msg))
	}
	return s
}

// FuzzCRDDifferential compares package crd with the API server on the
// manifests the fuzzer makes, from seeds made by the generators: on create
// when old is empty, else on update. Only covered topics must agree.
func FuzzCRDDifferential(f *testing.F) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 10 {
		old := randomCRD(r)
		f.Add(randomCRD(r), []byte(nil))
		f.Add(evolve(r, old), old)
		whole := randomWholeCRD(r)
		f.Add(whole, []byte(nil))
		f.Add(mutate(r, whole), whole)
	}
	// Defaults whose embedded metadata the server's validation coerces in
	// place, in the object whose schemas and versions its errors print:
	// versions whose schemas then become identical (case 22269 of
	// -crdcases 60000, reduced), and a root default under the status
	// subresource.
	const embedded = `{"type":"object","properties":{"spec":{"type":"object","x-kubernetes-embedded-resource":true,` +
		`"x-kubernetes-preserve-unknown-fields":true,"default":{"apiVersion":"a/v1","kind":"K","metadata":%s}}}}`
	f.Add(fmt.Appendf(nil, `{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","metadata":{"name":"widgets.a.b"},`+
		`"spec":{"group":"a.b","names":{"kind":"W","plural":"widgets"},"scope":"Cluster","versions":[`+
		`{"name":"v1","served":true,"storage":true,"schema":{"openAPIV3Schema":`+embedded+`}},`+
		`{"name":"v2","served":true,"storage":true,"schema":{"openAPIV3Schema":`+embedded+`}}]}}`,
		`{"unknownField":1}`, `{"name":""}`), []byte(nil))
	f.Add([]byte(`{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","metadata":{"name":"widgets.a.b"},`+
		`"spec":{"group":"a.b","names":{"kind":"W","plural":"widgets"},"scope":"Cluster","versions":[`+
		`{"name":"v1","served":true,"storage":true,"subresources":{"status":{}},"schema":{"openAPIV3Schema":`+
		`{"type":"object","x-kubernetes-preserve-unknown-fields":true,"default":{"apiVersion":"a/v1","kind":"K","metadata":{"name":""}}}}}]}}`),
		[]byte(nil))
	f.Fuzz(func(t *testing.T, manifest, old []byte) {
		if len(old) == 0 {
			old = nil
		}
		k, err := kubernetesVerdict(manifest, old)
		if err != nil || notCRD(k.fatal) {
			t.Skip("not a v1 CustomResourceDefinition the server decodes")
		}
		diffs, _ := compareVerdicts(k, oursVerdict(manifest, old))
		if covered := coveredDifferences(diffs); len(covered) > 0 {
			t.Errorf("differs in covered topics:\n%s\nmanifest: %s\nold: %s", formatDifferences(covered), manifest, old)
		}
	})
}
