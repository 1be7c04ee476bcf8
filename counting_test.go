package kubeversion

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestSortPaths checks Sort on the paths it takes by the numbers and the
// strings it is given: small numbers (countingSort), numbers too many or
// too large for buckets (radixSort), spellings with leading zeros, and
// other strings with long common prefixes (sortBytewise), against sorting
// with Compare.
func TestSortPaths(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	long := strings.Repeat("x", 100)
	for _, tt := range []struct {
		name string
		gen  func() string
	}{
		{"small numbers", func() string { return fmt.Sprintf("v%dbeta%d", r.IntN(4), r.IntN(4)) }},
		{"leading zeros", func() string { return fmt.Sprintf("v%0*d", r.IntN(3), r.IntN(3)) }},
		{"more buckets than strings", func() string { return fmt.Sprintf("v%dalpha%d", r.IntN(30000), r.IntN(3)) }},
		{"numbers beyond 15 bits", func() string { return fmt.Sprintf("v%d", 32767+r.IntN(3)) }},
		{"long common prefixes", func() string { return long + fmt.Sprint(r.IntN(50)) }},
		{"prefixes of each other", func() string { return strings.Repeat("a", r.IntN(80)) }},
		{"mixed", func() string {
			return []string{"v1", "v01", "v1beta1", "v1beta01", "foo", "foo1", "", "v2alpha3", "v1.2", long}[r.IntN(10)]
		}},
	} {
		for _, n := range []int{13, 100, 3000} {
			in := make([]string, n)
			for i := range in {
				in[i] = tt.gen()
			}
			want := slices.Clone(in)
			slices.SortFunc(want, func(a, b string) int { return Compare(b, a) })
			got := slices.Clone(in)
			Sort(got)
			if !slices.Equal(got, want) {
				t.Errorf("%s, %d strings: Sort differs from sorting with Compare", tt.name, n)
			}
		}
	}
}
