package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"sigs.k8s.io/yaml"
)

// crdServer is an HTTP server that answers GET
// /apis/apiextensions.k8s.io/v1/customresourcedefinitions/NAME as the API
// server does, from crds (JSON by name), and records the names asked for.
// forbidden makes every answer 403, as for a user without RBAC on CRDs.
type crdServer struct {
	*httptest.Server
	mu        sync.Mutex
	crds      map[string][]byte
	asked     []string
	forbidden bool
}

func newCRDServer(t *testing.T, crds map[string][]byte) *crdServer {
	s := &crdServer{crds: crds}
	const prefix = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions/"
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name, ok := strings.CutPrefix(r.URL.Path, prefix)
		s.mu.Lock()
		defer s.mu.Unlock()
		s.asked = append(s.asked, r.Method+" "+r.URL.Path)
		w.Header().Set("Content-Type", "application/json")
		status, reason := http.StatusOK, ""
		switch {
		case s.forbidden:
			status, reason = http.StatusForbidden, "Forbidden"
		case !ok || r.Method != http.MethodGet:
			status, reason = http.StatusNotFound, "NotFound"
		case s.crds[name] == nil:
			status, reason = http.StatusNotFound, "NotFound"
		}
		if status != http.StatusOK {
			w.WriteHeader(status)
			json.NewEncoder(w).Encode(map[string]any{"kind": "Status", "apiVersion": "v1", "metadata": map[string]any{}, "status": "Failure",
				"message": fmt.Sprintf("customresourcedefinitions.apiextensions.k8s.io %q is %s", name, strings.ToLower(reason)), "reason": reason, "code": status})
			return
		}
		w.Write(s.crds[name])
	}))
	t.Cleanup(s.Close)
	return s
}

// kubeconfig writes a kubeconfig with the context "dev" for the server,
// and a current context that reaches nothing, and returns its path.
func (s *crdServer) kubeconfig(t *testing.T) string { return writeKubeconfig(t, s.URL) }

