package migrate

import (
	"context"
	"errors"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	utilnet "k8s.io/apimachinery/pkg/util/net"
)

// Retriable reports whether err is worth trying again after a wait: a 429,
// a 5xx (an internal error, often a conversion webhook that failed, a
// service unavailable, a server timeout), a client timeout, or a connection
// lost on the way. A 4xx answer such as 403 or 422 is final, and so are an
// answer past Options.MaxAnswerBytes and the cancellation of the run's
// context.
func Retriable(err error) bool {
	switch {
	case err == nil, errors.Is(err, context.Canceled), errors.Is(err, ErrAnswerTooLarge):
		return false
	case apierrors.IsTooManyRequests(err), apierrors.IsServerTimeout(err),
		apierrors.IsTimeout(err), apierrors.IsInternalError(err),
		apierrors.IsServiceUnavailable(err), apierrors.IsUnexpectedServerError(err):
		return true
	case utilnet.IsConnectionReset(err), utilnet.IsProbableEOF(err),
		utilnet.IsHTTP2ConnectionLost(err), errors.Is(err, context.DeadlineExceeded):
		return true
	}
	var status apierrors.APIStatus
	if errors.As(err, &status) && status.Status().Code >= 500 {
		return true
	}
	return false
}

// maxRetryAfter bounds the wait a server's Retry-After asks for: 60 s. A
// server (or anything between) that asks for an hour does not hold the
// run for an hour per request. A variable for tests.
var maxRetryAfter = 60 * time.Second

// retry calls do until it succeeds, fails with an error that is not
// Retriable, or has been retried o.Retries times, waiting o.Backoff, then
// twice as long each time (at most 30s, or the server's Retry-After when
// longer, at most maxRetryAfter). Each call gets a context that ends after
// o.RequestTimeout, so that a server that never answers costs a timeout,
// which is retried, not the run. It returns the last error, and how many
// retries it made.
func retry(ctx context.Context, o Options, do func(ctx context.Context) error) (int, error) {
	wait := o.Backoff
	for n := 0; ; n++ {
		rctx, cancel := context.WithTimeout(ctx, o.RequestTimeout)
		err := do(rctx)
		cancel()
		if err == nil || n >= o.Retries || !Retriable(err) || ctx.Err() != nil {
			return n, err
		}
		d := wait
		if s, ok := apierrors.SuggestsClientDelay(err); ok && time.Duration(s)*time.Second > d {
			d = min(time.Duration(s)*time.Second, maxRetryAfter)
		}
		t := time.NewTimer(d)
		select {
		case <-ctx.Done():
			t.Stop()
			return n, err
		case <-t.C:
		}
		wait = min(2*wait, 30*time.Second)
	}
}
