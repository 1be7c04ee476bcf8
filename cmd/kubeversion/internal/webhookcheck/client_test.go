package webhookcheck

import (
	"errors"
	"io"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/webhookcheck/webhooktest"
	"github.com/kubeversion/kubeversion/conversion"
	"github.com/kubeversion/kubeversion/crd"
)

// testClient returns a client for the webhook at url, of the certificate
// in the file ca, for the CRD of crdFile, with an hour to run.
func testClient(t *testing.T, url, ca string) (*webhookClient, *crd.CustomResourceDefinition) {
	t.Helper()
	pem, err := os.ReadFile(ca)
	if err != nil {
		t.Fatal(err)
	}
	def, p := readWebhookCRD(nil, testCRD)
	if p != nil {
		t.Fatal(p)
	}
	c, err := newWebhookClient(def, url, tlsOptions{ca: pem})
	if err != nil {
		t.Fatal(err)
	}
	c.deadline, c.timeout = time.Now().Add(time.Hour), time.Hour
	return c, def
}

// TestWebhookCallTimeout checks that a call the webhook does not answer
// within the server's 30 s (shortened here) is said to be that, not the
// run's deadline.
func TestWebhookCallTimeout(t *testing.T) {
	done := make(chan struct{})
	t.Cleanup(func() { close(done) })
	url, ca := streamingServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-done:
		}
	}))
	c, def := testClient(t, url, ca)
	c.callTimeout = 100 * time.Millisecond
	review, _, err := conversion.NewRequest(def, []map[string]any{{"apiVersion": "stable.example.com/v1beta1", "kind": "CronTab", "metadata": map[string]any{"name": "a"}}}, false, "v1", newUID())
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.post(review)
	var stop *stopError
	if !errors.As(err, &stop) || !strings.HasPrefix(stop.reason, "no answer within 100ms, the API server's timeout for a call") {
		t.Errorf("post to a silent webhook: %v; want a stopError, no answer within 100ms", err)
	}
}

// TestWebhookAnswerCap checks that the answer of a webhook that streams
// forever is cut at maxAnswer (lowered here to 1 MiB, and 16 times the
// request), instead of being read until memory runs out.
func TestWebhookAnswerCap(t *testing.T) {
	url, ca := streamingServer(t, webhooktest.EndlessAnswer())
	c, def := testClient(t, url, ca)
	c.answerFloor = 1 << 20
	review, _, err := conversion.NewRequest(def, []map[string]any{{"apiVersion": "stable.example.com/v1beta1", "kind": "CronTab", "metadata": map[string]any{"name": "a"}}}, false, "v1", newUID())
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.post(review)
	var stop *stopError
	if !errors.As(err, &stop) || !strings.HasPrefix(stop.reason, "the answer is longer than 1 MiB, the most webhook check reads of the answer to a request of ") {
		t.Errorf("post to a webhook that streams forever: %v; want a stopError, longer than 1 MiB", err)
	}
}

// streamingServer starts h on the loopback with TLS (see
// webhooktest.TLSServer), to answer once it has read the whole request, as
// the API server sends it.
func streamingServer(t *testing.T, h http.Handler) (url, ca string) {
	t.Helper()
	return webhooktest.TLSServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		h.ServeHTTP(w, r)
	}))
}

// testCRD is the CRD of the webhook of the tests.
const testCRD = "../../testdata/webhook/crontab-crd.yaml"
