package main

import (
	"io"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/webhookcheck/webhooktest"
	"github.com/kubeversion/kubeversion/conversion"
)

// countCalls wraps h and counts the requests it gets.
func countCalls(h http.Handler) (http.Handler, *atomic.Int32) {
	var n atomic.Int32
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		h.ServeHTTP(w, r)
	}), &n
}

// untilDone returns a channel closed at the end of the test, before its
// servers close: a server's Close waits for its handlers to return.
func untilDone(t *testing.T) <-chan struct{} {
	done := make(chan struct{})
	t.Cleanup(func() { close(done) })
	return done
}

// wantStop checks that webhook check stopped with exit status 2, one line
// of standard error that says want, and, if calls is not nil, that the
// webhook got at most one call: the check stops at the first that fails.
// (Whether the webhook got that call is for want to tell: a deadline
// may pass before it does, on a busy machine.)
func wantStop(t *testing.T, stderr string, status int, want string, calls *atomic.Int32) {
	t.Helper()
	if status != exitError || !strings.Contains(stderr, want) || strings.Count(stderr, "\n") != 1 {
		t.Errorf("status %d, stderr %q; want 2 and one line with %q", status, stderr, want)
	}
	if calls != nil && calls.Load() > 1 {
		t.Errorf("the webhook got %d calls; want at most 1: the check stops at the first that fails", calls.Load())
	}
}

// TestWebhookCheckRunTimeout checks that a webhook that never answers
// stops the check at --timeout, at its first call, with one error and exit
// status 2, instead of 30 s for each call, one after another. The 1 s
// counts from the start of the run, files and TLS handshake included, so
// that the call is made even under -race on a busy machine; the message
// is the same if it is not. Go's transport may also give the answer the
// server writes when the client hangs up, with the deadline's error on its
// body (seen once in CI): the reason is then the same and only the error
// of the call differs, so the test takes either.
func TestWebhookCheckRunTimeout(t *testing.T) {
	done := untilDone(t)
	silent, calls := countCalls(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-done:
		}
	}))
	url, ca, _ := webhookServer(t, silent)
	_, stderr, status := runCheck(t, "--timeout", "1s", "--crd", crdFile, "--url", url, "--ca", ca, samplesFile)
	const stop = "kubeversion webhook check: stopped at call 1: --timeout 1s reached; give a longer one to check every object: "
	want := stop + "Post \"" + url + "?timeout=30s\": context deadline exceeded\n"
	if body := stop + "unexpected error when reading response body. Please retry. Original error: context deadline exceeded\n"; stderr == body {
		want = body
	}
	wantStop(t, stderr, status, want, calls)
}

// TestWebhookCheckTrickle checks that a webhook that sends its answer a
// byte at a time is stopped at --timeout too: the deadline bounds the
// reading of the body, not only the wait for its headers. The message
// says the body was being read, so the 1 s must leave time to get there.
func TestWebhookCheckTrickle(t *testing.T) {
	done := untilDone(t)
	trickle, calls := countCalls(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		for {
			if _, err := io.WriteString(w, " "); err != nil {
				return
			}
			w.(http.Flusher).Flush()
			select {
			case <-r.Context().Done():
				return
			case <-done:
				return
			case <-time.After(10 * time.Millisecond):
			}
		}
	}))
	url, ca, _ := webhookServer(t, trickle)
	_, stderr, status := runCheck(t, "--timeout", "1s", "--crd", crdFile, "--url", url, "--ca", ca, samplesFile)
	wantStop(t, stderr, status, "stopped at call 1: --timeout 1s reached; give a longer one to check every object: unexpected error when reading response body", calls)
}

// TestWebhookCheckAnswerCap checks that webhook check stops at an answer
// longer than 64 MiB with one error and exit status 2. Streaming 64 MiB
// takes seconds under the race detector, so -short skips it.
func TestWebhookCheckAnswerCap(t *testing.T) {
	if testing.Short() {
		t.Skip("streams 64 MiB")
	}
	stream, calls := countCalls(webhooktest.EndlessAnswer())
	url, ca, _ := webhookServer(t, stream)
	_, stderr, status := runCheck(t, "--crd", crdFile, "--url", url, "--ca", ca, samplesFile)
	wantStop(t, stderr, status, "stopped at call 1: the answer is longer than 64 MiB, the most webhook check reads of the answer to a request of 400 bytes (the API server reads any size)", calls)
}

// TestWebhookCheckUnreachable checks that a webhook that cannot be called
// (nothing listens at its port; a certificate not trusted; the connection
// closed before the TLS handshake ends) stops the check at its first call
// with one error and exit status 2, not a finding per call with exit
// status 1.
func TestWebhookCheckUnreachable(t *testing.T) {
	addr := closedAddr(t)
	closed := "https://" + addr + "/convert"
	_, stderr, status := runCheck(t, "--crd", crdFile, "--url", closed, samplesFile)
	wantStop(t, stderr, status, "kubeversion webhook check: stopped at call 1: no connection to the webhook could be made: Post \""+closed+"?timeout=30s\": dial tcp "+addr+": connect: connection refused", nil)

	h, calls := countCalls(&conversion.Handler{Convert: cronTabSteps(false).Convert})
	url, _, _ := webhookServer(t, h)
	_, stderr, status = runCheck(t, "--crd", crdFile, "--url", url, samplesFile)
	wantStop(t, stderr, status, "stopped at call 1: no connection to the webhook could be made: Post \""+url+"?timeout=30s\": tls: failed to verify certificate: x509: certificate signed by unknown authority", nil)
	if calls.Load() != 0 {
		t.Errorf("the webhook of an untrusted certificate got %d calls", calls.Load())
	}

	hangUp, err := net.Listen("tcp", "127.0.0.1:0") // accepts, then closes before TLS
	if err != nil {
		t.Fatal(err)
	}
	defer hangUp.Close()
	go func() {
		for {
			conn, err := hangUp.Accept()
			if err != nil {
				return
			}
			conn.Close()
		}
	}()
	url = "https://" + hangUp.Addr().String() + "/convert"
	_, stderr, status = runCheck(t, "--crd", crdFile, "--url", url, samplesFile)
	// EOF, or a reset if the close finds the ClientHello unread.
	wantStop(t, stderr, status, "stopped at call 1: no connection to the webhook could be made: Post \""+url+"?timeout=30s\": ", nil)
}
