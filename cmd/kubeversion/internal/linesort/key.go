package linesort

import (
	"cmp"
	"unsafe"

	"github.com/kubeversion/kubeversion"
)

// versionKey returns a key for the version part of a line (what follows
// the group's slash) whose order, smallest first, is the order of
// kubeversion.Sort, highest first, wherever two keys differ. Two lines of
// a group with equal keys are the same line if the key is exact (see
// exactKey), and must be compared with kubeversion.Compare if not.
//
// The top bit tells a version (0) from another string (1), since versions
// come first. A version's key has, below that, its stability, major and
// minor, each complemented so that the highest comes first, in fields of
// 2, 30 and 30 bits, and last a bit that is 1 when the key is not exact:
// when the version is spelled with leading zeros (and so comes after the
// spelling without), or a number is too large for its field. Such a
// number fills its field, and a major number too large fills the minor
// field too, so that the key does not misorder what it cannot tell apart.
//
// Another string's key holds its first 7 bytes, padded with zeros, and
// then its length up to 8: up to 7 bytes, the key tells the whole string.
//
// For example, the keys of "v1" < "v01" < "v1beta1" < "v1alpha1" < "foo".
func versionKey(s string) uint64 {
	if !kubeversion.IsValid(s) {
		var first uint64
		for i := range min(len(s), 7) {
			first |= uint64(s[i]) << (48 - 8*i)
		}
		return 1<<63 | first<<7 | uint64(min(len(s), 8))
	}
	v := kubeversion.MustParse(s)
	const fieldMax = 1<<30 - 1
	major, minor := v.Major(), v.Minor()
	inexact := len(s) != canonicalLen(v)
	if major >= fieldMax {
		major, minor, inexact = fieldMax, fieldMax, true
	}
	if minor >= fieldMax {
		minor, inexact = fieldMax, true
	}
	return uint64(kubeversion.GA-v.Stability())<<61 | (fieldMax-major)<<31 | (fieldMax-minor)<<1 | uint64(b2u(inexact))
}

// exactKey reports whether all lines of a group with the key k are the
// same line.
func exactKey(k uint64) bool {
	if k>>63 == 0 {
		return k&1 == 0
	}
	return k&0x7f < 8
}

// canonicalLen returns the length of the spelling of v without leading
// zeros.
func canonicalLen(v kubeversion.Version) int {
	switch v.Stability() {
	case kubeversion.Alpha:
		return 1 + digits(v.Major()) + len("alpha") + digits(v.Minor())
	case kubeversion.Beta:
		return 1 + digits(v.Major()) + len("beta") + digits(v.Minor())
	}
	return 1 + digits(v.Major())
}

// digits returns the number of decimal digits of n.
func digits(n uint64) int {
	d := 1
	for ; n >= 10; n /= 10 {
		d++
	}
	return d
}

func b2u(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// lineSorter sorts the records of one group.
type lineSorter struct {
	in     *Input
	prefix int // the length of the group's prefix, slash included
}

// version returns the version part of the line at loc, as a string that
// shares the input's memory. A line shorter than the group's prefix is
// one that moved in a file rewritten since its group was found: version
// panics with ErrInputChanged.
func (s *lineSorter) version(loc uint64) string {
	line := s.in.line(loc)
	if len(line) < s.prefix {
		panic(ErrInputChanged)
	}
	return unsafeString(line[s.prefix:])
}

// unsafeString returns b as a string without copying; b must not change.
func unsafeString(b []byte) string {
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// compare orders two records of the group, the line that comes first in
// the output first.
func (s *lineSorter) compare(a, b record) int {
	if a.key != b.key {
		return cmp.Compare(a.key, b.key)
	}
	if exactKey(a.key) {
		return 0
	}
	return kubeversion.Compare(s.version(b.loc), s.version(a.loc))
}
