package main

import (
	"strings"
	"testing"
)

// TestMigrateCommand checks that `kubeversion migrate` is the migrate
// module's command: its help, and its usage errors with status 2. The
// migration itself is tested against a real API server in that module.
func TestMigrateCommand(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		status int
		want   string
	}{
		{[]string{"migrate", "--help"}, exitOK, "Usage: kubeversion migrate [flags] CRD-NAME"},
		{[]string{"migrate", "--help"}, exitOK, "\n  --state-file FILE\n    \trecord progress in FILE after each page"},
		{[]string{"help", "migrate"}, exitOK, "Usage: kubeversion migrate [flags] CRD-NAME"},
		{[]string{"migrate"}, exitError, "kubeversion migrate: want one CRD-NAME, got 0"},
		{[]string{"migrate", "a.example.com", "b.example.com"}, exitError, "want one CRD-NAME, got 2"},
		{[]string{"migrate", "--kubeconfig", "/nonexistent/kubeconfig", "a.example.com"}, exitError, "kubeconfig"},
		{[]string{"migrate", "--no-such-flag", "a.example.com"}, exitError, "kubeversion migrate: flag provided but not defined: -no-such-flag"},
	} {
		stdout, stderr, status := runLintIn(t, "", tc.args...)
		// The usage is printed once: on standard output for --help, on
		// standard error after a usage error, as for the other commands.
		if n := strings.Count(stdout+stderr, "Usage: kubeversion migrate"); n > 1 || tc.status == exitOK && stderr != "" {
			t.Errorf("kubeversion %q printed the usage %d times, standard error %q", tc.args, n, stderr)
		}
		if status != tc.status || !strings.Contains(stdout+stderr, tc.want) {
			t.Errorf("kubeversion %q = %d\nstdout:\n%s\nstderr:\n%s\nwant %d and %q", tc.args, status, stdout, stderr, tc.status, tc.want)
		}
	}
}
