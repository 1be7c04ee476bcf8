package kubeversion

import (
	"cmp"
	"slices"
	"strings"
)

// Compare returns +1 if a ranks higher than b in Kubernetes' version
// priority, -1 if it ranks lower and 0 only if a == b. For example,
// Compare("v1", "v2beta1") == +1, Compare("v2alpha1", "v1beta1") == -1 and
// Compare("foo1", "foo10") == +1.
//
// The sign is the sign of Kubernetes' CompareKubeAwareVersionStrings(a, b)
// whenever that is not zero. Where Kubernetes ranks two different strings
// equal ("v1" and "v01"), the shorter ranks higher, then the byte-wise
// smaller, so that Compare is a total order. Compare does not allocate.
func Compare(a, b string) int {
	if a == b {
		return 0
	}
	return keyOf(a).compare(keyOf(b))
}

// Sort sorts versions in place, highest priority first, in the order of
// [Compare]. For example, Sort on ["v1beta1", "foo", "v1", "v1alpha1"] gives
// ["v1", "v1beta1", "v1alpha1", "foo"]. Since the order is total, the result
// does not depend on the order of the input. A long slice is parsed once, in
// a buffer of one entry per element, rather than once per comparison.
func Sort(versions []string) {
	if len(versions) <= shortSort {
		slices.SortFunc(versions, func(a, b string) int { return Compare(b, a) })
		return
	}
	keys := make([]key, len(versions))
	for i, s := range versions {
		keys[i] = keyOf(s)
	}
	slices.SortFunc(keys, func(a, b key) int { return b.compare(a) })
	for i, k := range keys {
		versions[i] = k.s
	}
}

// shortSort is the length up to which Sort parses during comparisons rather
// than allocate a buffer of parsed keys.
const shortSort = 12

// Highest returns the element of versions that ranks highest, and false if
// versions is empty. For example, Highest(["v1beta1", "v1", "v2alpha1"])
// returns "v1", true.
func Highest(versions []string) (string, bool) {
	if len(versions) == 0 {
		return "", false
	}
	best := keyOf(versions[0])
	for _, s := range versions[1:] {
		if k := keyOf(s); k.compare(best) > 0 {
			best = k
		}
	}
	return best.s, true
}

// key is a string with its parse, for comparing without parsing again.
// v is the zero Version when s is not a Kubernetes version.
type key struct {
	s string
	v Version
}

func keyOf(s string) key {
	v, _ := scan(s)
	return key{s, v}
}

// compare is the ordering of Compare: versions by priority, each above every
// other string (the zero Version ranks lowest); then, among equal priorities,
// the shorter string (fewer leading zeros) above the longer; then the
// byte-wise smaller above the larger.
func (a key) compare(b key) int {
	if c := a.v.Compare(b.v); c != 0 {
		return c
	}
	if c := cmp.Compare(len(b.s), len(a.s)); c != 0 && a.v.IsValid() {
		return c
	}
	return strings.Compare(b.s, a.s)
}
