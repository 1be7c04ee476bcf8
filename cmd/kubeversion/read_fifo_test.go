//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestLintSkipsSpecialFiles checks that a named pipe met while walking a
// directory is skipped with a note, where reading it would wait for ever
// for a writer, and that the regular files beside it are linted.
func TestLintSkipsSpecialFiles(t *testing.T) {
	dir := writeFiles(t, map[string]string{"gadgets.yaml": gadgetCRD})
	if err := syscall.Mkfifo(filepath.Join(dir, "x.yaml"), 0o644); err != nil {
		t.Skip("mkfifo:", err)
	}
	done := make(chan struct{})
	var stdout, stderr string
	var status int
	go func() {
		defer close(done)
		stdout, stderr, status = runLintIn(t, "", "lint", dir)
	}()
	select {
	case <-done:
	case <-timeout(t):
		// Open the pipe's other end, so that lint goes on and the test ends.
		if f, err := os.OpenFile(filepath.Join(dir, "x.yaml"), os.O_WRONLY, 0); err == nil {
			f.Close()
		}
		<-done
		t.Fatal("lint of a directory with a named pipe waited for it")
	}
	if status != exitOK || !strings.Contains(stdout, "gadgets.example.io: valid on create") {
		t.Errorf("lint of a directory with a named pipe: status %d, stdout %q", status, stdout)
	}
	if !strings.Contains(stderr, "x.yaml: skipped: a named pipe, not a regular file") {
		t.Errorf("no note of the pipe skipped: stderr %q", stderr)
	}
}

// TestLintNamedPipe checks that a pipe given by name, as /dev/stdin or a
// shell's <(command) are, is still read.
func TestLintNamedPipe(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "in")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("mkfifo:", err)
	}
	go func() {
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		f.WriteString(gadgetCRD)
		f.Close()
	}()
	stdout, stderr, status := runLintIn(t, "", "lint", fifo)
	if status != exitOK || !strings.Contains(stdout, "gadgets.example.io: valid on create") {
		t.Errorf("lint of a named pipe: status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
}
