package cluster

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"

	"k8s.io/client-go/rest"
)

// TestClientGoLogs: what client-go logs (here the error of a body that
// ends too early, which it logs before returning it) reaches the writer
// of RouteLogs as one line of the command's, and nothing reaches the
// process's standard error in klog's format; with a nil writer, nothing
// is written anywhere.
func TestClientGoLogs(t *testing.T) {
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "1000")
		w.Write([]byte(`{"kind":`))
	}))
	defer s.Close()
	live, err := NewLiveCRDs(&rest.Config{Host: s.URL})
	if err != nil {
		t.Fatal(err)
	}
	stderr := captureStderr(t)

	var out bytes.Buffer
	RouteLogs(&out, "kubeversion migrate: ")
	if _, err := live.Get(context.Background(), "widgets.example.com"); err == nil {
		t.Fatal("Get of a cut body succeeded")
	}
	want := "kubeversion migrate: client-go: Unexpected error when reading response body err=unexpected EOF\n"
	if got := stderr(); out.String() != want || got != "" {
		t.Errorf("routed logs = %q, standard error %q; want %q and nothing", out.String(), got, want)
	}
	out.Reset()
	RouteLogs(nil, "")
	live.Get(context.Background(), "widgets.example.com")
	if got := stderr(); out.Len() > 0 || got != "" {
		t.Errorf("with logs discarded: routed %q, standard error %q; want nothing", out.String(), got)
	}
}

// captureStderr points os.Stderr at a file until the test ends, and
// returns a function that reads what was written to it.
func captureStderr(t *testing.T) func() string {
	f, err := os.CreateTemp(t.TempDir(), "stderr")
	if err != nil {
		t.Fatal(err)
	}
	old := os.Stderr
	os.Stderr = f
	t.Cleanup(func() { os.Stderr = old; f.Close() })
	return func() string {
		b, _ := os.ReadFile(f.Name())
		return string(b)
	}
}
