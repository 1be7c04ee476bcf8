package kubeversion

import "strconv"

// Stability is the maturity level of a Kubernetes version: [Alpha], [Beta]
// or [GA]. The higher priority is the larger value, so stabilities compare
// with < and cmp.Compare. The zero Stability belongs to the zero, invalid
// [Version] only.
type Stability uint8

// The stability levels, from lowest to highest priority.
const (
	Alpha Stability = iota + 1 // v1alpha1
	Beta                       // v1beta1
	GA                         // v1
)

// String returns "alpha", "beta" or "GA". For example, Beta.String() ==
// "beta". A value outside the three constants prints as "Stability(N)".
func (s Stability) String() string {
	switch s {
	case Alpha:
		return "alpha"
	case Beta:
		return "beta"
	case GA:
		return "GA"
	}
	return "Stability(" + strconv.Itoa(int(s)) + ")"
}
