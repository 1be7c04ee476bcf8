package inputs

import (
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

func TestMain(m *testing.M) {
	RunKustomizeChild() // the child of the tests that build with RemoteFlag
	os.Exit(m.Run())
}

// kustomization writes a kustomization.yaml of text, with the files of
// more, to a new directory, and returns it.
func kustomization(t *testing.T, text string, more map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	more["kustomization.yaml"] = text
	for name, data := range more {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const configMap = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n"

// countingServer answers configMap and counts the requests.
func countingServer(t *testing.T) (*httptest.Server, *atomic.Int32) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		io.WriteString(w, configMap)
	}))
	t.Cleanup(srv.Close)
	return srv, &hits
}

// TestKustomizeRemoteResourceOffline: a URL in resources, or in a base a
// kustomization names, is an error naming it and RemoteFlag, and is not
// fetched.
func TestKustomizeRemoteResourceOffline(t *testing.T) {
	srv, hits := countingServer(t)
	url := srv.URL + "/x.yaml"
	for name, dir := range map[string]string{
		"resources":          kustomization(t, "resources:\n- "+url+"\n", map[string]string{}),
		"base":               kustomization(t, "resources:\n- base\n", map[string]string{"base/kustomization.yaml": "resources:\n- " + url + "\n"}),
		"configMapGenerator": kustomization(t, "configMapGenerator:\n- name: c\n  files:\n  - key="+url+"\n", map[string]string{}),
		"generator config":   kustomization(t, "generators:\n- gen.yaml\n", map[string]string{"gen.yaml": "apiVersion: builtin\nkind: ConfigMapGenerator\nmetadata:\n  name: c\nfiles:\n- " + url + "\n"}),
	} {
		t.Run(name, func(t *testing.T) {
			_, err := KustomizeBuild(dir, false)
			var remote *RemoteError
			if !errors.As(err, &remote) || !strings.Contains(err.Error(), url) || !strings.Contains(err.Error(), RemoteFlag) {
				t.Fatalf("error %v, want one naming %s and %s", err, url, RemoteFlag)
			}
		})
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("the server was asked %d times, want none", n)
	}
}

// TestKustomizeGitURLOffline: a repository, as kustomize reads one, is an
// error without RemoteFlag, and git does not run: nothing connects.
func TestKustomizeGitURLOffline(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	var conns atomic.Int32
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			conns.Add(1)
			c.Close()
		}
	}()
	for _, ref := range []string{
		"github.com/example/repo//config?ref=v1",
		"git@github.com:example/repo.git",
		"git::https://" + ln.Addr().String() + "/org/repo.git",
		"ssh://git@" + ln.Addr().String() + "/org/repo.git",
	} {
		dir := kustomization(t, "components:\n- "+ref+"\n", map[string]string{})
		_, err := KustomizeBuild(dir, false)
		var remote *RemoteError
		if !errors.As(err, &remote) || remote.Ref != ref {
			t.Errorf("%s: error %v, want a RemoteError", ref, err)
		}
	}
	if n := conns.Load(); n != 0 {
		t.Errorf("%d connections, want none", n)
	}
}

// TestIsRemoteRef: what is a URL or a repository, and what a local path.
func TestIsRemoteRef(t *testing.T) {
	for ref, want := range map[string]bool{
		"https://example.com/x.yaml": true, "http://h/x": true, "file:///repo": true,
		"github.com/o/r": true, "git@host:o/r": true, "GIT::https://h/o/r": true,
		"base": false, "../base": false, "crd.yaml": false, "dir/with@at/x.yaml": false,
		"a:b.yaml": false,
	} {
		if got := IsRemoteRef(ref); got != want {
			t.Errorf("IsRemoteRef(%q) = %v, want %v", ref, got, want)
		}
	}
}

// TestKustomizeFileOverCap: a file a kustomization reads is capped as any
// input is, and so are all of them together.
func TestKustomizeFileOverCap(t *testing.T) {
	defer func(m int64) { MaxInputSize = m }(MaxInputSize)
	MaxInputSize = 1 << 10
	big := configMap + "data:\n  a: " + strings.Repeat("x", 2<<10) + "\n"
	dir := kustomization(t, "resources:\n- big.yaml\n", map[string]string{"big.yaml": big})
	if _, err := KustomizeBuild(dir, false); !errors.Is(err, ErrTooLarge) && (err == nil || !strings.Contains(err.Error(), "larger than")) {
		t.Errorf("one file over the cap: error %v, want one of size", err)
	}
	small := configMap + "data:\n  a: " + strings.Repeat("x", 400) + "\n"
	dir = kustomization(t, "resources:\n- a.yaml\n- b.yaml\n- c.yaml\n", map[string]string{
		"a.yaml": small, "b.yaml": strings.Replace(small, "name: c", "name: d", 1), "c.yaml": strings.Replace(small, "name: c", "name: e", 1)})
	if _, err := KustomizeBuild(dir, false); err == nil || !strings.Contains(err.Error(), "add up to more than") {
		t.Errorf("files over the cap together: error %v", err)
	}
}

