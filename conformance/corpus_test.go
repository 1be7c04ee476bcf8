package conformance

import (
	"fmt"
	"math/rand/v2"
)

// mixedCorpus returns n strings for the benchmarks: about three quarters
// Kubernetes versions of all three stabilities, one quarter other strings
// (cluster releases, near misses, plain words). The same seed gives the same
// corpus, so runs compare.
func mixedCorpus(n int) []string {
	r := rand.New(rand.NewPCG(1, 2))
	others := []string{"foo1", "foo10", "v1.30.2", "V1", "v1beta", "latest", "v2-rc1", "stable"}
	out := make([]string, n)
	for i := range out {
		switch r.IntN(8) {
		case 0, 1:
			out[i] = fmt.Sprintf("v%d", r.IntN(12))
		case 2, 3:
			out[i] = fmt.Sprintf("v%dbeta%d", r.IntN(12), r.IntN(5))
		case 4, 5:
			out[i] = fmt.Sprintf("v%dalpha%d", r.IntN(12), r.IntN(5))
		default:
			out[i] = others[r.IntN(len(others))]
		}
	}
	return out
}
