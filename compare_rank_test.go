package kubeversion

import (
	"strings"
	"sync"
	"testing"
)

// rankOf is the rank of a Version as the doc of rank lays it out, written
// from the Version's parts rather than from its spelling.
func rankOf(v Version) uint64 {
	switch v.Stability() {
	case GA:
		return rankGA | v.Major()
	case Beta, Alpha:
		return uint64(v.Stability())<<62 | v.Major()<<32 | v.Minor()
	}
	return 0
}

// nearShapes returns the common shapes that rank decodes without a loop,
// each string that differs from one of them in one or two bytes, and the
// prefixes of those: the strings that take each exit of the fast path, and
// the ones that look like a common shape but are not one: 40,369 strings.
var nearShapes = sync.OnceValue(func() []string {
	const alphabet = "v019abeltph-"
	seen := map[string]bool{}
	var strs []string
	add := func(s string) {
		for n := range len(s) + 1 {
			if !seen[s[:n]] {
				seen[s[:n]] = true
				strs = append(strs, s[:n])
			}
		}
	}
	for _, shape := range []string{"v1", "v10", "v1beta1", "v1alpha1", "v10beta1", "v10alpha1"} {
		for i := range len(shape) {
			for j := i; j < len(shape); j++ {
				for _, x := range alphabet {
					for _, y := range alphabet {
						b := []byte(shape)
						b[i], b[j] = byte(x), byte(y)
						add(string(b))
					}
				}
			}
		}
	}
	return strs
})

// TestRank checks rank against scan on every string of the grammar tests
// that rank takes (2 to rankLimit-1 bytes) and on the strings near the
// common shapes: rank is 0 exactly when scan rejects the string, and
// otherwise the rank of the scanned Version.
func TestRank(t *testing.T) {
	failures := 0
	strs := append(nearShapes(), grammarStrings()...)
	// The widest numbers of each field under rankLimit, and minor numbers
	// followed by a byte that is not a digit.
	strs = append(strs, "v99999999999999", "v999999999beta9", "v9beta999999999",
		"v99999alpha9999", "v0000000000001", "v9223372036854", "v123456789012345",
		"v1beta1x", "v1alpha10-", "v10beta01.")
	for _, s := range strs {
		if len(s) < 2 || len(s) >= rankLimit {
			continue
		}
		if got, want := rank(s), rankOf(scan(s)); got != want {
			t.Errorf("rank(%q) = %#x, want %#x", s, got, want)
			if failures++; failures == 20 {
				t.Fatal("stopping after 20 failures")
			}
		}
	}
}

// TestRankOrder checks that ranks order versions as Versions do, and that
// orderRanks on ranks is order on scans, on every pair of versions of
// each shape and field width under rankLimit, near misses included.
func TestRankOrder(t *testing.T) {
	var strs []string
	for _, major := range []string{"0", "1", "01", "2", "9", "10", "99", "999999999", "99999999999999"} {
		for _, word := range []string{"", "beta", "alpha", "bet", "x"} {
			for _, minor := range []string{"", "0", "1", "01", "2", "10", "9999", "999999999"} {
				if s := "v" + major + word + minor; len(s) < rankLimit {
					strs = append(strs, s, strings.ToUpper(s))
				}
			}
		}
	}
	failures := 0
	for _, a := range strs {
		for _, b := range strs {
			va, vb := scan(a), scan(b)
			want := order(a, b, va, vb)
			if got := orderRanks(a, b, rank(a), rank(b)); got != want {
				t.Errorf("orderRanks(%q, %q) = %d, order = %d", a, b, got, want)
				if failures++; failures == 20 {
					t.Fatal("stopping after 20 failures")
				}
			}
		}
	}
	t.Logf("checked %d pairs", len(strs)*len(strs))
}