// TestKustomizeFIFO: a named pipe among a kustomization's resources is
// refused at once, not waited on.
func TestKustomizeFIFO(t *testing.T) {
	dir := kustomization(t, "resources:\n- pipe.yaml\n", map[string]string{})
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.yaml"), 0o644); err != nil {
		t.Skip("no named pipes:", err)
	}
	done := make(chan error, 1)
	go func() { _, err := KustomizeBuild(dir, false); done <- err }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "named pipe") {
			t.Errorf("error %v, want one naming a named pipe", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the build waits on the pipe")
	}
}

// TestKustomizeRemoteAllowed: with RemoteFlag, a remote resource is
// fetched, in a child process.
func TestKustomizeRemoteAllowed(t *testing.T) {
	srv, hits := countingServer(t)
	dir := kustomization(t, "resources:\n- "+srv.URL+"/x.yaml\n", map[string]string{})
	out, err := KustomizeBuild(dir, true)
	if err != nil || !strings.Contains(string(out), "kind: ConfigMap") || hits.Load() == 0 {
		t.Fatalf("got %q, %v after %d requests", out, err, hits.Load())
	}
}

// TestKustomizeRemoteFetchBounded: with RemoteFlag, a server that never
// answers, or answers without end, stops the fetch at its limits.
func TestKustomizeRemoteFetchBounded(t *testing.T) {
	defer func(d time.Duration, m int64) { RemoteFetchTimeout, MaxInputSize = d, m }(RemoteFetchTimeout, MaxInputSize)
	RemoteFetchTimeout, MaxInputSize = time.Second, 1<<20
	stop := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/endless.yaml" {
			io.WriteString(w, configMap+"data:\n  a: ")
			for {
				select {
				case <-stop:
					return
				default:
				}
				if _, err := w.Write([]byte(strings.Repeat("x", 64<<10))); err != nil {
					return
				}
			}
		}
		select { // hangs
		case <-stop:
		case <-r.Context().Done():
		}
	}))
	defer srv.Close()
	defer close(stop)
	for path, want := range map[string]string{"/hang.yaml": "no answer within", "/endless.yaml": "larger than 1 MiB"} {
		dir := kustomization(t, "resources:\n- "+srv.URL+path+"\n", map[string]string{})
		start := time.Now()
		_, err := KustomizeBuild(dir, true)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want %q", path, err, want)
		}
		if d := time.Since(start); d > 20*time.Second {
			t.Errorf("%s: took %v", path, d)
		}
	}
}

// TestKustomizeRemoteGitStopped: with RemoteFlag, git cloning from a
// server that never answers is stopped with the build at
// RemoteBuildTimeout, not left running: its connection closes.
func TestKustomizeRemoteGitStopped(t *testing.T) {
	if _, err := os.Stat("/usr/bin/git"); err != nil {
		t.Skip("no git")
	}
	defer func(b, f time.Duration) { RemoteBuildTimeout, RemoteFetchTimeout = b, f }(RemoteBuildTimeout, RemoteFetchTimeout)
	RemoteBuildTimeout, RemoteFetchTimeout = 4*time.Second, 500*time.Millisecond
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	closed := make(chan time.Time, 16)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() { // reads, never answers, notes when the client goes
				io.Copy(io.Discard, c)
				closed <- time.Now()
				c.Close()
			}()
		}
	}()
	dir := kustomization(t, "resources:\n- http://"+ln.Addr().String()+"/org/repo.git//config\n", map[string]string{})
	start := time.Now()
	_, err = KustomizeBuild(dir, true)
	end := time.Now()
	if err == nil || !strings.Contains(err.Error(), "stopped after") {
		t.Errorf("error %v, want the build stopped", err)
	}
	if d := end.Sub(start); d > 15*time.Second {
		t.Errorf("the build took %v", d)
	}
	// The fetch's connection and git's: both gone by the build's end.
	deadline := time.After(5 * time.Second)
	for n := 0; n < 2; n++ {
		select {
		case <-closed:
		case <-deadline:
			t.Fatalf("%d connections still open 5 s after the build: git left running", 2-n)
		}
	}
}
