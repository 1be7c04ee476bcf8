package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// hostileAuditServer answers as an API server whose CRDs and metrics carry
// terminal escapes, line breaks and GitHub workflow commands in every
// string audit prints.
func hostileAuditServer(t *testing.T) *httptest.Server {
	const evil = "x\x1b[2J\n::error file=a::owned"
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch r.URL.Path {
		case "/version":
			json.NewEncoder(w).Encode(map[string]string{"gitVersion": "v1.37.2" + evil, "major": "1", "minor": "37"})
		case "/apis/apiextensions.k8s.io/v1/customresourcedefinitions":
			json.NewEncoder(w).Encode(map[string]any{
				"kind": "CustomResourceDefinitionList", "apiVersion": "apiextensions.k8s.io/v1", "metadata": map[string]any{},
				"items": []any{map[string]any{
					"metadata": map[string]any{"name": "widgets.example.com" + evil},
					"spec": map[string]any{"group": "example.com", "names": map[string]any{"plural": "widgets", "kind": "Widget"},
						"versions": []any{map[string]any{"name": "v1", "served": true, "storage": true}}},
					"status": map[string]any{"storedVersions": []any{"v1", "v0" + evil}},
				}},
			})
		case "/metrics":
			w.Header().Set("Content-Type", "text/plain")
			w.Write([]byte("apiserver_requested_deprecated_apis{group=\"evil\\n::error::x\",removed_release=\"1.22\",resource=\"r\",subresource=\"\",version=\"v1\"} 1\n"))
		default:
			w.WriteHeader(http.StatusNotFound)
			w.Write([]byte(`{"kind":"Status","apiVersion":"v1","status":"Failure","message":"the server could not find the requested resource","reason":"NotFound","code":404}`))
		}
	}))
	t.Cleanup(s.Close)
	return s
}

// TestAuditHostileServer: what a hostile cluster sends is printed escaped,
// in every format: no escape sequence, no line of its own.
func TestAuditHostileServer(t *testing.T) {
	kubeconfig := writeKubeconfig(t, hostileAuditServer(t).URL)
	for _, format := range []string{"text", "markdown", "json"} {
		stdout, stderr, status := runLintIn(t, "", "audit", "--kubeconfig", kubeconfig, "--context", "dev", "-o", format)
		if status != 1 {
			t.Fatalf("-o %s: exit %d, want 1 (a stale stored version)\nstdout:\n%s\nstderr:\n%s", format, status, stdout, stderr)
		}
		if strings.Contains(stdout, "\x1b") {
			t.Errorf("-o %s: an escape sequence reached the output:\n%q", format, stdout)
		}
		for line := range strings.Lines(stdout) {
			if strings.HasPrefix(strings.TrimSpace(line), "::") {
				t.Errorf("-o %s: a workflow command has a line of its own: %q", format, line)
			}
		}
		if !strings.Contains(stdout, "storage-migration-needed") || !strings.Contains(stdout, "removed-api-requested") {
			t.Errorf("-o %s: findings missing:\n%s", format, stdout)
		}
	}
}

// TestAuditUsage: usage errors and an unreachable cluster exit 2.
func TestAuditUsage(t *testing.T) {
	kubeconfig := writeKubeconfig(t, "https://127.0.0.1:1")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-o", "yaml"}, `-o "yaml": want text, json or markdown`},
		{[]string{"file.yaml"}, `unexpected argument "file.yaml"`},
		{[]string{"--kubernetes-version", "2.0"}, `--kubernetes-version "2.0": want a Kubernetes release such as 1.30`},
		{[]string{"--kubeconfig", kubeconfig}, "reading the server's version"},
	} {
		_, stderr, status := runLintIn(t, "", append([]string{"audit"}, c.args...)...)
		if status != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("audit %q: exit %d, stderr %q; want 2 and %q", c.args, status, stderr, c.want)
		}
	}
}
