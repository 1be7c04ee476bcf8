package conformance

import (
	"sort"
	"testing"

	"github.com/kubeversion/kubeversion"
	"k8s.io/apimachinery/pkg/version"
)

// The benchmarks run kubeversion and apimachinery side by side on the same
// mixed corpus. BenchmarkCompare and BenchmarkSort give one line each for
// benchstat; BenchmarkSpeedup measures both in one run and reports the
// ratio, the figure the README quotes:
//
//	cd conformance && go test -run '^$' -bench Speedup

func compareOurs(corpus []string) func(*testing.B) {
	return func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			kubeversion.Compare(corpus[i], corpus[i+1])
			if i++; i == len(corpus)-1 {
				i = 0
			}
		}
	}
}

func compareTheirs(corpus []string) func(*testing.B) {
	return func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			version.CompareKubeAwareVersionStrings(corpus[i], corpus[i+1])
			if i++; i == len(corpus)-1 {
				i = 0
			}
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
	corpus := mixedCorpus(1000)
	b.Run("impl=kubeversion", compareOurs(corpus))
	b.Run("impl=apimachinery", compareTheirs(corpus))
}

func BenchmarkSort(b *testing.B) {
	corpus := mixedCorpus(10000)
	b.Run("impl=kubeversion", sortOurs(corpus))
	b.Run("impl=apimachinery", sortTheirs(corpus))
}

// BenchmarkSpeedup runs each pair of implementations one right after the
// other and then reports, as sub-benchmark "ratio", how many times faster
// kubeversion is (x-faster). The ratio line does no work of its own, so its
// ns/op is hidden.
func BenchmarkSpeedup(b *testing.B) {
	compare := mixedCorpus(1000)
	sorted := mixedCorpus(10000)
	for _, c := range []struct {
		name         string
		ours, theirs func(*testing.B)
	}{
		{"Compare", compareOurs(compare), compareTheirs(compare)},
		{"Sort10000", sortOurs(sorted), sortTheirs(sorted)},
	} {
		b.Run(c.name, func(b *testing.B) {
			var ours, theirs float64
			b.Run("impl=kubeversion", recordNsPerOp(&ours, c.ours))
			b.Run("impl=apimachinery", recordNsPerOp(&theirs, c.theirs))
			b.Run("ratio", func(b *testing.B) {
				b.ReportMetric(0, "ns/op")
				b.ReportMetric(theirs/ours, "x-faster")
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
