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
	va, _ := scan(a)
	vb, _ := scan(b)
	if c := va.Compare(vb); c != 0 {
		return c
	}
	return tieBreak(a, b, va.IsValid())
}

// Sort sorts versions in place, highest priority first, in the order of
// [Compare]. For example, Sort on ["v1beta1", "foo", "v1", "v1alpha1"] gives
// ["v1", "v1beta1", "v1alpha1", "foo"]. Since the order is total, the result
// does not depend on the order of the input.
//
// A long slice is parsed once, into a buffer of one entry per Kubernetes
// version, rather than once per comparison; the other strings, which rank
// below all versions in byte order, are sorted as plain strings.
func Sort(versions []string) {
	if len(versions) <= shortSort {
		slices.SortFunc(versions, func(a, b string) int { return Compare(b, a) })
		return
	}
	keys := make([]key, 0, len(versions))
	others := versions[:0]
	for _, s := range versions {
		if v, _ := scan(s); v.IsValid() {
			keys = append(keys, key{s, v})
		} else {
			others = append(others, s) // overwrites only what was read
		}
	}
	// The others move to the end first: writing the keys back overwrites
	// the front.
	copy(versions[len(keys):], others)
	slices.Sort(versions[len(keys):])
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
	return tieBreak(a.s, b.s, a.v.IsValid())
}

// tieBreak orders two strings of equal priority: two spellings of one
// version (valid) by length, the shorter first, then all by byte order, the
// smaller first.
func tieBreak(a, b string, valid bool) int {
	if valid && len(a) != len(b) {
		return cmp.Compare(len(b), len(a))
	}
	return strings.Compare(b, a)
}
