package conformance

import (
	"testing"

	"github.com/kubeversion/kubeversion"
)

// FuzzCompareKubernetes compares kubeversion with apimachinery on pairs the
// fuzzer finds, and checks that both agree on which strings are versions.
func FuzzCompareKubernetes(f *testing.F) {
	f.Add("v1", "v01")                                            // a Kubernetes tie
	f.Add("v10", "v2")                                            // numbers, not bytes
	f.Add("v1beta1", "v1alpha2")                                  // stability first
	f.Add("foo1", "foo10")                                        // other strings in byte order
	f.Add("v9223372036854775807", "v9223372036854775808")         // the 64-bit limit
	f.Add("v1beta9223372036854775808", "v0000000000000000000001") // limit of the minor; long zeros
	f.Add("v1\n", "V1")                                           // near misses
	f.Fuzz(func(t *testing.T, a, b string) {
		checkPair(t, a, b)
		if got, want := kubeversion.IsValid(a), isKubeVersion(a); got != want {
			t.Errorf("IsValid(%q) = %v, Kubernetes says %v", a, got, want)
		}
	})
}
