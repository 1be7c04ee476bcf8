package kubeversion

import "strconv"

// Version is a parsed Kubernetes version such as v2beta1: a major number, a
// [Stability] and, for alpha and beta, a minor number. It is a small value
// type that supports ==; two Versions are equal when they denote the same
// version, so Parse("v01") == Parse("v1").
//
// The zero Version is invalid: it is not the result of any successful
// [Parse], and [Version.IsValid] reports false for it.
type Version struct {
	// The three parts in priority order, packed into 128 bits as net/netip
	// packs an address, so that a comparison is two integer comparisons:
	// hi holds the stability (2 bits) and the top 62 bits of the major
	// number; lo holds the last bit of the major number and the minor number
	// (63 bits). Both numbers are at most math.MaxInt64, so they fit.
	hi, lo uint64
}

// makeVersion packs the parts of a version; major and minor must be at most
// math.MaxInt64.
func makeVersion(major uint64, s Stability, minor uint64) Version {
	return Version{hi: uint64(s)<<62 | major>>1, lo: major<<63 | minor}
}

// IsValid reports whether v is a parsed version rather than the zero Version.
// For example, MustParse("v1").IsValid() == true and Version{}.IsValid() ==
// false.
func (v Version) IsValid() bool { return v.hi != 0 }

// Major returns the major number. For example, MustParse("v2beta1").Major()
// == 2. It is 0 for the zero Version.
func (v Version) Major() uint64 { return v.hi<<2>>1 | v.lo>>63 }

// Minor returns the number after "alpha" or "beta". For example,
// MustParse("v2beta1").Minor() == 1. It is 0 for a GA version and for the zero
// Version.
func (v Version) Minor() uint64 { return v.lo &^ (1 << 63) }

// Stability returns [Alpha], [Beta] or [GA]. For example,
// MustParse("v2beta1").Stability() == Beta. It is 0 for the zero Version.
func (v Version) Stability() Stability { return Stability(v.hi >> 62) }

// Compare returns +1 if v ranks higher than w, -1 if it ranks lower and 0 if
// they are equal. For example, MustParse("v1").Compare(MustParse("v2beta1"))
// == +1, since GA ranks above beta. It agrees with the string [Compare] on
// canonical strings. The zero Version ranks below every valid one.
func (v Version) Compare(w Version) int {
	// The low words decide only when the high words are equal. Both
	// choices are made without branches: in a sort they are unpredictable.
	x, y := v.hi, w.hi
	if x == y {
		x, y = v.lo, w.lo
	}
	return b2i(x > y) - b2i(x < y)
}

// b2i returns 1 for true and 0 for false; the compiler turns it into a
// conditional set, not a branch.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// String returns the canonical spelling of v, without leading zeros. For
// example, MustParse("v02beta01").String() == "v2beta1". The zero Version
// prints as "invalid version", which [Parse] rejects.
func (v Version) String() string {
	if !v.IsValid() {
		return "invalid version"
	}
	var buf [48]byte
	return string(v.appendTo(buf[:0]))
}

// AppendText implements [encoding.TextAppender]: it appends the canonical
// spelling of v to b. For example, MustParse("v01").AppendText(nil) returns
// "v1". The zero Version appends nothing.
func (v Version) AppendText(b []byte) ([]byte, error) {
	if !v.IsValid() {
		return b, nil
	}
	return v.appendTo(b), nil
}

// MarshalText implements [encoding.TextMarshaler]: it returns the canonical
// spelling of v, or an empty slice for the zero Version. For example,
// MustParse("v1beta1").MarshalText() returns "v1beta1".
func (v Version) MarshalText() ([]byte, error) {
	var buf [48]byte
	b, err := v.AppendText(buf[:0])
	return append([]byte(nil), b...), err
}

// UnmarshalText implements [encoding.TextUnmarshaler]: it parses text with
// [Parse]. For example, unmarshaling "v2alpha1" gives
// MustParse("v2alpha1"). An empty text gives the zero Version, so that an
// empty field of a configuration file reads back as it was written; any
// other text that is not a Kubernetes version gives a [*ParseError] and leaves
// v unchanged.
func (v *Version) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*v = Version{}
		return nil
	}
	w, err := Parse(string(text))
	if err != nil {
		return err
	}
	*v = w
	return nil
}

func (v Version) appendTo(b []byte) []byte {
	b = append(b, 'v')
	b = strconv.AppendUint(b, v.Major(), 10)
	switch v.Stability() {
	case Alpha:
		b = append(b, "alpha"...)
	case Beta:
		b = append(b, "beta"...)
	default:
		return b
	}
	return strconv.AppendUint(b, v.Minor(), 10)
}
