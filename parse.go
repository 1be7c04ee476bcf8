package kubeversion

import (
	"strings"
)

// Parse parses s as a Kubernetes version. For example, Parse("v2beta1")
// returns a Version with major 2, stability [Beta] and minor 1, and
// Parse("v02beta01") returns the same Version.
//
// Parse succeeds exactly for the strings that Kubernetes treats as versions
// (see the package doc for the grammar). Otherwise it returns the zero
// Version and a [*ParseError] that unwraps to [ErrSyntax] or [ErrRange]:
//
//	Parse("v1beta")  // missing number after "beta" (ErrSyntax)
//	Parse("V1")      // must start with "v" (ErrSyntax)
//	Parse("v1.30.2") // unexpected ".30.2" after major version (ErrSyntax)
//	Parse("v9223372036854775808") // major version out of range (ErrRange)
func Parse(s string) (Version, error) {
	v, p := scan(s)
	if p.kind != ok {
		return Version{}, p.err(s)
	}
	return v, nil
}

// MustParse is like [Parse] but panics if s is not a Kubernetes version. It
// is intended for use in tests and with hard-coded strings. For example,
// MustParse("v1").String() == "v1".
func MustParse(s string) Version {
	v, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return v
}

// IsValid reports whether s is a Kubernetes version, that is, whether [Parse]
// would succeed. For example, IsValid("v1alpha1") == true, IsValid("v1.30")
// == false. It does not allocate.
func IsValid(s string) bool {
	_, p := scan(s)
	return p.kind == ok
}

// scan reads s as a Kubernetes version. It reports the first problem found
// as a plain value, so that the hot paths (IsValid, Compare) never allocate;
// only Parse turns the problem into an error. A syntax error anywhere wins
// over an out-of-range number, so the reason names what must be edited first.
func scan(s string) (Version, problem) {
	if len(s) == 0 || s[0] != 'v' {
		return Version{}, problem{kind: noV}
	}
	major, i := digits(s, 1)
	switch {
	case i == 1:
		return Version{}, problem{noMajor, 1}
	case i == len(s): // GA, the common case
		if i > 19 && aboveLimit(s[1:i]) {
			return Version{}, problem{majorRange, 1}
		}
		return makeVersion(major, GA, 0), problem{}
	}
	var stability Stability
	j := i // where the minor number starts
	switch rest := s[i:]; {
	case strings.HasPrefix(rest, "beta"):
		stability, j = Beta, i+len("beta")
	case strings.HasPrefix(rest, "alpha"):
		stability, j = Alpha, i+len("alpha")
	default:
		return Version{}, problem{afterMajor, i}
	}
	minor, k := digits(s, j)
	switch {
	case k == j:
		return Version{}, problem{noMinor, j}
	case k < len(s):
		return Version{}, problem{afterMinor, k}
	}
	// A number of up to 18 digits cannot exceed the limit, so strings of up
	// to 19 bytes, the common case, skip this.
	if len(s) > 19 {
		switch {
		case aboveLimit(s[1:i]):
			return Version{}, problem{majorRange, 1}
		case aboveLimit(s[j:]):
			return Version{}, problem{minorRange, j}
		}
	}
	return makeVersion(major, stability, minor), problem{}
}

// digits reads the ASCII digits of s starting at i, returning their value
// and the index after the last one. The value wraps around when there are
// too many digits; scan checks for that with aboveLimit.
func digits(s string, i int) (n uint64, end int) {
	for end = i; end < len(s) && s[end]-'0' <= 9; end++ {
		n = n*10 + uint64(s[end]-'0')
	}
	return n, end
}

// aboveLimit reports whether the ASCII digits in s, leading zeros included,
// denote a number above math.MaxInt64, the limit of strconv.Atoi on the
// 64-bit platforms that Kubernetes runs on. It compares digit by digit, not
// with >, so that scan stays a leaf function without a call.
func aboveLimit(digits string) bool {
	for len(digits) > 0 && digits[0] == '0' {
		digits = digits[1:]
	}
	const limit = "9223372036854775807"
	if len(digits) != len(limit) {
		return len(digits) > len(limit)
	}
	for i := range len(limit) {
		if digits[i] != limit[i] {
			return digits[i] > limit[i]
		}
	}
	return false
}
