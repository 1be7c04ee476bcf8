// Package webhooktest serves conversion webhooks to the tests of webhook
// check, in package webhookcheck and in the command: on the loopback,
// with TLS and a file of the certificate for --ca, and with an answer
// that never ends.
//
// Not in scope: what a webhook answers, which each test writes.
package webhooktest

import (
	"encoding/pem"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TLSServer starts h on the loopback with TLS until the test ends, and
// returns its URL with the path /convert and a file with its certificate,
// for --ca. The server does not log the TLS handshakes that tests make
// fail.
func TLSServer(t testing.TB, h http.Handler) (url, ca string) {
	t.Helper()
	srv := httptest.NewUnstartedServer(h)
	srv.Config.ErrorLog = log.New(io.Discard, "", 0)
	srv.StartTLS()
	t.Cleanup(srv.Close)
	ca = filepath.Join(t.TempDir(), "ca.pem")
	if err := os.WriteFile(ca, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw}), 0o600); err != nil {
		t.Fatal(err)
	}
	return srv.URL + "/convert", ca
}

// EndlessAnswer answers with the start of a ConversionReview whose string
// never ends, until the client goes.
func EndlessAnswer() http.Handler {
	chunk := strings.Repeat("x", 1<<16)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"apiVersion": "apiextensions.k8s.io/v1", "kind": "ConversionReview", "x": "`)
		for {
			if _, err := io.WriteString(w, chunk); err != nil {
				return
			}
		}
	})
}
