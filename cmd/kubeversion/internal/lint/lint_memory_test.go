package lint

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"sync"
	"testing"
	"time"
)

// crdStream is a manifest of n CRDs, each with a schema of some
// properties, made as it is read so that the test holds no input.
type crdStream struct {
	n, next int
	buf     strings.Builder
	rest    string
}

func (s *crdStream) Read(p []byte) (int, error) {
	for s.rest == "" {
		if s.next == s.n {
			return 0, io.EOF
		}
		s.buf.Reset()
		fmt.Fprintf(&s.buf, "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: w%d.example.io}\n"+
			"spec:\n  group: example.io\n  names: {kind: W%d, plural: w%d}\n  scope: Namespaced\n  versions:\n"+
			"  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n",
			s.next, s.next, s.next)
		for i := range 20 {
			fmt.Fprintf(&s.buf, "          f%d: {type: string, description: a property of a generated schema}\n", i)
		}
		s.buf.WriteString("---\n")
		s.rest = s.buf.String()
		s.next++
	}
	n := copy(p, s.rest)
	s.rest = s.rest[n:]
	return n, nil
}

// peakLiveHeap returns the most live heap that the garbage collector saw
// while f ran, above what was live before it: runtime/metrics'
// /gc/heap/live:bytes, read every millisecond.
func peakLiveHeap(f func()) uint64 {
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	read := func() uint64 {
		metrics.Read(sample)
		return sample[0].Value.Uint64()
	}
	// The live heap is measured at the end of each cycle: a low GOGC runs
	// one every few hundred KB, so that the peak is seen whatever the
	// heap that earlier tests left (with a big one, a whole small run can
	// pass without a cycle, and a large one see a single cycle).
	defer debug.SetGCPercent(debug.SetGCPercent(5))
	runtime.GC()
	base := read()
	var peak uint64
	var wg sync.WaitGroup
	stop := make(chan struct{})
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			peak = max(peak, read())
			select {
			case <-stop:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	f()
	runtime.GC() // the last documents' garbage, and what is kept
	close(stop)
	wg.Wait()
	peak = max(peak, read())
	return peak - min(base, peak)
}

// TestLintMemoryPerDocument checks that lint holds one document of a file
// at a time, keeping only its report: the most live heap while linting 10
// times as many CRDs grows by their reports (a few KB each), not by their
// decoded objects and node trees (tens of KB each), as when
// every document was decoded before the first was checked.
func TestLintMemoryPerDocument(t *testing.T) {
	n := 30
	if testing.Short() {
		n = 15
	}
	lint := func(docs int) func() {
		return func() {
			var l Result
			if found := l.lintReader("many.yaml", &crdStream{n: docs}); found != docs || len(l.problems) > 0 {
				t.Fatalf("lint of %d CRDs found %d, problems %v", docs, found, l.problems)
			}
		}
	}
	small, large := peakLiveHeap(lint(n)), peakLiveHeap(lint(10*n))
	// A report of one version takes some 3.5 KB; a decoded object and its
	// node tree some 50 KB.
	perReport := uint64(8 << 10)
	if large > small+uint64(9*n)*perReport+(1<<20) {
		t.Errorf("most live heap linting %d CRDs: %d bytes, and %d CRDs: %d bytes: %d bytes more per CRD, want under %d",
			n, small, 10*n, large, (large-small)/uint64(9*n), perReport)
	}
	t.Logf("most live heap: %d CRDs %d bytes, %d CRDs %d bytes", n, small, 10*n, large)
}
