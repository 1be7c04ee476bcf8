package migrate

import (
	"errors"
	"fmt"
	"io"
	"net/http"
)

// ErrAnswerTooLarge is the error of an answer of the cluster larger than
// the cap [LimitAnswers] sets: Options.MaxAnswerBytes for a run.
var ErrAnswerTooLarge = errors.New("the answer is larger than the cap")

// LimitAnswers returns a wrapper of a client's transport (for
// rest.Config.Wrap) that caps the body of each answer at limit bytes, as
// read (after any gzip is undone): reading past it is an error wrapping
// ErrAnswerTooLarge, and an answer that declares a larger Content-Length
// is refused before its body is read. client-go reads a body whole before
// decoding it, so without a cap a body that never ends is read until
// memory runs out, whatever the request's timeout.
func LimitAnswers(limit int64) func(http.RoundTripper) http.RoundTripper {
	tooLarge := fmt.Errorf("%w of %s", ErrAnswerTooLarge, bytesText(limit))
	return func(rt http.RoundTripper) http.RoundTripper {
		return roundTripFunc(func(req *http.Request) (*http.Response, error) {
			resp, err := rt.RoundTrip(req)
			if err != nil || resp.Body == nil {
				return resp, err
			}
			if resp.ContentLength > limit {
				resp.Body.Close()
				return nil, tooLarge
			}
			resp.Body = &cappedBody{ReadCloser: resp.Body, left: limit, err: tooLarge}
			return resp, nil
		})
	}
}

// bytesText says n in MiB when it is a whole number of them.
func bytesText(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}

// roundTripFunc is a function as an http.RoundTripper.
type roundTripFunc func(*http.Request) (*http.Response, error)

// RoundTrip calls f.
func (f roundTripFunc) RoundTrip(req *http.Request) (*http.Response, error) { return f(req) }

// cappedBody is a body of which at most left more bytes are read: one byte
// more is err.
type cappedBody struct {
	io.ReadCloser
	left int64
	err  error
}

// Read reads from the body, or fails once more than the cap was sent.
func (b *cappedBody) Read(p []byte) (int, error) {
	if b.left < 0 {
		return 0, b.err
	}
	if int64(len(p)) > b.left+1 {
		p = p[:b.left+1]
	}
	n, err := b.ReadCloser.Read(p)
	b.left -= int64(n)
	if b.left < 0 {
		return n - 1, b.err
	}
	return n, err
}
