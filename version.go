package kubeversion

import (
	"cmp"
	"strconv"
)

// Version is a parsed Kubernetes version such as v2beta1: a major number, a
// [Stability] and, for alpha and beta, a minor number. It is a small value
// type that supports ==; two Versions are equal when they denote the same
// version, so Parse("v01") == Parse("v1").
//
// The zero Version is invalid: it is not the result of any successful
// [Parse], and [Version.IsValid] reports false for it.
type Version struct {
	major, minor uint64
	stability    Stability
}

// IsValid reports whether v is a parsed version rather than the zero Version.
// For example, MustParse("v1").IsValid() == true and Version{}.IsValid() ==
// false.
func (v Version) IsValid() bool { return v.stability != 0 }

// Major returns the major number. For example, MustParse("v2beta1").Major()
// == 2. It is 0 for the zero Version.
func (v Version) Major() uint64 { return v.major }

// Minor returns the number after "alpha" or "beta". For example,
// MustParse("v2beta1").Minor() == 1. It is 0 for a GA version and for the zero
// Version.
func (v Version) Minor() uint64 { return v.minor }

// Stability returns [Alpha], [Beta] or [GA]. For example,
// MustParse("v2beta1").Stability() == Beta. It is 0 for the zero Version.
func (v Version) Stability() Stability { return v.stability }

// Compare returns +1 if v ranks higher than w, -1 if it ranks lower and 0 if
// they are equal. For example, MustParse("v1").Compare(MustParse("v2beta1"))
// == +1, since GA ranks above beta. It agrees with the string [Compare] on
// canonical strings. The zero Version ranks below every valid one.
func (v Version) Compare(w Version) int {
	if c := cmp.Compare(v.stability, w.stability); c != 0 {
		return c
	}
	if c := cmp.Compare(v.major, w.major); c != 0 {
		return c
	}
	return cmp.Compare(v.minor, w.minor)
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
	b = strconv.AppendUint(b, v.major, 10)
	switch v.stability {
	case Alpha:
		b = append(b, "alpha"...)
	case Beta:
		b = append(b, "beta"...)
	default:
		return b
	}
	return strconv.AppendUint(b, v.minor, 10)
}
