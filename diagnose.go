package kubeversion

import (
	"strconv"
	"strings"
)

// diagnose tells why s is not a Kubernetes version, or returns the zero
// problem if it is one. Parse calls it only after scan has said no, so it
// follows the grammar step by step for a clear message rather than for
// speed. A syntax error anywhere wins over an out-of-range number, so the
// reason names what must be edited first.
func diagnose(s string) problem {
	if len(s) == 0 || s[0] != 'v' {
		return problem{kind: noV}
	}
	i := skipDigits(s, 1)
	switch {
	case i == 1:
		return problem{noMajor, 1}
	case i == len(s):
		if aboveLimit(s[1:]) {
			return problem{majorRange, 1}
		}
		return problem{}
	}
	var j int // where the minor number starts
	switch rest := s[i:]; {
	case strings.HasPrefix(rest, "beta"):
		j = i + len("beta")
	case strings.HasPrefix(rest, "alpha"):
		j = i + len("alpha")
	default:
		return problem{afterMajor, i}
	}
	k := skipDigits(s, j)
	switch {
	case k == j:
		return problem{noMinor, j}
	case k < len(s):
		return problem{afterMinor, k}
	case aboveLimit(s[1:i]):
		return problem{majorRange, 1}
	case aboveLimit(s[j:]):
		return problem{minorRange, j}
	}
	return problem{}
}

// skipDigits returns the index of the first byte at or after i in s that
// is not an ASCII digit, or len(s).
func skipDigits(s string, i int) int {
	for i < len(s) && s[i]-'0' <= 9 {
		i++
	}
	return i
}

// problem is what diagnose found wrong with a string. The zero problem
// means none.
type problem struct {
	kind problemKind
	at   int // byte offset of the problem
}

type problemKind uint8

const (
	ok         problemKind = iota
	noV                    // "", "V1", "1"
	noMajor                // "v", "vbeta1"
	noMinor                // "v1beta", "v1alpha-1"
	afterMajor             // "v1.30", "v1gamma1"
	afterMinor             // "v1beta1x"
	majorRange             // "v9223372036854775808"
	minorRange             // "v1beta9223372036854775808"
)

// err turns p into the *ParseError that Parse returns for s.
func (p problem) err(s string) error {
	e := &ParseError{Input: s, Offset: p.at, Err: ErrSyntax}
	switch p.kind {
	case noV:
		e.Reason = `must start with "v"`
		if s == "" {
			e.Reason = "empty string"
		}
	case noMajor:
		e.Reason = `missing number after "v"`
	case noMinor:
		word := "beta"
		if strings.HasSuffix(s[:p.at], "alpha") {
			word = "alpha"
		}
		e.Reason = "missing number after " + strconv.Quote(word)
	case afterMajor:
		e.Reason = "unexpected " + strconv.Quote(s[p.at:]) + " after major version"
	case afterMinor:
		e.Reason = "unexpected " + strconv.Quote(s[p.at:]) + " after minor version"
	case majorRange:
		e.Reason, e.Err = "major version out of range", ErrRange
	case minorRange:
		e.Reason, e.Err = "minor version out of range", ErrRange
	}
	return e
}
