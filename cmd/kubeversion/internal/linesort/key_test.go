package linesort

import (
	"math/rand/v2"
	"testing"

	"github.com/kubeversion/kubeversion"
)

// TestVersionKey checks that versionKey orders as kubeversion.Compare
// wherever keys differ, and that equal exact keys belong to equal strings.
func TestVersionKey(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var strs []string
	for _, shape := range []string{"versions", "odd versions", "strings", "mixed"} {
		strs = append(strs, sortShapes[shape](r, 300)...)
	}
	failures := 0
	for _, a := range strs {
		for _, b := range strs {
			ka, kb := versionKey(a), versionKey(b)
			// The key's order is ascending where Compare's is highest first.
			want := kubeversion.Compare(b, a)
			ok := ka == kb && (!exactKey(ka) || a == b) || ka < kb && want < 0 || ka > kb && want > 0
			if !ok {
				t.Errorf("versionKey(%q) = %#x, versionKey(%q) = %#x; Compare(%q, %q) = %d", a, ka, b, kb, b, a, want)
				if failures++; failures == 20 {
					t.Fatal("stopping after 20 failures")
				}
			}
		}
	}
}
