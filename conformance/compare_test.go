package conformance

import (
	"cmp"
	"flag"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kubeversion/kubeversion"
	"k8s.io/apimachinery/pkg/version"
)

var pairs = flag.Int("pairs", 2_000_000, "number of random pairs TestComparePairs checks (a tenth under -short)")

// isKubeVersion reports whether Kubernetes treats s as a version. Its parser
// is unexported, but CompareKubeAwareVersionStrings ranks every version above
// "", and returns strings.Compare("", s) = -1 for every other non-empty s.
func isKubeVersion(s string) bool {
	return version.CompareKubeAwareVersionStrings(s, "") > 0
}

// alphabet holds every byte that matters to the grammar and some that
// don't: both cases of v, digits at both ends, the letters of alpha and
// beta, a dash and a space.
const alphabet = "vV019alphbet- "

// TestClassifyExhaustive checks every string of length 0 to 5 over
// alphabet: kubeversion accepts exactly the strings Kubernetes treats as
// versions.
func TestClassifyExhaustive(t *testing.T) {
	maxLen := 5
	if testing.Short() {
		maxLen = 4
	}
	count, valid := 0, 0
	buf := make([]byte, 0, maxLen)
	var walk func()
	walk = func() {
		s := string(buf)
		count++
		want := isKubeVersion(s)
		if want {
			valid++
		}
		if got := kubeversion.IsValid(s); got != want {
			t.Errorf("IsValid(%q) = %v, Kubernetes says %v", s, got, want)
		}
		if _, err := kubeversion.Parse(s); (err == nil) != want {
			t.Errorf("Parse(%q) error = %v, Kubernetes says version = %v", s, err, want)
		}
		if len(buf) == maxLen {
			return
		}
		for i := range len(alphabet) {
			buf = append(buf, alphabet[i])
			walk()
			buf = buf[:len(buf)-1]
		}
	}
	walk()
	t.Logf("classified %d strings of length 0 to %d, %d of them versions", count, maxLen, valid)
}

// tokens are the pieces TestClassifyTokens strings together: the words of
// the grammar whole and cut short, digits, and bytes that break it.
var tokens = []string{"v", "V", "0", "1", "9", "alpha", "beta", "alph", "bet", "-", " ", "x"}

// TestClassifyTokens checks every sequence of up to 5 tokens, which reaches
// the alpha and beta versions that strings of 5 bytes cannot.
func TestClassifyTokens(t *testing.T) {
	count := 0
	var walk func(s string, depth int)
	walk = func(s string, depth int) {
		count++
		if got, want := kubeversion.IsValid(s), isKubeVersion(s); got != want {
			t.Errorf("IsValid(%q) = %v, Kubernetes says %v", s, got, want)
		}
		if depth == 5 {
			return
		}
		for _, tok := range tokens {
			walk(s+tok, depth+1)
		}
	}
	walk("", 0)
	t.Logf("classified %d token sequences", count)
}

// TestComparePairsExhaustive compares every pair of strings of length 0 to
// 3 over alphabet.
func TestComparePairsExhaustive(t *testing.T) {
	var all []string
	var gen func(prefix string)
	gen = func(prefix string) {
		all = append(all, prefix)
		if len(prefix) == 3 {
			return
		}
		for i := range len(alphabet) {
			gen(prefix + alphabet[i:i+1])
		}
	}
	gen("")
	if testing.Short() {
		all = all[:300]
	}
	for _, a := range all {
		for _, b := range all {
			checkPair(t, a, b)
		}
	}
	t.Logf("compared %d pairs", len(all)*len(all))
}

// TestComparePairs compares random pairs of structured strings.
func TestComparePairs(t *testing.T) {
	n := *pairs
	if testing.Short() {
		n /= 10
	}
	r := rand.New(rand.NewPCG(uint64(n), 7))
	ties := 0
	for range n {
		a := randomVersion(r)
		b := randomVersion(r)
		if r.IntN(8) == 0 {
			b = respell(r, a) // the same version, spelled another way
		}
		if checkPair(t, a, b) {
			ties++
		}
		if t.Failed() {
			break
		}
	}
	t.Logf("compared %d random pairs, %d of them ties in Kubernetes", n, ties)
}

// checkPair checks Compare(a, b) against Kubernetes and reports whether
// Kubernetes saw a tie between different strings.
func checkPair(t *testing.T, a, b string) (tie bool) {
	t.Helper()
	got := kubeversion.Compare(a, b)
	k := version.CompareKubeAwareVersionStrings(a, b)
	switch {
	case k != 0 && got != cmp.Compare(k, 0):
		t.Errorf("Compare(%q, %q) = %d, Kubernetes says %d", a, b, got, k)
	case k == 0 && a == b && got != 0:
		t.Errorf("Compare(%q, %q) = %d, want 0", a, b, got)
	case k == 0 && a != b:
		// Only two spellings of one version tie in Kubernetes: the shorter
		// ranks higher, then the byte-wise smaller.
		want := cmp.Compare(len(b), len(a))
		if want == 0 {
			want = -strings.Compare(a, b)
		}
		if got != want || !isKubeVersion(a) || !isKubeVersion(b) {
			t.Errorf("Compare(%q, %q) = %d, want %d for a Kubernetes tie", a, b, got, want)
		}
		return true
	}
	return false
}
