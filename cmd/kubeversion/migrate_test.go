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
		{[]string{"help", "migrate"}, exitOK, "Usage: kubeversion migrate [flags] CRD-NAME"},
		{[]string{"migrate"}, exitError, "kubeversion migrate: want one CRD-NAME, got 0"},
		{[]string{"migrate", "a.example.com", "b.example.com"}, exitError, "want one CRD-NAME, got 2"},
		{[]string{"migrate", "--kubeconfig", "/nonexistent/kubeconfig", "a.example.com"}, exitError, "kubeconfig"},
	} {
		stdout, stderr, status := runLintIn(t, "", tc.args...)
		if status != tc.status || !strings.Contains(stdout+stderr, tc.want) {
			t.Errorf("kubeversion %q = %d\nstdout:\n%s\nstderr:\n%s\nwant %d and %q", tc.args, status, stdout, stderr, tc.status, tc.want)
		}
	}
}
