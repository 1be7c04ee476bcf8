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
	// compare is orderRanks(a, b, rank(a), rank(b)) with the two calls to
	// rank written out, generated from rank.go: the calls would cost a
	// fifth of the time of Compare. Strings of rankLimit bytes or more,
	// and of fewer than 2, go to compareLong.
	return compare(a, b)
}

//go:generate go test -run ^TestCompareGenerated$ -update

// order is the ordering of Compare on two strings and their parses:
// versions by priority, each above every other string (the zero Version
// ranks lowest); then, among equal priorities, the shorter string (fewer
// leading zeros) above the longer; then the byte-wise smaller above the
// larger.
func order(a, b string, va, vb Version) int {
	if va != vb {
		return va.Compare(vb)
	}
	// tieBreak, written out: the call would cost a tenth of a Compare of
	// two strings that are not versions.
	if va.IsValid() && len(a) != len(b) {
		return b2i(len(a) < len(b)) - b2i(len(a) > len(b))
	}
	return strings.Compare(b, a)
}

// Sort sorts versions in place, highest priority first, in the order of
// [Compare]. For example, Sort on ["v1beta1", "foo", "v1", "v1alpha1"] gives
// ["v1", "v1beta1", "v1alpha1", "foo"]. Since the order is total, the result
// does not depend on the order of the input.
//
// A slice of more than 12 elements is parsed once, not once per
// comparison, and sorted in time linear in its length: its Kubernetes
// versions by a counting sort on their parsed values (a radix sort when
// their numbers are large), the other strings by a radix sort on their
// bytes. The buffers this takes are reused between calls.
func Sort(versions []string) {
	if len(versions) <= shortSort {
		slices.SortFunc(versions, func(a, b string) int { return Compare(b, a) })
		return
	}
	sortParsed(versions)
}

// shortSort is the length up to which Sort parses during comparisons rather
// than allocate buffers.
const shortSort = 12

// sortParsed sorts like Sort, with pointer-free buffers: each string is
// parsed once, and the versions are put in order by a counting sort on a
// dense number for each version that their numbers allow, or, when some
// number is large, by a radix sort on their parsed values. Then the other
// strings, which rank below every version in byte order, are sorted as
// plain strings, and runs of one version spelled in more than one way (v1,
// v01) are put in the order of the tie-break.
func sortParsed(versions []string) {
	b := getBuffers(len(versions))
	defer putBuffers(b)
	if !countingSort(versions, b) {
		radixSort(versions, b)
	}
}

// radixSort sorts versions like Sort, with the entries of b: the entries
// are sorted by Version by radix sort (the zero Version of the other
// strings last), and the strings are moved into that order in place.
func radixSort(versions []string, b *sortBuffers) {
	if cap(b.entries) < 2*len(versions) {
		b.entries = make([]entry, 2*len(versions))
	}
	buf := b.entries[:2*len(versions)]
	entries := buf[:len(versions)]
	valid := 0
	for i, s := range versions {
		v := scan(s)
		entries[i] = entry{v, i}
		if v.IsValid() {
			valid++
		}
	}
	entries = radixSortDescending(entries, buf[len(versions):])
	permute(versions, entries)
	sortBytewise(versions[valid:])
	for i := 0; i < valid; {
		j := i + 1
		for j < valid && entries[j].v == entries[i].v {
			j++
		}
		sortSpellings(versions[i:j])
		i = j
	}
}

// sortSpellings sorts a run of strings that spell the same version, unless
// they are all the same string, as they usually are.
func sortSpellings(run []string) {
	if slices.ContainsFunc(run, func(s string) bool { return s != run[0] }) {
		slices.SortFunc(run, func(a, b string) int { return tieBreak(b, a, true) })
	}
}

// permute moves versions[entries[k].i] to versions[k] for every k, in place,
// by following the cycles of the permutation. It marks the entries it has
// moved by setting their index to -1.
func permute(versions []string, entries []entry) {
	for k := range entries {
		if entries[k].i < 0 {
			continue
		}
		first := versions[k]
		for j := k; ; {
			from := entries[j].i
			entries[j].i = -1
			if from == k {
				versions[j] = first
				break
			}
			versions[j] = versions[from]
			j = from
		}
	}
}

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
	return key{s, scan(s)}
}

// compare is the ordering of Compare on keys.
func (a key) compare(b key) int {
	return order(a.s, b.s, a.v, b.v)
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
