//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestValidateDirectoryNoteName: the note of a file skipped in a
// directory that validate walks names validate, not lint.
func TestValidateDirectoryNoteName(t *testing.T) {
	dir := writeFiles(t, map[string]string{"gadgets.yaml": gadgetCRD + "---\napiVersion: example.io/v1\nkind: Gadget\nmetadata: {name: g, namespace: default}\n"})
	if err := syscall.Mkfifo(filepath.Join(dir, "x.yaml"), 0o644); err != nil {
		t.Skip("mkfifo:", err)
	}
	_, stderr, _ := runLintIn(t, "", "validate", dir)
	want := "kubeversion validate: " + filepath.Join(dir, "x.yaml") + ": skipped: a named pipe, not a regular file\n"
	if !strings.Contains(stderr, want) || strings.Contains(stderr, "kubeversion lint") {
		t.Errorf("validate of a directory with a named pipe: stderr %q, want %q", stderr, want)
	}
}

// TestLintUnreadableEntry: an entry of a directory that cannot be read (a
// dangling symbolic link, here, which root cannot read either) is a
// problem of its own, and the walk goes on with the files after it.
func TestLintUnreadableEntry(t *testing.T) {
	dir := writeFiles(t, map[string]string{"z-gadgets.yaml": gadgetCRD})
	if err := os.Symlink(filepath.Join(dir, "none"), filepath.Join(dir, "a-broken.yaml")); err != nil {
		t.Skip("symlink:", err)
	}
	stdout, stderr, status := runLintIn(t, "", "lint", dir)
	if status != exitError || !strings.Contains(stdout, "gadgets.example.io: valid on create") ||
		!strings.Contains(stderr, filepath.Join(dir, "a-broken.yaml")+": stat: no such file or directory") {
		t.Errorf("lint of a directory with an unreadable entry = %d\nstdout:\n%s\nstderr:\n%s\nwant %d, the problem, and the CRD after it linted", status, stdout, stderr, exitError)
	}
}
