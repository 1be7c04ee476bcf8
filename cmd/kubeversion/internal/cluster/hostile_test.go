package cluster

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"k8s.io/client-go/rest"
)

// TestLiveCRDsEndlessAnswer: a cluster that answers a GET with a body
// that never ends is an error naming the cap, after MaxAnswerBytes are
// read, in far less than the 30 s of lint's timeout. The server stops at
// four times the cap only so that a reader without it fails the test
// rather than the machine.
func TestLiveCRDsEndlessAnswer(t *testing.T) {
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","metadata":{"name":"widgets.example.com","annotations":{"a":"`))
		chunk := []byte(strings.Repeat("x", 1<<16))
		for sent := 0; sent < 4*MaxAnswerBytes; sent += len(chunk) {
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
	}))
	defer s.Close()
	live, err := NewLiveCRDs(&rest.Config{Host: s.URL})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	start := time.Now()
	data, err := live.Get(ctx, "widgets.example.com")
	if !errors.Is(err, ErrAnswerTooLarge) || !strings.Contains(err.Error(), "64 MiB") {
		t.Fatalf("Get of an endless answer = %d bytes, %v; want ErrAnswerTooLarge naming 64 MiB", len(data), err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("Get took %v, want far less than lint's 30 s", d)
	}
}
