package inputs

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"time"
)

// RemoteBuildTimeout is the most time a kustomize build with
// RemoteFlag may take, its fetches and git commands together: 2 minutes.
// At it, the build is stopped, git with it. A variable for tests.
var RemoteBuildTimeout = 2 * time.Minute

// RemoteFetchTimeout is the most time one fetch of a remote resource by
// URL may take, its body read: 30 s. Its body is capped at MaxInputSize.
// A variable for tests.
var RemoteFetchTimeout = 30 * time.Second

// childEnv names the variable that makes kubeversion a kustomize child
// (see [RunKustomizeChild]); its value is the childJob, as JSON.
const childEnv = "KUBEVERSION_KUSTOMIZE_CHILD"

// childJob is what a kustomize child builds, with what limits.
type childJob struct {
	Dir   string        `json:"dir"`
	Max   int64         `json:"max"`
	Fetch time.Duration `json:"fetch"`
}

// kustomizeRemote builds dir as kustomize does, fetching URLs and cloning
// repositories, in a child process of its own process group: kustomize
// fetches with no time limit and reads the whole answer, and starts git
// with its own timeout but leaves it running past it. The child's fetches
// are bounded (RemoteFetchTimeout, MaxInputSize), the build as a whole by
// RemoteBuildTimeout; at that limit, when its output passes MaxInputSize,
// and when the build ends, its process group is killed, git with it. On
// Linux the child also dies, killing its group, when kubeversion does
// (SIGTERM on its parent's death).
func kustomizeRemote(dir string) ([]byte, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	job, err := json.Marshal(childJob{Dir: dir, Max: MaxInputSize, Fetch: RemoteFetchTimeout})
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), RemoteBuildTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe)
	cmd.Env = append(os.Environ(), childEnv+"="+string(job))
	cmd.SysProcAttr = childProcAttr()
	cmd.Cancel = func() error { return killGroup(cmd.Process) }
	cmd.WaitDelay = time.Second
	stderr := &headBuffer{max: 64 << 10}
	cmd.Stderr = stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	// The parent-death signal is sent when the thread that started the
	// child ends: keep it until the child has.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	defer killGroup(cmd.Process) // git that kustomize left running
	data, readErr := io.ReadAll(NewCappedReader(out, MaxInputSize))
	if readErr != nil {
		killGroup(cmd.Process)
	}
	err = cmd.Wait()
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return nil, fmt.Errorf("kustomize build with remote resources: stopped after %v, the most it may take (git included)", RemoteBuildTimeout)
	case readErr != nil:
		return nil, fmt.Errorf("kustomize build: %w", readErr)
	case err != nil && stderr.Len() > 0:
		return nil, errors.New(strings.TrimSpace(stderr.String()))
	case err != nil:
		return nil, fmt.Errorf("kustomize build: %w", err)
	}
	return data, nil
}

// RunKustomizeChild runs the build kustomizeRemote asks of a child
// process, and exits, when this process is that child; otherwise it
// returns at once. main calls it first, and so does the TestMain of a
// test that builds with RemoteFlag.
func RunKustomizeChild() {
	if text, ok := os.LookupEnv(childEnv); ok {
		os.Exit(runChild(text))
	}
}

// runChild builds the childJob of text to standard output, and returns
// the exit status.
func runChild(text string) int {
	stopGroupOnSignal()
	var job childJob
	if err := json.Unmarshal([]byte(text), &job); err != nil {
		fmt.Fprintln(os.Stderr, "kustomize child:", err)
		return 2
	}
	MaxInputSize = job.Max
	base := http.DefaultTransport.(*http.Transport).Clone()
	http.DefaultTransport = &fetchTransport{base: base, timeout: job.Fetch, max: job.Max}
	data, err := kustomize(newCappedFS(), job.Dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if _, err := os.Stdout.Write(data); err != nil {
		return 1
	}
	return 0
}

// fetchTransport bounds each fetch of a kustomize child, which uses
// http.DefaultTransport: timeout for the request and its body, max bytes
// of body.
type fetchTransport struct {
	base    http.RoundTripper
	timeout time.Duration
	max     int64
}

func (t *fetchTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(req.Context(), t.timeout)
	resp, err := t.base.RoundTrip(req.WithContext(ctx))
	if err != nil {
		cancel()
		if ctx.Err() != nil {
			err = fmt.Errorf("no answer within %v: %w", t.timeout, err)
		}
		return nil, err
	}
	resp.Body = &fetchBody{Reader: NewCappedReader(resp.Body, t.max), body: resp.Body, cancel: cancel}
	return resp, nil
}

// fetchBody is a capped answer, whose time ends when it is closed.
type fetchBody struct {
	io.Reader
	body   io.Closer
	cancel context.CancelFunc
}

func (b *fetchBody) Close() error {
	b.cancel()
	return b.body.Close()
}

// headBuffer keeps the first max bytes written to it.
type headBuffer struct {
	bytes.Buffer
	max int
}

func (h *headBuffer) Write(p []byte) (int, error) {
	if room := h.max - h.Len(); room > 0 {
		h.Buffer.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}
