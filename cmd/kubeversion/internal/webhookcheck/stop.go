package webhookcheck

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
)

// stopError is the failure of a call after which webhook check makes no
// other: no connection to the webhook could be made (refused, DNS, TLS
// handshake or certificate), it redirected more than the API server
// follows, it gave no answer within the server's 30 s or before --timeout,
// or it answered more than maxAnswer. Further calls would fail alike, or
// the check would be less than asked, so the run ends with this one error
// and exit status 2, rather than one finding per call. A failure on an
// open connection (EOF, a reset, a body cut short: a webhook that crashes
// on one object) is the webhook's answer to that call, a finding.
type stopError struct {
	call   int    // the number of the call, from 1; the checker sets it
	reason string // what happened
	err    error  // the call's error, or nil
}

// Error returns "stopped at call 3: reason: error of the call".
func (e *stopError) Error() string {
	msg := fmt.Sprintf("stopped at call %d: %s", e.call, e.reason)
	if e.err != nil {
		msg += ": " + e.err.Error()
	}
	return msg
}

func (e *stopError) Unwrap() error { return e.err }

// stopped returns the stopError for err, the failure of a call made with
// ctx, whose deadline is the run's if runOut, else the call's own;
// connected tells whether the call got a connection. It returns nil when
// err is a failure of this call alone, to be reported as a finding.
func (c *webhookClient) stopped(ctx context.Context, runOut, connected bool, err error) *stopError {
	switch {
	case ctx.Err() != nil && runOut:
		return &stopError{reason: fmt.Sprintf("--timeout %v reached; give a longer one to check every object", c.timeout), err: err}
	case ctx.Err() != nil:
		return &stopError{reason: fmt.Sprintf("no answer within %v, the API server's timeout for a call", c.callTimeout), err: err}
	case errors.Is(err, errTooManyRedirects):
		return &stopError{reason: "the webhook redirects more than the API server follows", err: err}
	case !connected || unreachable(err):
		return &stopError{reason: "no connection to the webhook could be made", err: err}
	}
	return nil
}

// errTooManyRedirects is http.Client's error after 10 redirects, in its
// words, made by the client's CheckRedirect so that it can be told apart.
var errTooManyRedirects = errors.New("stopped after 10 redirects")

// unreachable reports whether err says that no connection could be made:
// a dial or a DNS lookup failed, or TLS did not trust the certificate.
// A call made without a connection is one too, whatever its error; this
// catches these errors at the target of a redirect, after a connection
// to the first URL.
func unreachable(err error) bool {
	var op *net.OpError
	var dns *net.DNSError
	var cert *tls.CertificateVerificationError
	return errors.As(err, &op) && op.Op == "dial" || errors.As(err, &dns) || errors.As(err, &cert)
}

// answerFloor is the least maxAnswer returns: 64 MiB.
const answerFloor = 64 << 20

// maxAnswer returns the most webhook check reads of the answer to a
// request of n bytes: floor (answerFloor, 64 MiB), or 16 times the request
// if that is more.
// The API server reads an answer of any size (client-go's io.ReadAll), so
// the cap is the check's own, there so that a webhook that streams
// forever cannot take all memory before the 30 s timeout. 64 MiB is 21
// times the 3 MiB body the server accepts for an object
// (MaxRequestBodyBytes), and 16 times the request leaves room for a list's
// answer and for objects that carry a JSON-escaped copy of the original in
// an annotation, as webhooks do to round-trip fields.
func maxAnswer(floor int64, n int) int64 {
	return max(floor, 16*int64(n))
}