// writeKubeconfig writes a kubeconfig with the context "dev" for the
// server at url, and a current context that reaches nothing, and returns
// its path.
func writeKubeconfig(t *testing.T, url string) string {
	path := filepath.Join(t.TempDir(), "kubeconfig")
	text := `apiVersion: v1
kind: Config
clusters:
- {name: dev, cluster: {server: "` + url + `"}}
- {name: nowhere, cluster: {server: "https://127.0.0.1:1"}}
users: [{name: dev, user: {token: secret}}]
contexts:
- {name: dev, context: {cluster: dev, user: dev}}
- {name: nowhere, context: {cluster: nowhere, user: dev}}
current-context: nowhere
`
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// liveGadgets returns the live Gadget CRD of the examples as the API
// server serves it: JSON.
func liveGadgets(t *testing.T) []byte {
	text, err := os.ReadFile(filepath.Join("..", "..", "examples", "gadgets-live.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	data, err := yaml.YAMLToJSON(text)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestLintOldCluster checks `lint --old cluster:CONTEXT`: the live CRD
// read from the cluster gives the findings that the same CRD in a file
// gives, and the cluster is asked only for the CRDs of the PATHs.
func TestLintOldCluster(t *testing.T) {
	s := newCRDServer(t, map[string][]byte{"gadgets.example.io": liveGadgets(t)})
	kubeconfig := s.kubeconfig(t)
	newFile := filepath.Join("..", "..", "examples", "gadgets-v1.yaml")

	wantOut, wantErr, wantStatus := runLintIn(t, "", "lint", "--old", filepath.Join("..", "..", "examples", "gadgets-live.yaml"), newFile)
	stdout, stderr, status := runLintIn(t, "", "lint", "--old", "cluster:dev", "--kubeconfig", kubeconfig, newFile)
	if stdout != wantOut || stderr != wantErr || status != wantStatus {
		t.Errorf("--old cluster:dev = %d\n%s%s\nwant, as with the file, %d\n%s%s", status, stdout, stderr, wantStatus, wantOut, wantErr)
	}
	if !strings.Contains(stdout, "kubeversion migrate gadgets.example.io") || status != exitInvalid {
		t.Errorf("the upgrade findings are missing:\n%s", stdout)
	}
	if want := []string{"GET /apis/apiextensions.k8s.io/v1/customresourcedefinitions/gadgets.example.io"}; strings.Join(s.asked, "\n") != strings.Join(want, "\n") {
		t.Errorf("the cluster was asked %q, want %q", s.asked, want)
	}

	// KUBECONFIG is honoured as kubectl honours it.
	t.Setenv("KUBECONFIG", kubeconfig)
	if stdout, _, _ := runLintIn(t, "", "lint", "--old", "cluster:dev", newFile); stdout != wantOut {
		t.Errorf("--old cluster:dev with $KUBECONFIG:\n%s", stdout)
	}

	// A CRD the cluster does not have is checked as a create, and said so.
	stdout, stderr, status = runLintIn(t, "", "lint", "--old", "cluster:dev", filepath.Join("testdata", "manifests", "operator.yaml"))
	if status != exitOK || !strings.Contains(stdout, "valid on create (no live object of this name in --old)") ||
		!strings.Contains(stderr, "--old cluster:dev holds no live object of this name: checked as a create, not as an update") {
		t.Errorf("a CRD the cluster lacks = %d\n%s%s", status, stdout, stderr)
	}
}

// TestLintOldClusterErrors checks that a cluster that cannot be read stops
// lint with the reason, and claims no check of the CRDs it could not read.
func TestLintOldClusterErrors(t *testing.T) {
	s := newCRDServer(t, map[string][]byte{"gadgets.example.io": liveGadgets(t)})
	kubeconfig := s.kubeconfig(t)
	newFile := filepath.Join("..", "..", "examples", "gadgets-v1.yaml")
	s.forbidden = true
	stdout, stderr, status := runLintIn(t, "", "lint", "--old", "cluster:dev", "--kubeconfig", kubeconfig, newFile, filepath.Join("testdata", "manifests", "operator.yaml"))
	if status != exitError || strings.Contains(stdout, "valid") ||
		!strings.Contains(stderr, "gadgets.example.io: --old cluster:dev: reading the live CRD: customresourcedefinitions.apiextensions.k8s.io \"gadgets.example.io\" is forbidden") ||
		!strings.Contains(stderr, "not checked: --old cluster:dev could not be read (see above)") {
		t.Errorf("a forbidden cluster = %d\nstdout:\n%s\nstderr:\n%s", status, stdout, stderr)
	}
	if len(s.asked) != 1 {
		t.Errorf("the cluster was asked %d times after a failure, want once: %q", len(s.asked), s.asked)
	}

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--old", "cluster:prod", "--kubeconfig", kubeconfig}, `--old cluster:prod: kubeconfig: context "prod" does not exist`},
		{[]string{"--old", "cluster:dev", "--old", newFile, "--kubeconfig", kubeconfig}, "a cluster is the only --old when given"},
		{[]string{"--kubeconfig", kubeconfig}, "--kubeconfig needs --old cluster:"},
	} {
		_, stderr, status := runLintIn(t, "", append(append([]string{"lint"}, tc.args...), newFile)...)
		if status != exitError || !strings.Contains(stderr, tc.want) {
			t.Errorf("lint %q = %d\n%s\nwant %d and %q", tc.args, status, stderr, exitError, tc.want)
		}
	}
}

// TestLintOldClusterWrongName: a cluster that answers the GET of one CRD
// with another (another metadata.name) has not said that the CRD is
// absent: lint stops with an error naming both names, claims no check
// and warns of no removed CRD.
func TestLintOldClusterWrongName(t *testing.T) {
	other, err := json.Marshal(map[string]any{"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
		"metadata": map[string]any{"name": "sprockets.example.io"},
		"spec": map[string]any{"group": "example.io", "names": map[string]any{"kind": "Sprocket", "plural": "sprockets"}, "scope": "Namespaced",
			"versions": []any{map[string]any{"name": "v1", "served": true, "storage": true, "schema": map[string]any{"openAPIV3Schema": map[string]any{"type": "object"}}}}}})
	if err != nil {
		t.Fatal(err)
	}
	s := newCRDServer(t, map[string][]byte{"gadgets.example.io": other})
	stdout, stderr, status := runLintIn(t, "", "lint", "--old", "cluster:dev", "--kubeconfig", s.kubeconfig(t), filepath.Join("..", "..", "examples", "gadgets-v1.yaml"))
	want := `gadgets.example.io: --old cluster:dev: reading the live CRD: the cluster answered the GET of gadgets.example.io with the CRD sprockets.example.io`
	if status != exitError || strings.Contains(stdout, "valid") || !strings.Contains(stderr, want) || strings.Contains(stdout+stderr, "crd-removed") {
		t.Errorf("a wrong-name answer = %d\nstdout:\n%s\nstderr:\n%s\nwant %d and %q", status, stdout, stderr, exitError, want)
	}
}
