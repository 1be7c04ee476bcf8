package main

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inputs"
)

// endless is standard input that never ends: the bytes of text, again and
// again. After limit bytes it fails the test and ends, so that a reader
// without a cap fails rather than runs out of memory.
type endless struct {
	t           *testing.T
	text        string
	read, limit int
}

func (r *endless) Read(p []byte) (int, error) {
	if r.read >= r.limit {
		r.t.Errorf("%d bytes read from endless input: no cap", r.read)
		return 0, io.EOF
	}
	n := 0
	for n < len(p) {
		n += copy(p[n:], r.text[(r.read+n)%len(r.text):])
	}
	r.read += n
	return n, nil
}

// timeout returns a channel closed after 20 s: a guard that turns a hang
// into a failure, not a measure of speed.
func timeout(t *testing.T) <-chan time.Time {
	t.Helper()
	return time.After(20 * time.Second)
}

// setMaxInputSize lowers the cap on input for the test.
func setMaxInputSize(t *testing.T, n int64) {
	old := inputs.MaxInputSize
	inputs.MaxInputSize = n
	t.Cleanup(func() { inputs.MaxInputSize = old })
}

// TestLintInputSizeCap checks that lint reads at most inputs.MaxInputSize bytes
// plus one of a file or of standard input, and stops there with an error
// naming the limit and exit status 2: input that never ends (/dev/zero, a
// file appended to while read) must not take all memory.
func TestLintInputSizeCap(t *testing.T) {
	setMaxInputSize(t, 64<<10)
	one := "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\n"

	for _, text := range []string{one, "{\"kind\": \"ConfigMap\"}\n"} {
		in := &endless{t: t, text: text, limit: 1 << 20}
		var out, errOut strings.Builder
		status := run(&env{in, &out, &errOut}, []string{"lint", "-"})
		if status != exitError || !strings.Contains(errOut.String(), "-: larger than 65536 bytes, the most kubeversion reads of one file") {
			t.Errorf("lint of endless standard input %q...: status %d, stderr %q; want %d and an error naming the limit", text, status, errOut.String(), exitError)
		}
		if in.read > 64<<10+64<<10 { // the cap, and a read buffer
			t.Errorf("lint read %d bytes of endless standard input %q..., cap %d", in.read, text, 64<<10)
		}
	}

	dir := writeFiles(t, map[string]string{
		"big.yaml":   strings.Repeat(one, (64<<10)/len(one)+1),
		"small.yaml": strings.Repeat(one, (64<<10)/len(one)),
	})
	_, stderr, status := runLintIn(t, "", "lint", filepath.Join(dir, "big.yaml"))
	if status != exitError || !strings.Contains(stderr, "big.yaml: larger than 65536 bytes") {
		t.Errorf("lint of a file over the cap: status %d, stderr %q", status, stderr)
	}
	_, stderr, status = runLintIn(t, "", "lint", "--allow-empty", filepath.Join(dir, "small.yaml"))
	if status != exitOK {
		t.Errorf("lint of a file of %d bytes, under the cap: status %d, stderr %q", len(strings.Repeat(one, (64<<10)/len(one))), status, stderr)
	}
}

func TestCappedReader(t *testing.T) {
	for _, tt := range []struct {
		size, limit int64
		tooLarge    bool
	}{
		{0, 0, false}, {1, 0, true}, {10, 10, false}, {11, 10, true}, {100000, 10, true}, {9, 10, false},
	} {
		data, err := io.ReadAll(inputs.NewCappedReader(strings.NewReader(strings.Repeat("x", int(tt.size))), tt.limit))
		if tt.tooLarge != errors.Is(err, inputs.ErrTooLarge) || int64(len(data)) > tt.limit {
			t.Errorf("reading %d bytes capped at %d: %d bytes, %v", tt.size, tt.limit, len(data), err)
		}
		if !tt.tooLarge && (err != nil || int64(len(data)) != tt.size) {
			t.Errorf("reading %d bytes capped at %d: %d bytes, %v; want them all", tt.size, tt.limit, len(data), err)
		}
	}
}

// TestLintRefusesDevices checks that a device given by name is refused
// before any read: /dev/zero would otherwise be read for ever.
func TestLintRefusesDevices(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	done := make(chan struct{})
	var stderr string
	var status int
	go func() {
		defer close(done)
		_, stderr, status = runLintIn(t, "", "lint", "/dev/zero")
	}()
	select {
	case <-done:
	case <-timeout(t):
		t.Fatal("lint /dev/zero still reading")
	}
	if status != exitError || !strings.Contains(stderr, "/dev/zero: not a regular file or a pipe, but a character device") {
		t.Errorf("lint /dev/zero: status %d, stderr %q", status, stderr)
	}
}
