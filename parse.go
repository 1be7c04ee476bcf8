package kubeversion

import (
	"math"
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
// as a value, so that the hot paths (IsValid, Compare) never allocate; only
// Parse turns the problem into an error. A syntax error anywhere wins over
// an out-of-range number, so the reason names what must be edited first.
func scan(s string) (Version, problem) {
	if s == "" {
		return Version{}, problem{kind: empty}
	}
	if s[0] != 'v' {
		return Version{}, problem{kind: noV}
	}
	major, i, majorBig := number(s, 1)
	if i == 1 {
		return Version{}, problem{kind: noNumber, at: 1, after: "v"}
	}
	v := Version{major: major, stability: GA}
	minorBig := false
	if i < len(s) {
		switch rest := s[i:]; {
		case strings.HasPrefix(rest, "alpha"):
			v.stability = Alpha
		case strings.HasPrefix(rest, "beta"):
			v.stability = Beta
		default:
			return Version{}, problem{kind: trailing, at: i, after: "major version"}
		}
		word := v.stability.String()
		j := i + len(word)
		var k int
		v.minor, k, minorBig = number(s, j)
		if k == j {
			return Version{}, problem{kind: noNumber, at: j, after: word}
		}
		if k < len(s) {
			return Version{}, problem{kind: trailing, at: k, after: "minor version"}
		}
	}
	switch {
	case majorBig:
		return Version{}, problem{kind: tooBig, at: 1, after: "major version"}
	case minorBig:
		return Version{}, problem{kind: tooBig, at: i + len(v.stability.String()), after: "minor version"}
	}
	return v, problem{}
}

// number reads the ASCII digits of s starting at i, returning their value,
// the index after the last digit, and whether the value exceeds
// math.MaxInt64, the limit of strconv.Atoi on the 64-bit platforms that
// Kubernetes runs on. The value is only meaningful when it does not.
func number(s string, i int) (n uint64, end int, big bool) {
	for end = i; end < len(s) && '0' <= s[end] && s[end] <= '9'; end++ {
		d := uint64(s[end] - '0')
		if n > (math.MaxInt64-d)/10 {
			big = true
		}
		n = n*10 + d
	}
	return n, end, big
}
