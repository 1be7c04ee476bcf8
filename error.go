package kubeversion

import (
	"errors"
	"strconv"
	"strings"
)

// The errors that a [*ParseError] unwraps to, in the manner of strconv.
var (
	// ErrSyntax means the string does not have the form of a Kubernetes
	// version, for example "v1.30" or "v1beta".
	ErrSyntax = errors.New("invalid syntax")
	// ErrRange means the string has the form of a Kubernetes version, but a
	// number in it is larger than 9223372036854775807, so Kubernetes does not
	// treat it as a version.
	ErrRange = errors.New("value out of range")
)

// ParseError records why a string is not a Kubernetes version. [Parse] and
// [Version.UnmarshalText] return it. For example, Parse("v1beta") returns
//
//	&ParseError{Input: "v1beta", Offset: 6, Reason: `missing number after "beta"`, Err: ErrSyntax}
//
// whose Error method gives
//
//	kubeversion: parsing "v1beta": missing number after "beta"
type ParseError struct {
	Input  string // the string that was parsed
	Offset int    // byte offset in Input where the problem starts
	Reason string // what is wrong, for people to read
	Err    error  // ErrSyntax or ErrRange, for errors.Is
}

// Error returns the message "kubeversion: parsing <quoted input>: <reason>".
func (e *ParseError) Error() string {
	return "kubeversion: parsing " + strconv.Quote(e.Input) + ": " + e.Reason
}

// Unwrap returns [ErrSyntax] or [ErrRange], so that errors.Is(err, ErrSyntax)
// tells the two kinds apart.
func (e *ParseError) Unwrap() error { return e.Err }

// problem is what scan found wrong, kept as plain values so that scanning
// never allocates. The zero problem means none.
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
