package audit

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"k8s.io/client-go/rest"
)

// TestRotatingContinueTokens: a server that answers every list with a
// new continue token and one more CRD would keep audit reading for ever;
// the run's Timeout stops it, and the report says the CRDs were not read
// and why, with what was read before.
func TestRotatingContinueTokens(t *testing.T) {
	var page atomic.Int64
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch r.URL.Path {
		case "/version":
			fmt.Fprint(w, `{"major":"1","minor":"37","gitVersion":"v1.37.2"}`)
		case "/apis/apiextensions.k8s.io/v1/customresourcedefinitions":
			n := page.Add(1)
			fmt.Fprintf(w, `{"kind":"CustomResourceDefinitionList","apiVersion":"apiextensions.k8s.io/v1","metadata":{"continue":"token-%d"},"items":[
				{"metadata":{"name":"w%d.example.com"},"spec":{"group":"example.com","names":{"plural":"w%d","kind":"W"},"versions":[{"name":"v1","served":true,"storage":true}]},"status":{"storedVersions":["v1"]}}]}`, n, n, n)
		default:
			w.WriteHeader(http.StatusNotFound)
			fmt.Fprint(w, `{"kind":"Status","apiVersion":"v1","status":"Failure","message":"not found","reason":"NotFound","code":404}`)
		}
	}))
	defer s.Close()
	start := time.Now()
	r, err := Run(context.Background(), &rest.Config{Host: s.URL}, Options{Timeout: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 30*time.Second {
		t.Errorf("the run took %s, past its bound", d)
	}
	src := source(t, r, "customresourcedefinitions")
	if src.Read || !strings.Contains(src.Note, "the run's time bound of 2s passed") {
		t.Errorf("CRDs source %+v, want not read: the time bound", src)
	}
	if page.Load() < 2 {
		t.Errorf("%d pages listed, want the list to have gone on", page.Load())
	}
}

// TestPagerBounds: a token given twice, more items than the bound, and
// empty pages without end each stop a list.
func TestPagerBounds(t *testing.T) {
	p := newPager(2, 7, "")
	for i, want := range []string{"", "", "", "more than 7 items"} {
		more, err := p.next(2, fmt.Sprintf("t%d", i))
		if want == "" && (!more || err != nil) || want != "" && (err == nil || !strings.Contains(err.Error(), want)) {
			t.Fatalf("page %d: more %v, err %v; want %q", i, more, err, want)
		}
	}
	p = newPager(2, 5, "")
	p.next(0, "a")
	if _, err := p.next(0, "a"); err == nil || !strings.Contains(err.Error(), "same continue token twice") {
		t.Errorf("a repeated token: %v", err)
	}
	p = newPager(500, 1000, "")
	var err error
	for i := 0; err == nil && i < 1000; i++ {
		_, err = p.next(0, fmt.Sprint(i))
	}
	if err == nil || !strings.Contains(err.Error(), "pages for 0 items") {
		t.Errorf("empty pages without end: %v", err)
	}
}

// TestAuditLogOrder: callers that differ only in subresource come out in
// the same order on every run.
func TestAuditLogOrder(t *testing.T) {
	var lines []string
	for _, sub := range []string{"status", "scale", "", "rollback"} {
		lines = append(lines, `{"kind":"Event","apiVersion":"audit.k8s.io/v1","stage":"ResponseComplete","user":{"username":"bob"},"userAgent":"ui",`+
			`"objectRef":{"resource":"deployments","subresource":"`+sub+`","apiGroup":"extensions","apiVersion":"v1beta1"},"stageTimestamp":"2026-11-01T10:00:00.000000Z",`+
			`"annotations":{"k8s.io/deprecated":"true","k8s.io/removed-release":"1.16"}}`)
	}
	path := filepath.Join(t.TempDir(), "audit.log")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o600); err != nil {
		t.Fatal(err)
	}
	var first string
	for range 30 {
		a := &auditor{report: &Report{}}
		a.readAuditLog(path, 37, crdIndex{})
		var subjects []string
		for _, f := range a.report.Findings {
			subjects = append(subjects, f.Subject)
		}
		got := strings.Join(subjects, ", ")
		if first == "" {
			first = got
			if want := "extensions/v1beta1 deployments, extensions/v1beta1 deployments/rollback, extensions/v1beta1 deployments/scale, extensions/v1beta1 deployments/status"; got != want {
				t.Fatalf("order %q, want %q", got, want)
			}
		} else if got != first {
			t.Fatalf("order %q, then %q", first, got)
		}
	}
}
