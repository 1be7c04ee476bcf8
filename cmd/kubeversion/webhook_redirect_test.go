package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/webhookcheck/webhooktest"
	"github.com/kubeversion/kubeversion/conversion"
)

// TestWebhookCheckRedirect checks that redirects are followed as the API
// server follows them (client-go's client sets no CheckRedirect): a 307
// with the POST, so that the webhook behind it is checked; a 302 as a GET,
// which the webhook refuses, as it would the server's; and a loop stops
// the check at Go's 10 redirects.
func TestWebhookCheckRedirect(t *testing.T) {
	webhook := &conversion.Handler{Convert: cronTabSteps(false).Convert}
	redirect := func(code int) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/convert" {
				http.Redirect(w, r, "/real?"+r.URL.RawQuery, code)
				return
			}
			webhook.ServeHTTP(w, r)
		})
	}
	tests := []struct {
		name    string
		webhook http.Handler
		status  int
		want    string // in the findings, or standard error
	}{
		{"307", redirect(http.StatusTemporaryRedirect), exitOK, ""},
		{"308", redirect(http.StatusPermanentRedirect), exitOK, ""},
		{"302", redirect(http.StatusFound), exitInvalid,
			"conversion webhook for stable.example.com/v1beta1, Kind=CronTab failed: the server does not allow this method on the requested resource"},
		{"loop", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, r.URL.String(), http.StatusTemporaryRedirect)
		}), exitError, "stopped at call 1: the webhook redirects more than the API server follows: Post \"/convert?timeout=30s\": stopped after 10 redirects"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			url, ca := webhooktest.TLSServer(t, tt.webhook)
			s, stderr, status := runCheck(t, "--crd", crdFile, "--url", url, "--ca", ca, samplesFile)
			var all strings.Builder
			for _, f := range s.Findings {
				all.WriteString(f.String() + "\n")
			}
			if status != tt.status || !strings.Contains(all.String()+stderr, tt.want) {
				t.Errorf("status %d, findings:\n%sstderr %q; want %d and %q", status, all.String(), stderr, tt.status, tt.want)
			}
		})
	}
}

// TestWebhookCheckRedirectToHTTP: a webhook that redirects from HTTPS to
// plain HTTP is followed, as the API server's client follows it, but said:
// the objects of every call after it travel unencrypted and unverified. A
// warning on standard error names the URL, once per run; the check
// itself is unchanged.
func TestWebhookCheckRedirectToHTTP(t *testing.T) {
	webhook := &conversion.Handler{Convert: cronTabSteps(false).Convert}
	plain := httptest.NewServer(webhook)
	defer plain.Close()
	url, ca := webhooktest.TLSServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, plain.URL+"/convert?"+r.URL.RawQuery, http.StatusTemporaryRedirect)
	}))
	s, stderr, status := runCheck(t, "--crd", crdFile, "--url", url, "--ca", ca, samplesFile)
	want := "kubeversion webhook check: warning: the webhook redirected from HTTPS to plain HTTP (" + plain.URL + "/convert?timeout=30s), which the API server follows too: the objects are sent unencrypted to a server whose identity nobody verifies\n"
	if status != exitOK || s.Calls == 0 || stderr != want {
		t.Errorf("status %d, %d calls, stderr %q; want %d, calls and once %q", status, s.Calls, stderr, exitOK, want)
	}
}
