package kubeversion

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// priority lists strings from the highest priority to the lowest, each
// ranking strictly below the one before it. TestCompare derives the expected
// sign of every pair from the two indices, so N lines give N² checks.
var priority = []string{
	"v9223372036854775807",
	"v10",
	"v2",
	"v1",
	"v01", // same version as v1: the longer spelling ranks lower
	"v001",
	"v0",
	"v9223372036854775807beta9223372036854775807",
	"v9223372036854775807beta0",
	"v11beta2",
	"v10beta3",
	"v3beta1",
	"v1beta2",
	"v1beta1",
	"v01beta1", // same length as v1beta01: byte-wise smaller first
	"v1beta01",
	"v1beta0",
	"v0beta1",
	"v12alpha1",
	"v11alpha2",
	"v1alpha1",
	"v0alpha0",
	// Not Kubernetes versions: byte order, smaller first.
	"",
	"1",
	"V1",
	"foo1",
	"foo10",
	"v",
	"v-1",
	"v1\n",
	"v1 ",
	"v1.30.2",
	"v1Beta1",
	"v1alpha",
	"v1beta",
	"v1beta1x",
	"v1gamma1",
	"v9223372036854775808", // above the 64-bit limit
	"v9223372036854775808beta1",
	"v99999999999999999999",
	"vv1",
	"v١", // ARABIC-INDIC DIGIT ONE is not an ASCII digit
	"\xff",
}

func TestCompare(t *testing.T) {
	for i, a := range priority {
		for j, b := range priority {
			want := 0
			switch {
			case i < j:
				want = +1
			case i > j:
				want = -1
			}
			if got := Compare(a, b); got != want {
				t.Errorf("Compare(%q, %q) = %d, want %d", a, b, got, want)
			}
		}
	}
}

func TestSort(t *testing.T) {
	// Both sides of shortSort: the in-place path and the keyed path.
	for _, n := range []int{0, 1, 2, shortSort, shortSort + 1, len(priority)} {
		want := priority[:n]
		for seed := range uint64(20) {
			got := slices.Clone(want)
			rand.New(rand.NewPCG(seed, 0)).Shuffle(len(got), func(i, j int) { got[i], got[j] = got[j], got[i] })
			Sort(got)
			if !slices.Equal(got, want) {
				t.Errorf("Sort(shuffle %d of %d) = %q, want %q", seed, n, got, want)
				break // the other seeds would print the same
			}
		}
	}
}

func TestSortDocumentedList(t *testing.T) {
	// The list of the Kubernetes documentation, "Version priority".
	want := []string{"v10", "v2", "v1", "v11beta2", "v10beta3", "v3beta1", "v12alpha1", "v11alpha2", "foo1", "foo10"}
	got := slices.Clone(want)
	slices.Reverse(got)
	Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("Sort = %q, want %q", got, want)
	}
}

func TestHighest(t *testing.T) {
	if got, ok := Highest(nil); got != "" || ok {
		t.Errorf("Highest(nil) = %q, %v, want \"\", false", got, ok)
	}
	for i := range priority {
		// priority[i] is the highest of priority[i:], wherever it stands.
		in := slices.Clone(priority[i:])
		slices.Reverse(in)
		if got, ok := Highest(in); got != priority[i] || !ok {
			t.Errorf("Highest(%q) = %q, %v, want %q, true", in, got, ok, priority[i])
		}
	}
}

func TestCompareAllocs(t *testing.T) {
	for _, pair := range [][2]string{{"v1", "v2beta1"}, {"v1", "v01"}, {"foo", "v1alpha1"}, {"foo", "bar"}} {
		if n := testing.AllocsPerRun(100, func() { Compare(pair[0], pair[1]) }); n != 0 {
			t.Errorf("Compare(%q, %q) allocates %v times, want 0", pair[0], pair[1], n)
		}
	}
}

// TestSortAllocs checks that a large Sort reuses its buffers: in the
// average over many sorts it allocates nothing. (The pool may lose a buffer
// at a garbage collection; AllocsPerRun rounds such rare refills down. The
// race detector's pool drops one buffer in four, which is no rare refill,
// so the test is skipped under it.)
func TestSortAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's sync.Pool drops buffers on purpose")
	}
	corpus := mixedCorpus(1000)
	work := make([]string, len(corpus))
	sort := func() {
		copy(work, corpus)
		Sort(work)
	}
	sort()
	if n := testing.AllocsPerRun(100, sort); n != 0 {
		t.Errorf("Sort of %d strings allocates %v times per call, want 0", len(corpus), n)
	}
}
