package main

import (
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/kubeversion/kubeversion/conversion"
)

// writeCRD writes testdata/webhook/crontab-crd.yaml to a temporary file,
// with the replacements of r (old, new, ...), and returns its name.
func writeCRD(t *testing.T, r ...string) string {
	t.Helper()
	data, err := os.ReadFile(crdFile)
	if err != nil {
		t.Fatal(err)
	}
	text := strings.NewReplacer(r...).Replace(string(data))
	file := filepath.Join(t.TempDir(), "crd.yaml")
	if err := os.WriteFile(file, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return file
}

// TestWebhookCheckCABundle checks that the CRD's url and caBundle are used
// without --url and --ca, and that a certificate they do not trust fails
// the first call as TLS fails the server's, and stops the check there.
func TestWebhookCheckCABundle(t *testing.T) {
	url, ca, _ := webhookServer(t, &conversion.Handler{Convert: cronTabSteps(false).Convert})
	pem, err := os.ReadFile(ca)
	if err != nil {
		t.Fatal(err)
	}
	withBundle := writeCRD(t, "url: https://localhost:8443/convert", "url: "+url+"\n        caBundle: "+base64.StdEncoding.EncodeToString(pem))
	if s, stderr, status := runCheck(t, "--crd", withBundle, samplesFile); status != exitOK || s.Calls != 8 {
		t.Errorf("with caBundle: status %d, %d calls, findings %v, stderr %q; want 0, 8 calls", status, s.Calls, s.Findings, stderr)
	}

	untrusted := writeCRD(t, "url: https://localhost:8443/convert", "url: "+url)
	_, stderr, status := runCheck(t, "--crd", untrusted, samplesFile)
	wantStop(t, stderr, status, "stopped at call 1: no connection to the webhook could be made: Post \""+url+"?timeout=30s\": tls: failed to verify certificate: x509: certificate signed by unknown authority", nil)
}

// TestWebhookCheckReviewVersion checks that the request is a
// ConversionReview of the first version of conversionReviewVersions the
// server knows, and that a v1beta1 answer is not checked for its uid, as
// the server does not check it.
func TestWebhookCheckReviewVersion(t *testing.T) {
	var mu sync.Mutex
	var versions []string
	wrongUID := breakAnswer(func(r *conversion.Response) { r.UID = "wrong" })
	url, ca, _ := webhookServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var review conversion.Review
		json.Unmarshal(body, &review)
		mu.Lock()
		versions = append(versions, review.APIVersion)
		mu.Unlock()
		r.Body = io.NopCloser(strings.NewReader(string(body)))
		wrongUID.ServeHTTP(w, r)
	}))
	file := writeCRD(t, `conversionReviewVersions: ["v1", "v1beta1"]`, `conversionReviewVersions: ["v2", "v1beta1", "v1"]`)
	s, stderr, status := runCheck(t, "--crd", file, "--url", url, "--ca", ca, samplesFile)
	if status != exitOK || len(s.Findings) != 0 || stderr != "" {
		t.Errorf("status %d, findings %v, stderr %q; want 0, none, none", status, s.Findings, stderr)
	}
	mu.Lock()
	got := versions
	mu.Unlock()
	if len(got) != 8 {
		t.Errorf("webhook got %d requests, want 8", len(got))
	}
	for _, v := range got {
		if v != conversion.ReviewV1beta1 {
			t.Errorf("request of %q, want %s", v, conversion.ReviewV1beta1)
		}
	}

	none := writeCRD(t, `conversionReviewVersions: ["v1", "v1beta1"]`, `conversionReviewVersions: ["v2"]`)
	s, _, status = runCheck(t, "--crd", none, "--url", url, "--ca", ca, samplesFile)
	if status != exitInvalid || len(s.Findings) != 5 || s.Calls != 0 || !strings.HasSuffix(s.Findings[0].Message, "no supported conversion review versions") {
		t.Errorf("no known review version: status %d, %d calls, findings %v; want 1, no call, 5 of no supported conversion review versions", status, s.Calls, s.Findings)
	}
}

// TestWebhookCheckServerName checks the name the webhook's certificate
// must have: for a CRD whose webhook is a service, reached with --url as
// after kubectl port-forward, <name>.<namespace>.svc, as the API server
// verifies it; --tls-server-name names another; and
// --insecure-skip-tls-verify verifies nothing, with a warning. The test
// server's certificate names example.com, *.example.com and 127.0.0.1.
func TestWebhookCheckServerName(t *testing.T) {
	url, ca, _ := webhookServer(t, &conversion.Handler{Convert: cronTabSteps(false).Convert})
	service := writeCRD(t, "url: https://localhost:8443/convert", "service: {namespace: crontabs, name: conversion, path: /convert}")
	_, stderr, status := runCheck(t, "--crd", service, "--url", url, "--ca", ca, samplesFile)
	wantStop(t, stderr, status, "not conversion.crontabs.svc", nil)

	if s, stderr, status := runCheck(t, "--crd", service, "--url", url, "--ca", ca, "--tls-server-name", "example.com", samplesFile); status != exitOK || s.Calls != 8 {
		t.Errorf("--tls-server-name example.com: status %d, %d calls, stderr %q; want 0, 8 calls", status, s.Calls, stderr)
	}
	s, stderr, status := runCheck(t, "--crd", service, "--url", url, "--insecure-skip-tls-verify", samplesFile)
	if status != exitOK || s.Calls != 8 || !strings.Contains(stderr, "warning: --insecure-skip-tls-verify: the webhook's certificate is not verified") {
		t.Errorf("--insecure-skip-tls-verify: status %d, %d calls, stderr %q; want 0, 8 calls and a warning", status, s.Calls, stderr)
	}
}
