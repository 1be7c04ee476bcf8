package conformance

import (
	"flag"
	"runtime"
	"slices"
	"sort"
	"testing"
	"time"

	"github.com/kubeversion/kubeversion"
	"k8s.io/apimachinery/pkg/version"
)

// The benchmarks run kubeversion and apimachinery side by side on the same
// mixed corpus. BenchmarkCompare and BenchmarkSort give one line each for
// benchstat; BenchmarkSpeedup measures both in short alternating rounds and
// reports the ratio, the figure docs/performance.md quotes:
//
//	cd conformance && go test -run '^$' -bench Speedup

var (
	rounds    = flag.Int("rounds", 21, "paired rounds of the two implementations that BenchmarkSpeedup runs")
	roundTime = flag.Duration("roundtime", 100*time.Millisecond, "how long each implementation runs in each round of BenchmarkSpeedup")
)

// comparePairs is the number of strings the Compare benchmarks cycle
// through, a power of two so that the next pair is found with a mask
// rather than a bounds check and a branch.
const comparePairs = 1024

// The four operations the benchmarks time. A Compare operation compares
// the i-th string of the corpus with the next; a Sort operation copies the
// corpus into work and sorts that.

func compareOurs(c *[comparePairs]string, i uint) int {
	return kubeversion.Compare(c[i%comparePairs], c[(i+1)%comparePairs])
}

func compareTheirs(c *[comparePairs]string, i uint) int {
	return version.CompareKubeAwareVersionStrings(c[i%comparePairs], c[(i+1)%comparePairs])
}

func sortOurs(work, corpus []string) {
	copy(work, corpus)
	kubeversion.Sort(work)
}

func sortTheirs(work, corpus []string) {
	copy(work, corpus)
	sort.Slice(work, func(i, j int) bool {
		return version.CompareKubeAwareVersionStrings(work[i], work[j]) > 0
	})
}

// BenchmarkCompare and BenchmarkSort call the operations directly, not
// through a func value, which would add an indirect call to each of
// kubeversion's few nanoseconds.

func BenchmarkCompare(b *testing.B) {
	c := (*[comparePairs]string)(mixedCorpus(comparePairs))
	b.Run("impl=kubeversion", func(b *testing.B) {
		b.ReportAllocs()
		for i := uint(0); b.Loop(); i++ {
			compareOurs(c, i)
		}
	})
	b.Run("impl=apimachinery", func(b *testing.B) {
		b.ReportAllocs()
		for i := uint(0); b.Loop(); i++ {
			compareTheirs(c, i)
		}
	})
}

func BenchmarkSort(b *testing.B) {
	corpus := mixedCorpus(10000)
	work := make([]string, len(corpus))
	b.Run("impl=kubeversion", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sortOurs(work, corpus)
		}
	})
	b.Run("impl=apimachinery", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sortTheirs(work, corpus)
		}
	})
}

// BenchmarkSpeedup runs the two implementations of each operation in
// -rounds paired rounds: in each round, kubeversion for about -roundtime,
// then apimachinery for about as long. It reports the median over the
// rounds of each one's time per operation (kubeversion-ns/op,
// apimachinery-ns/op), and of the ratio of the two within a round
// (x-faster), with the lower quartile of that ratio (x-faster-q1) and the
// allocations of each per operation.
//
// On a shared machine a neighbour can slow any one second by a third, and
// that changes both implementations' times by about the same factor: so
// the ratio of two runs a tenth of a second apart varies much less than
// either time, and less than the ratio of the fastest runs of each. The
// time per operation is measured with time.Now around a loop of n
// operations, n chosen so that the loop takes -roundtime, and the loop
// calls the operation directly; the ns/op the testing package prints for
// the whole benchmark means nothing and is hidden.
func BenchmarkSpeedup(b *testing.B) {
	compare := (*[comparePairs]string)(mixedCorpus(comparePairs))
	sorted := mixedCorpus(10000)
	work := make([]string, len(sorted))
	for _, c := range []struct {
		name         string
		ours, theirs func(n int) // run the operation n times
	}{
		{
			"Compare",
			func(n int) {
				sum := 0
				for i := range uint(n) {
					sum += compareOurs(compare, i)
				}
				runtime.KeepAlive(sum)
			},
			func(n int) {
				sum := 0
				for i := range uint(n) {
					sum += compareTheirs(compare, i)
				}
				runtime.KeepAlive(sum)
			},
		},
		{
			"Sort10000",
			func(n int) {
				for range n {
					sortOurs(work, sorted)
				}
			},
			func(n int) {
				for range n {
					sortTheirs(work, sorted)
				}
			},
		},
	} {
		b.Run(c.name, func(b *testing.B) {
			n := max(*rounds, 1)
			nOurs, nTheirs := calibrate(c.ours, *roundTime), calibrate(c.theirs, *roundTime)
			ours, theirs, ratios := make([]float64, n), make([]float64, n), make([]float64, n)
			for r := range n {
				ours[r] = nsPerOp(c.ours, nOurs)
				theirs[r] = nsPerOp(c.theirs, nTheirs)
				ratios[r] = theirs[r] / ours[r]
			}
			b.ReportMetric(0, "ns/op")
			b.ReportMetric(median(ours), "kubeversion-ns/op")
			b.ReportMetric(median(theirs), "apimachinery-ns/op")
			b.ReportMetric(median(ratios), "x-faster")
			b.ReportMetric(quantile(ratios, 0.25), "x-faster-q1")
			b.ReportMetric(allocsPerOp(c.ours, nOurs), "kubeversion-allocs/op")
			b.ReportMetric(allocsPerOp(c.theirs, nTheirs), "apimachinery-allocs/op")
		})
	}
}

// calibrate returns how many times to run op so that it takes about d.
func calibrate(op func(n int), d time.Duration) int {
	for n := 1; ; n *= 2 {
		start := time.Now()
		op(n)
		if took := time.Since(start); took >= d/4 {
			return max(1, int(float64(n)*float64(d)/float64(took)))
		}
	}
}

// nsPerOp runs op n times and returns the time it took per operation.
func nsPerOp(op func(n int), n int) float64 {
	start := time.Now()
	op(n)
	return float64(time.Since(start).Nanoseconds()) / float64(n)
}

// allocsPerOp runs op n times and returns the number of heap allocations
// per operation, on average: testing.AllocsPerRun would round it down.
func allocsPerOp(op func(n int), n int) float64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	op(n)
	runtime.ReadMemStats(&after)
	return float64(after.Mallocs-before.Mallocs) / float64(n)
}

func median(xs []float64) float64 { return quantile(xs, 0.5) }

// quantile returns the q-quantile of xs, 0 <= q <= 1, interpolating
// between the two nearest values.
func quantile(xs []float64, q float64) float64 {
	s := slices.Sorted(slices.Values(xs))
	pos := q * float64(len(s)-1)
	i := int(pos)
	if i+1 >= len(s) {
		return s[len(s)-1]
	}
	return s[i] + (pos-float64(i))*(s[i+1]-s[i])
}
