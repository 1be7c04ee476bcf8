package api

import "errors"

// MaxDepth is the deepest nesting of JSON objects and arrays that crd.Decode
// reads: 10000, the limit of the API server's JSON decoder
// (sigs.k8s.io/json, maxNestingDepth, as in encoding/json). The document
// itself counts as one level, so {"a": [1]} is nested 2 deep.
const MaxDepth = 10000

// ErrMaxDepth is the error that crd.Decode wraps when its input is nested
// deeper than [MaxDepth].
var ErrMaxDepth = errors.New("exceeded max depth")

// depthError is the error of a document nested deeper than MaxDepth, with
// the API server's message: invalid character '{' exceeded max depth,
// naming the bracket that went one level too deep.
type depthError struct {
	c byte // '{' or '['
}

func (e depthError) Error() string {
	return "invalid character '" + string(e.c) + "' " + ErrMaxDepth.Error()
}

func (e depthError) Unwrap() error { return ErrMaxDepth }
