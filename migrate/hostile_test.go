package migrate

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// listResponse returns a list of widgets' metadata, with the names of
// items, and the continue token cont.
func listResponse(r *http.Request, cont string, items int) *http.Response {
	list := metav1.PartialObjectMetadataList{TypeMeta: metav1.TypeMeta{Kind: "PartialObjectMetadataList", APIVersion: "meta.k8s.io/v1"}}
	list.Continue = cont
	for i := range items {
		ns, name := widgetName(i)
		list.Items = append(list.Items, metav1.PartialObjectMetadata{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: name, ResourceVersion: "1"}})
	}
	b, _ := json.Marshal(list)
	return &http.Response{StatusCode: http.StatusOK, Header: http.Header{"Content-Type": []string{"application/json"}},
		Body: io.NopCloser(bytes.NewReader(b)), Request: r}
}

// TestRepeatedContinueToken: a server that gives the same continue token
// again is an error, not a list that never ends.
func TestRepeatedContinueToken(t *testing.T) {
	c := prepare(t, 3)
	lists := 0
	cfg := hooked(c.cfg, hooks{onList: func(r *http.Request) *http.Response {
		lists++
		return listResponse(r, "again", 0)
	}})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_, err := c.migrator(cfg, Options{PageSize: 2}).Run(ctx, testCRD)
	if !errors.Is(err, ErrListLoop) {
		t.Fatalf("Run: %v after %d lists, want ErrListLoop", err, lists)
	}
	if lists != 3 { // the preflight's read of one object, then two pages
		t.Errorf("%d lists, want 3", lists)
	}
}

// TestOversizedPage: a server that ignores the page limit is an error
// before any object of the page is patched.
func TestOversizedPage(t *testing.T) {
	c := prepare(t, 3)
	var mu sync.Mutex
	patches := 0
	cfg := hooked(c.cfg, hooks{
		onList:  func(r *http.Request) *http.Response { return listResponse(r, "", 3) },
		onPatch: func(ns, name string) *http.Response { mu.Lock(); patches++; mu.Unlock(); return nil },
	})
	_, err := c.migrator(cfg, Options{PageSize: 2}).Run(context.Background(), testCRD)
	if !errors.Is(err, ErrPageTooLarge) || patches != 0 {
		t.Fatalf("Run: %v after %d patches, want ErrPageTooLarge and none", err, patches)
	}
}

// TestRequestTimeout: a request the server never answers ends at
// Options.RequestTimeout, and is retried, not waited on for ever.
func TestRequestTimeout(t *testing.T) {
	c := prepare(t, 3)
	cfg := hooked(c.cfg, hooks{onList: func(r *http.Request) *http.Response {
		<-r.Context().Done() // hangs until the client gives up
		return nil
	}})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	start := time.Now()
	_, err := c.migrator(cfg, Options{RequestTimeout: 200 * time.Millisecond, Retries: 2}).Run(ctx, testCRD)
	if d := time.Since(start); err == nil || ctx.Err() != nil || d > 10*time.Second {
		t.Fatalf("Run: %v after %v, want an error within seconds", err, d)
	}
}

// TestRetryAfterBounded: a Retry-After of an hour waits maxRetryAfter.
func TestRetryAfterBounded(t *testing.T) {
	defer func(d time.Duration) { maxRetryAfter = d }(maxRetryAfter)
	maxRetryAfter = 100 * time.Millisecond
	o := Options{Retries: 1, Backoff: time.Millisecond}.withDefaults()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	calls := 0
	_, err := retry(ctx, o, func(context.Context) error {
		if calls++; calls == 1 {
			return apierrors.NewTooManyRequests("later", 3600)
		}
		return nil
	})
	if err != nil || calls != 2 {
		t.Fatalf("%d calls, %v: want the second after maxRetryAfter", calls, err)
	}
}

// TestCountsAfterInterruption: a run interrupted within a page reports
// the writes of that page too, not only those of the pages finished.
func TestCountsAfterInterruption(t *testing.T) {
	c := prepare(t, faultObjects)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var mu sync.Mutex
	patches := 0
	cfg := hooked(c.cfg, hooks{onPatch: func(ns, name string) *http.Response {
		mu.Lock()
		defer mu.Unlock()
		if patches++; patches == faultPage/2 {
			cancel()
		}
		return nil
	}})
	r, err := c.migrator(cfg, Options{PageSize: faultPage, Concurrency: 1}).Run(ctx, testCRD)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Run: %v, want context.Canceled", err)
	}
	counts, _ := c.stored()
	if r.Written == 0 || r.Written > counts[testGroup+"/v1"] || r.Written < faultPage/2-1 {
		t.Errorf("report: written %d; etcd holds %d at v1 after %d patches", r.Written, counts[testGroup+"/v1"], patches)
	}
}

// TestFailureMessagesEscaped: the reason a server or webhook gives for a
// failure is printed on one line, escaped.
func TestFailureMessagesEscaped(t *testing.T) {
	c := prepare(t, 3)
	cfg := hooked(c.cfg, hooks{onPatch: func(ns, name string) *http.Response {
		return statusResponse(&http.Request{}, metav1.Status{Code: http.StatusUnprocessableEntity, Reason: metav1.StatusReasonInvalid,
			Message: "denied\n::error file=x::forged\x1b[31m"})
	}})
	r, err := c.migrator(cfg, Options{}).Run(context.Background(), testCRD)
	if !errors.Is(err, ErrObjectsFailed) {
		t.Fatalf("Run: %v, want ErrObjectsFailed", err)
	}
	var b strings.Builder
	r.Write(&b)
	for _, line := range strings.Split(b.String(), "\n") {
		if strings.HasPrefix(line, "::") || strings.ContainsRune(line, '\x1b') {
			t.Errorf("raw line %q in\n%s", line, b.String())
		}
	}
	if !strings.Contains(b.String(), `denied\n::error`) {
		t.Errorf("report does not hold the escaped message:\n%s", b.String())
	}
}

// TestAnswerCapped: an answer larger than Options.MaxAnswerBytes is an
// error at the cap, not read whole (a body that never ends would be read
// until memory runs out), and is not tried again.
func TestAnswerCapped(t *testing.T) {
	c := prepare(t, 3)
	const item = `{"metadata":{"name":"w","namespace":"default"}}`
	body := `{"kind":"PartialObjectMetadataList","apiVersion":"meta.k8s.io/v1","items":[` +
		strings.Repeat(item+",", 100_000) + item + `]}` // 4.8 MB
	lists := 0
	cfg := hooked(c.cfg, hooks{onList: func(r *http.Request) *http.Response {
		lists++
		return &http.Response{StatusCode: http.StatusOK, Header: http.Header{"Content-Type": []string{"application/json"}},
			Body: io.NopCloser(strings.NewReader(body)), Request: r}
	}})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	_, err := c.migrator(cfg, Options{MaxAnswerBytes: 1 << 20}).Run(ctx, testCRD)
	if !errors.Is(err, ErrAnswerTooLarge) || !strings.Contains(err.Error(), "1 MiB") {
		t.Fatalf("Run: %v, want ErrAnswerTooLarge naming 1 MiB", err)
	}
	if lists != 1 {
		t.Errorf("%d lists, want 1: an answer too large is not tried again", lists)
	}
}
