package cluster

import (
	"errors"
	"io"
	"net/http"
)

// MaxAnswerBytes caps the body of one answer of the cluster, as read (after
// any gzip is undone): 64 MiB. An answer of LiveCRDs is one CRD, which the
// API server accepted in a request body of at most 3 MiB and etcd stores
// in at most 1.5 MiB by default; served as JSON with its status and
// managedFields it stays within a few times that. A body that never ends
// would otherwise be read until memory runs out, well before lint's 30 s
// timeout. LiveCRDs reads no lists.
const MaxAnswerBytes = 64 << 20

// ErrAnswerTooLarge is the error of an answer larger than MaxAnswerBytes.
var ErrAnswerTooLarge = errors.New("the answer is larger than 64 MiB: no CRD is that large")

// capAnswers returns rt with the body of each answer capped at
// MaxAnswerBytes: reading past it is ErrAnswerTooLarge, and an answer that
// declares a larger Content-Length is refused before its body is read.
func capAnswers(rt http.RoundTripper) http.RoundTripper {
	return roundTripperFunc(func(req *http.Request) (*http.Response, error) {
		resp, err := rt.RoundTrip(req)
		if err != nil || resp.Body == nil {
			return resp, err
		}
		if resp.ContentLength > MaxAnswerBytes {
			resp.Body.Close()
			return nil, ErrAnswerTooLarge
		}
		resp.Body = &cappedBody{ReadCloser: resp.Body, left: MaxAnswerBytes}
		return resp, nil
	})
}

// roundTripperFunc is a function as an http.RoundTripper.
type roundTripperFunc func(*http.Request) (*http.Response, error)

// RoundTrip calls f.
func (f roundTripperFunc) RoundTrip(req *http.Request) (*http.Response, error) { return f(req) }

// cappedBody is a body of which at most left more bytes are read: one byte
// more is ErrAnswerTooLarge.
type cappedBody struct {
	io.ReadCloser
	left int64
}

// Read reads from the body, or fails once more than the cap was sent.
func (b *cappedBody) Read(p []byte) (int, error) {
	if b.left < 0 {
		return 0, ErrAnswerTooLarge
	}
	if int64(len(p)) > b.left+1 {
		p = p[:b.left+1]
	}
	n, err := b.ReadCloser.Read(p)
	b.left -= int64(n)
	if b.left < 0 {
		return n - 1, ErrAnswerTooLarge
	}
	return n, err
}
