package main

import (
	"context"
	"fmt"
)

// stopError is the failure of a call after which webhook check makes no
// other: the webhook cannot be called (connection refused, DNS, TLS),
// gave no answer within the server's 30 s or before --timeout, or
// answered more than maxAnswer. Every further call would fail alike, or
// the check would be less than asked, so the run ends with this one error
// and exit status 2, rather than one finding per call.
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
// ctx, whose deadline is the run's if runOut, else the call's own.
func (c *webhookClient) stopped(ctx context.Context, runOut bool, err error) *stopError {
	switch {
	case ctx.Err() != nil && runOut:
		return &stopError{reason: fmt.Sprintf("--timeout %v reached; give a longer one to check every object", c.timeout), err: err}
	case ctx.Err() != nil:
		return &stopError{reason: fmt.Sprintf("no answer within %v, the API server's timeout for a call", c.callTimeout), err: err}
	}
	return &stopError{reason: "the webhook cannot be called", err: err}
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

// byteSize returns n as "64 MiB" if it is a whole number of MiB, else as
// "70000000 bytes".
func byteSize(n int64) string {
	if n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}
