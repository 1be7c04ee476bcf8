package kubeversion

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// mixedCorpus returns n strings, about three quarters Kubernetes versions of
// all three stabilities and one quarter other strings, as in the
// conformance benchmarks.
func mixedCorpus(n int) []string {
	r := rand.New(rand.NewPCG(1, 2))
	out := make([]string, n)
	for i := range out {
		switch r.IntN(8) {
		case 0, 1, 2:
			out[i] = fmt.Sprintf("v%d", r.IntN(12))
		case 3, 4:
			out[i] = fmt.Sprintf("v%dbeta%d", r.IntN(12), r.IntN(5))
		case 5:
			out[i] = fmt.Sprintf("v%dalpha%d", r.IntN(12), r.IntN(5))
		default:
			out[i] = []string{"foo1", "foo10", "v1.30.2", "V1", "v1beta", "latest", "v2-rc1", "stable"}[r.IntN(8)]
		}
	}
	return out
}

func BenchmarkCompare(b *testing.B) {
	for _, pair := range [][2]string{
		{"v1", "v2"},
		{"v11beta2", "v10beta3"},
		{"v1alpha1", "v1beta1"},
		{"foo1", "foo10"},
		{"v1", "v01"},
	} {
		b.Run(pair[0]+"_"+pair[1], func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Compare(pair[0], pair[1])
			}
		})
	}
	b.Run("mixed", func(b *testing.B) {
		corpus := mixedCorpus(1024)
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			Compare(corpus[i], corpus[i+1])
			if i++; i == len(corpus)-1 {
				i = 0
			}
		}
	})
}

func BenchmarkParse(b *testing.B) {
	for _, s := range []string{"v1", "v2beta1", "v9223372036854775807alpha9223372036854775807"} {
		b.Run(s, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Parse(s)
			}
		})
	}
}

func BenchmarkSort(b *testing.B) {
	for _, n := range []int{10, 100, 10000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			corpus := mixedCorpus(n)
			work := make([]string, n)
			b.ReportAllocs()
			for b.Loop() {
				copy(work, corpus)
				Sort(work)
			}
		})
	}
}

func BenchmarkHighest(b *testing.B) {
	corpus := mixedCorpus(100)
	b.ReportAllocs()
	for b.Loop() {
		Highest(corpus)
	}
}
