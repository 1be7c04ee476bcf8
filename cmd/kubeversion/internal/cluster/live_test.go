package cluster

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
)

// widgetsCRD is widgets.example.com as an API server serves it at
// apiextensions.k8s.io/v1: metadata with its uid, the spec and the status.
const widgetsCRD = `{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition",` +
	`"metadata":{"name":"widgets.example.com","uid":"5b0c8a52-7f0e-4c36-9d8e-0a1f3a2b4c5d","resourceVersion":"412","generation":1},` +
	`"spec":{"group":"example.com","names":{"kind":"Widget","plural":"widgets"},"scope":"Namespaced",` +
	`"versions":[{"name":"v1beta1","served":true,"storage":true,"schema":{"openAPIV3Schema":{"type":"object"}}},` +
	`{"name":"v1","served":true,"storage":false,"schema":{"openAPIV3Schema":{"type":"object"}}}]},` +
	`"status":{"acceptedNames":{"kind":"Widget","plural":"widgets"},"storedVersions":["v1beta1"]}}`

// apiServer answers, over TLS, GET /apis/apiextensions.k8s.io/v1/customresourcedefinitions/NAME
// as an API server does: widgetsCRD for widgets.example.com, a 404 Status
// for any other name, a 403 Status for every request when forbidden is
// set. It records the requests.
type apiServer struct {
	*httptest.Server
	mu        sync.Mutex
	requests  []*http.Request
	forbidden bool
}

func newAPIServer(t *testing.T) *apiServer {
	s := &apiServer{}
	s.Server = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.requests = append(s.requests, r)
		forbidden := s.forbidden
		s.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		name, ok := strings.CutPrefix(r.URL.Path, "/apis/apiextensions.k8s.io/v1/customresourcedefinitions/")
		switch {
		case forbidden:
			w.WriteHeader(http.StatusForbidden)
			w.Write([]byte(`{"kind":"Status","apiVersion":"v1","status":"Failure","message":"customresourcedefinitions.apiextensions.k8s.io \"` + name + `\" is forbidden","reason":"Forbidden","code":403}`))
		case !ok || r.Method != http.MethodGet || name != "widgets.example.com":
			w.WriteHeader(http.StatusNotFound)
			w.Write([]byte(`{"kind":"Status","apiVersion":"v1","status":"Failure","message":"customresourcedefinitions.apiextensions.k8s.io \"` + name + `\" not found","reason":"NotFound","code":404}`))
		default:
			w.Write([]byte(widgetsCRD + "\n"))
		}
	}))
	t.Cleanup(s.Close)
	return s
}

// kubeconfig writes a kubeconfig whose context "test" reaches the server
// over TLS (client-go sends credentials over TLS only) with a token, and whose current context reaches nothing, so that a
// read that succeeds proves the context was honoured.
func (s *apiServer) kubeconfig(t *testing.T) string {
	path := filepath.Join(t.TempDir(), "kubeconfig")
	err := os.WriteFile(path, []byte(`apiVersion: v1
kind: Config
clusters:
- {name: test, cluster: {server: "`+s.URL+`", certificate-authority-data: "`+base64.StdEncoding.EncodeToString(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: s.Certificate().Raw}))+`"}}
- {name: nowhere, cluster: {server: "https://127.0.0.1:1"}}
users: [{name: test, user: {token: secret}}]
contexts:
- {name: test, context: {cluster: test, user: test}}
- {name: nowhere, context: {cluster: nowhere, user: test}}
current-context: nowhere
`), 0o600)
	if err != nil {
		t.Fatal(err)
	}
	return path
}

