package kubeversion

import (
	"errors"
	"strconv"
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
