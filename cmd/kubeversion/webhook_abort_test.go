package main

import (
	"bytes"
	"encoding/json"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/webhookcheck"
	"github.com/kubeversion/kubeversion/conversion"
)

// TestWebhookCheckAbortedCall checks that a webhook that drops the
// connection on one object (its handler crashes, the client reads EOF)
// gets a finding at that sample, with exit status 1, and that the other
// calls are still made: it is what the check is for, not a webhook that
// cannot be called.
func TestWebhookCheckAbortedCall(t *testing.T) {
	webhook := &conversion.Handler{Convert: cronTabSteps(false).Convert}
	var n atomic.Int32
	url, ca, _ := webhookServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) == 2 {
			panic(http.ErrAbortHandler) // the 2nd call: the way back of the first sample
		}
		webhook.ServeHTTP(w, r)
	}))
	s, stderr, status := runCheck(t, "--crd", crdFile, "--url", url, "--ca", ca, samplesFile)
	if status != exitInvalid || stderr != "" || s.Calls != 8 || n.Load() != 8 {
		t.Fatalf("status %d, stderr %q, %d calls, webhook saw %d; want 1, nothing, 8 and 8", status, stderr, s.Calls, n.Load())
	}
	want := "testdata/webhook/crontabs.yaml:1: CronTab default/every-minute, v1 to v1beta1: conversion webhook for stable.example.com/v1, Kind=CronTab failed: Post \"" + url + "?timeout=30s\": EOF"
	if len(s.Findings) != 1 || s.Findings[0].String() != want {
		var all strings.Builder
		for _, f := range s.Findings {
			all.WriteString(f.String() + "\n")
		}
		t.Errorf("findings:\n%swant one:\n%s", all.String(), want)
	}
}

// TestWebhookCheckLaterUnreachable checks that a call that cannot reach
// its webhook stops the check even after calls that did: here the 2nd is
// redirected to a port where nothing listens, so it gets a connection to
// the first URL, then none.
func TestWebhookCheckLaterUnreachable(t *testing.T) {
	addr := closedAddr(t)
	closed := "https://" + addr + "/convert"
	webhook := &conversion.Handler{Convert: cronTabSteps(false).Convert}
	var n atomic.Int32
	url, ca, _ := webhookServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) == 2 {
			http.Redirect(w, r, closed, http.StatusTemporaryRedirect)
			return
		}
		webhook.ServeHTTP(w, r)
	}))
	_, stderr, status := runCheck(t, "--crd", crdFile, "--url", url, "--ca", ca, samplesFile)
	wantStop(t, stderr, status, "kubeversion webhook check: stopped at call 2: no connection to the webhook could be made: Post \""+closed+"\": dial tcp "+addr+": connect: connection refused", nil)
	if n.Load() != 2 {
		t.Errorf("the webhook got %d calls; want 2: the check stops at the one that cannot connect", n.Load())
	}
}

// TestWebhookCheckStopKeepsFindings checks that a check that stops still
// writes what the calls before the stop found: here the 1st call is
// answered 500, a finding, and the 2nd cannot connect, which stops the
// run. Before, the finding was dropped and only the stop was said.
func TestWebhookCheckStopKeepsFindings(t *testing.T) {
	addr := closedAddr(t)
	closed := "https://" + addr + "/convert"
	var n atomic.Int32
	url, ca, _ := webhookServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) == 1 {
			http.Error(w, "conversion failed", http.StatusInternalServerError)
			return
		}
		http.Redirect(w, r, closed, http.StatusTemporaryRedirect)
	}))
	for _, format := range []string{"text", "json"} {
		n.Store(0)
		var out, errOut bytes.Buffer
		status := runWebhook(&env{strings.NewReader(""), &out, &errOut}, []string{"check", "-o", format, "--crd", crdFile, "--url", url, "--ca", ca, samplesFile})
		stdout := out.String()
		wantStop(t, errOut.String(), status, "stopped at call 2: no connection to the webhook could be made", nil)
		switch format {
		case "text":
			lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
			if len(lines) != 2 || !strings.HasPrefix(lines[0], samplesFile+":1: ") || !strings.Contains(lines[0], `an error on the server ("conversion failed")`) ||
				!strings.HasSuffix(lines[1], ": 3 objects, 2 calls, stopped, 1 finding so far") {
				t.Errorf("-o text: stdout %q; want the finding of call 1 and a verdict that says the check stopped", stdout)
			}
		case "json":
			var s webhookcheck.Result
			if err := json.Unmarshal([]byte(stdout), &s); err != nil {
				t.Fatalf("-o json: %v in %q", err, stdout)
			}
			if len(s.Findings) != 1 || !strings.Contains(s.Stopped, "stopped at call 2") {
				t.Errorf("-o json: %d findings, stopped %q; want 1 and the stop", len(s.Findings), s.Stopped)
			}
		}
	}
}

// closedAddr returns a loopback address where nothing listens: that of a
// listener closed at once.
func closedAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}