// TestLiveCRDs reads a CRD as `kubectl get crd NAME -o json` would, from
// the context named, with its credentials: the object the server sent (spec
// and status), as JSON without a final newline, ErrNoCRD for a name the server does not
// have, and any other error as client-go gives it.
func TestLiveCRDs(t *testing.T) {
	s := newAPIServer(t)
	cfg, err := ClientConfig(s.kubeconfig(t), "test")
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Host != s.URL || cfg.BearerToken != "secret" {
		t.Fatalf("ClientConfig = host %q, token %q; want the context test's", cfg.Host, cfg.BearerToken)
	}
	live, err := NewLiveCRDs(cfg)
	if err != nil {
		t.Fatal(err)
	}
	data, err := live.Get(context.Background(), "widgets.example.com")
	var sent, read any
	json.Unmarshal([]byte(widgetsCRD), &sent)
	if err != nil || json.Unmarshal(data, &read) != nil || !reflect.DeepEqual(read, sent) || bytes.HasSuffix(data, []byte("\n")) {
		t.Fatalf("Get(widgets.example.com) = %s, %v; want the server's JSON, no final newline", data, err)
	}
	var got struct {
		Metadata struct{ UID string }
		Status   struct{ StoredVersions []string }
	}
	if err := json.Unmarshal(data, &got); err != nil || got.Metadata.UID == "" || len(got.Status.StoredVersions) != 1 {
		t.Errorf("Get returned %+v, %v; want the uid and the status", got, err)
	}
	s.mu.Lock()
	r := s.requests[0]
	s.mu.Unlock()
	if r.Method != http.MethodGet || r.Header.Get("Authorization") != "Bearer secret" || r.Header.Get("User-Agent") != "kubeversion-lint" ||
		!strings.Contains(r.Header.Get("Accept"), "application/json") {
		t.Errorf("request %s %s, headers %v; want a GET with the token, user agent kubeversion-lint and JSON", r.Method, r.URL, r.Header)
	}

	_, err = live.Get(context.Background(), "gadgets.example.com")
	if !errors.Is(err, ErrNoCRD) || err.Error() != "no such CustomResourceDefinition: gadgets.example.com" {
		t.Errorf("Get of a missing CRD = %v, want ErrNoCRD naming it", err)
	}
	s.mu.Lock()
	s.forbidden = true
	s.mu.Unlock()
	if _, err := live.Get(context.Background(), "widgets.example.com"); errors.Is(err, ErrNoCRD) || !apierrors.IsForbidden(err) {
		t.Errorf("Get when forbidden = %v, want client-go's Forbidden", err)
	}

	// A user agent of the caller's stays.
	cfg.UserAgent = "kubeversion-test"
	live, _ = NewLiveCRDs(cfg)
	live.Get(context.Background(), "widgets.example.com")
	s.mu.Lock()
	ua := s.requests[len(s.requests)-1].Header.Get("User-Agent")
	s.mu.Unlock()
	if ua != "kubeversion-test" {
		t.Errorf("User-Agent = %q, want the caller's kubeversion-test", ua)
	}
}

// TestClientConfig checks the choice of kubeconfig and context and the
// errors the command prints after "kubeversion migrate: ".
func TestClientConfig(t *testing.T) {
	s := newAPIServer(t)
	path := s.kubeconfig(t)
	if cfg, err := ClientConfig(path, ""); err != nil || cfg.Host != "https://127.0.0.1:1" {
		t.Errorf("ClientConfig(path, \"\") = %v, %v; want the current context nowhere", cfg, err)
	}
	t.Setenv("KUBECONFIG", path)
	if cfg, err := ClientConfig("", "test"); err != nil || cfg.Host != s.URL {
		t.Errorf("ClientConfig with $KUBECONFIG = %v, %v; want the context test", cfg, err)
	}
	for _, tc := range []struct{ path, context, want string }{
		{path, "no-such-context", `kubeconfig: context "no-such-context" does not exist`},
		{filepath.Join(t.TempDir(), "none"), "", "kubeconfig: stat "},
	} {
		if _, err := ClientConfig(tc.path, tc.context); err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("ClientConfig(%q, %q) = %v, want an error starting %q", tc.path, tc.context, err, tc.want)
		}
	}
	if _, err := NewLiveCRDs(nil); err == nil || err.Error() != "no client configuration" {
		t.Errorf("NewLiveCRDs(nil) = %v", err)
	}
}
