package conformance

import (
	"flag"
	"fmt"
	"slices"
	"sort"
	"testing"

	"github.com/kubeversion/kubeversion"
	"k8s.io/apimachinery/pkg/version"
)

// The benchmarks run kubeversion and apimachinery side by side on the same
// mixed corpus. BenchmarkCompare and BenchmarkSort give one line each for
// benchstat; BenchmarkSpeedup measures both in alternating rounds and
// reports the ratio, the figure the README quotes:
//
//	cd conformance && go test -run '^$' -bench Speedup

var rounds = flag.Int("rounds", 5, "alternating rounds of each implementation that BenchmarkSpeedup runs")

// comparePairs is the number of strings the Compare benchmarks cycle
// through, a power of two so that the next pair is found with a mask
// rather than a bounds check and a branch.
const comparePairs = 1024

func compareOurs(corpus []string) func(*testing.B) {
	c := (*[comparePairs]string)(corpus)
	return func(b *testing.B) {
		b.ReportAllocs()
		for i := uint(0); b.Loop(); i++ {
			kubeversion.Compare(c[i%comparePairs], c[(i+1)%comparePairs])
		}
	}
}

func compareTheirs(corpus []string) func(*testing.B) {
	c := (*[comparePairs]string)(corpus)
	return func(b *testing.B) {
		b.ReportAllocs()
		for i := uint(0); b.Loop(); i++ {
			version.CompareKubeAwareVersionStrings(c[i%comparePairs], c[(i+1)%comparePairs])
		}
	}
}

func sortOurs(corpus []string) func(*testing.B) {
	return func(b *testing.B) {
		b.ReportAllocs()
		work := make([]string, len(corpus))
		for b.Loop() {
			copy(work, corpus)
			kubeversion.Sort(work)
		}
	}
}

func sortTheirs(corpus []string) func(*testing.B) {
	return func(b *testing.B) {
		b.ReportAllocs()
		work := make([]string, len(corpus))
		for b.Loop() {
			copy(work, corpus)
			sort.Slice(work, func(i, j int) bool {
				return version.CompareKubeAwareVersionStrings(work[i], work[j]) > 0
			})
		}
	}
}

func BenchmarkCompare(b *testing.B) {
	corpus := mixedCorpus(comparePairs)
	b.Run("impl=kubeversion", compareOurs(corpus))
	b.Run("impl=apimachinery", compareTheirs(corpus))
}

func BenchmarkSort(b *testing.B) {
	corpus := mixedCorpus(10000)
	b.Run("impl=kubeversion", sortOurs(corpus))
	b.Run("impl=apimachinery", sortTheirs(corpus))
}

// BenchmarkSpeedup runs the two implementations of each operation in
// -rounds alternating rounds, and then reports, as sub-benchmark "ratio",
// the fastest round of each (kubeversion-ns/op, apimachinery-ns/op) and how
// many times faster kubeversion is (x-faster), with the same ratio for the
// median rounds beside it (x-faster-median). On a shared machine a
// neighbour can slow any one run by a third; alternating spreads that over
// both sides, and the fastest round is the best estimate of what the code
// itself costs. The ratio line does no work of its own, so its ns/op is
// hidden.
func BenchmarkSpeedup(b *testing.B) {
	compare := mixedCorpus(comparePairs)
	sorted := mixedCorpus(10000)
	for _, c := range []struct {
		name         string
		ours, theirs func(*testing.B)
	}{
		{"Compare", compareOurs(compare), compareTheirs(compare)},
		{"Sort10000", sortOurs(sorted), sortTheirs(sorted)},
	} {
		b.Run(c.name, func(b *testing.B) {
			n := max(*rounds, 1)
			ours, theirs := make([]float64, n), make([]float64, n)
			for r := range n {
				b.Run(fmt.Sprintf("round=%d/impl=kubeversion", r+1), recordNsPerOp(&ours[r], c.ours))
				b.Run(fmt.Sprintf("round=%d/impl=apimachinery", r+1), recordNsPerOp(&theirs[r], c.theirs))
			}
			b.Run("ratio", func(b *testing.B) {
				b.ReportMetric(0, "ns/op")
				b.ReportMetric(slices.Min(ours), "kubeversion-ns/op")
				b.ReportMetric(slices.Min(theirs), "apimachinery-ns/op")
				b.ReportMetric(slices.Min(theirs)/slices.Min(ours), "x-faster")
				b.ReportMetric(median(theirs)/median(ours), "x-faster-median")
			})
		})
	}
}

// recordNsPerOp runs bench and stores its cost per operation in *ns. The
// testing package calls a benchmark several times with a growing b.N; the
// last call, which is the one it reports, stores last.
func recordNsPerOp(ns *float64, bench func(*testing.B)) func(*testing.B) {
	return func(b *testing.B) {
		bench(b)
		*ns = float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	}
}

func median(xs []float64) float64 {
	s := slices.Sorted(slices.Values(xs))
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
