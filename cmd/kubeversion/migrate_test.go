package main

import (
	"flag"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestMigrateHelp checks the help of `kubeversion migrate`, byte for byte
// as the migrate module's Main printed it before the command took over its
// flags: on standard output, status 0, for every way of asking.
func TestMigrateHelp(t *testing.T) {
	migrateHelp := readGolden(t, "help-migrate.stdout")
	for _, args := range [][]string{
		{"migrate", "--help"}, {"migrate", "-h"}, {"migrate", "-help"}, {"help", "migrate"},
		{"migrate", "--help", "a.example.com"}, {"migrate", "a.example.com", "--help"},
	} {
		stdout, stderr, status := runLintIn(t, "", args...)
		if status != exitOK || stdout != migrateHelp || stderr != "" {
			t.Errorf("kubeversion %q = %d\nstdout:\n%s\nstderr:\n%s\nwant %d and the help", args, status, stdout, stderr, exitOK)
		}
	}
}

// TestMigrateUsageErrors runs `kubeversion migrate` without a cluster:
// each usage error, bad flag value, kubeconfig that cannot be loaded and
// context it lacks exits with status 2 and prints its message to
// standard error, followed by the help when a flag could not be parsed,
// byte for byte as the migrate module's Main did; nothing goes to
// standard output. The migration itself is tested against a real API
// server in the migrate module, and the printing of its report in
// package migratecmd.
func TestMigrateUsageErrors(t *testing.T) {
	migrateHelp := readGolden(t, "help-migrate.stdout")
	dir := t.TempDir()
	kc, empty := filepath.Join(dir, "kc.yaml"), filepath.Join(dir, "empty.yaml")
	if err := os.WriteFile(kc, []byte(`apiVersion: v1
kind: Config
clusters:
- {name: dev, cluster: {server: "https://127.0.0.1:1"}}
users: [{name: dev, user: {token: secret}}]
contexts: [{name: dev, context: {cluster: dev, user: dev}}]
current-context: dev
`), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(empty, []byte("apiVersion: v1\nkind: Config\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	// No kubeconfig but an empty one, and no in-cluster configuration.
	t.Setenv("KUBECONFIG", empty)
	t.Setenv("HOME", dir)
	t.Setenv("KUBERNETES_SERVICE_HOST", "")
	t.Setenv("KUBERNETES_SERVICE_PORT", "")
	for _, tc := range []struct {
		args  []string
		err   string // the first lines of standard error
		usage bool   // the help follows
	}{
		{[]string{"migrate"}, "kubeversion migrate: want one CRD-NAME, got 0 (see --help)\n", false},
		{[]string{"migrate", "a.example.com", "b.example.com"}, "kubeversion migrate: want one CRD-NAME, got 2 (see --help)\n", false},
		{[]string{"migrate", "--", "a.example.com", "b.example.com"}, "kubeversion migrate: want one CRD-NAME, got 2 (see --help)\n", false},
		{[]string{"migrate", "-o", "yaml", "a.example.com"}, "kubeversion migrate: -o \"yaml\": want text or json\n", false},
		{[]string{"migrate", "-o", "json", "a.example.com", "b.example.com"}, "kubeversion migrate: want one CRD-NAME, got 2 (see --help)\n", false},
		{[]string{"migrate", "-o"}, "kubeversion migrate: flag needs an argument: -o\n", true},
		{[]string{"migrate", "--concurrency", "0", "a.example.com"}, "kubeversion migrate: --concurrency, --page-size, --qps, --burst and --settle must be positive\n", false},
		{[]string{"migrate", "--concurrency", "-1", "a.example.com"}, "kubeversion migrate: --concurrency, --page-size, --qps, --burst and --settle must be positive\n", false},
		{[]string{"migrate", "--page-size", "0", "a.example.com"}, "kubeversion migrate: --concurrency, --page-size, --qps, --burst and --settle must be positive\n", false},
		{[]string{"migrate", "--qps", "0", "a.example.com"}, "kubeversion migrate: --concurrency, --page-size, --qps, --burst and --settle must be positive\n", false},
		{[]string{"migrate", "--qps", "-5", "a.example.com"}, "kubeversion migrate: --concurrency, --page-size, --qps, --burst and --settle must be positive\n", false},
		{[]string{"migrate", "--burst", "0", "a.example.com"}, "kubeversion migrate: --concurrency, --page-size, --qps, --burst and --settle must be positive\n", false},
		{[]string{"migrate", "--settle", "0s", "a.example.com"}, "kubeversion migrate: --concurrency, --page-size, --qps, --burst and --settle must be positive\n", false},
		{[]string{"migrate", "--settle", "-1s", "a.example.com"}, "kubeversion migrate: --concurrency, --page-size, --qps, --burst and --settle must be positive\n", false},
		{[]string{"migrate", "--concurrency", "x", "a.example.com"}, "kubeversion migrate: invalid value \"x\" for flag -concurrency: parse error\n", true},
		{[]string{"migrate", "--page-size", "x", "a.example.com"}, "kubeversion migrate: invalid value \"x\" for flag -page-size: parse error\n", true},
		{[]string{"migrate", "--qps", "x", "a.example.com"}, "kubeversion migrate: invalid value \"x\" for flag -qps: parse error\n", true},
		{[]string{"migrate", "--burst", "1.5", "a.example.com"}, "kubeversion migrate: invalid value \"1.5\" for flag -burst: parse error\n", true},
		{[]string{"migrate", "--settle", "5", "a.example.com"}, "kubeversion migrate: invalid value \"5\" for flag -settle: parse error\n", true},
		{[]string{"migrate", "--dry-run=maybe", "a.example.com"}, "kubeversion migrate: invalid boolean value \"maybe\" for -dry-run: parse error\n", true},
		{[]string{"migrate", "--force=2", "a.example.com"}, "kubeversion migrate: invalid boolean value \"2\" for -force: parse error\n", true},
		{[]string{"migrate", "--use-cluster-migrator=x", "a.example.com"}, "kubeversion migrate: invalid boolean value \"x\" for -use-cluster-migrator: parse error\n", true},
		{[]string{"migrate", "--no-such-flag", "a.example.com"}, "kubeversion migrate: flag provided but not defined: -no-such-flag\n", true},
		{[]string{"migrate", "-x", "a.example.com"}, "kubeversion migrate: flag provided but not defined: -x\n", true},
		{[]string{"migrate", "a.example.com", "--kubeconfig"}, "kubeversion migrate: flag needs an argument: -kubeconfig\n", true},
		{[]string{"migrate", "--use-cluster-migrator", "--state-file", "s.json", "a.example.com"}, "kubeversion migrate: --state-file: not with --use-cluster-migrator, where the cluster's controller rewrites the objects\n", false},
		{[]string{"migrate", "--use-cluster-migrator", "--concurrency", "2", "a.example.com"}, "kubeversion migrate: --concurrency: not with --use-cluster-migrator, where the cluster's controller rewrites the objects\n", false},
		{[]string{"migrate", "--use-cluster-migrator", "--page-size", "10", "a.example.com"}, "kubeversion migrate: --page-size: not with --use-cluster-migrator, where the cluster's controller rewrites the objects\n", false},
		{[]string{"migrate", "--page-size", "10", "--state-file", "s.json", "--concurrency", "2", "--use-cluster-migrator", "a.example.com"}, "kubeversion migrate: --concurrency, --page-size, --state-file: not with --use-cluster-migrator, where the cluster's controller rewrites the objects\n", false},
		{[]string{"migrate", "--use-cluster-migrator", "--dry-run", "--state-file", "s.json", "a.example.com"}, "kubeversion migrate: --state-file: not with --use-cluster-migrator, where the cluster's controller rewrites the objects\n", false},
		{[]string{"migrate", "--kubeconfig", "/nonexistent/kubeconfig", "a.example.com"}, "kubeversion migrate: kubeconfig: stat /nonexistent/kubeconfig: no such file or directory\n", false},
		{[]string{"migrate", "--kubeconfig", "/nonexistent/kubeconfig", "--use-cluster-migrator", "a.example.com"}, "kubeversion migrate: kubeconfig: stat /nonexistent/kubeconfig: no such file or directory\n", false},
		{[]string{"migrate", "--kubeconfig", kc, "--context", "missing", "a.example.com"}, "kubeversion migrate: kubeconfig: context \"missing\" does not exist\n", false},
		{[]string{"migrate", "--kubeconfig", kc, "--context", "missing", "--dry-run", "--use-cluster-migrator", "a.example.com"}, "kubeversion migrate: kubeconfig: context \"missing\" does not exist\n", false},
		{[]string{"migrate", "--kubeconfig", empty, "a.example.com"}, "kubeversion migrate: kubeconfig: invalid configuration: no configuration has been provided, try setting KUBERNETES_MASTER environment variable\n", false},
		{[]string{"migrate", "--", "--dry-run"}, "kubeversion migrate: kubeconfig: invalid configuration: no configuration has been provided, try setting KUBERNETES_MASTER environment variable\n", false},
		{[]string{"migrate", "--kubeconfig", "/nonexistent/kubeconfig", "--", "--dry-run"}, "kubeversion migrate: kubeconfig: stat /nonexistent/kubeconfig: no such file or directory\n", false},
	} {
		stdout, stderr, status := runLintIn(t, "", tc.args...)
		want := tc.err
		if tc.usage {
			want += migrateHelp
		}
		if status != exitError || stdout != "" || stderr != want {
			t.Errorf("kubeversion %q = %d\nstdout:\n%s\nstderr:\n%s\nwant %d and stderr\n%s", tc.args, status, stdout, stderr, exitError, want)
		}
	}
}

// TestParseMigrateArgs checks that flags come before and after the
// CRD-NAME alike, and that the arguments after "--" are all names.
func TestParseMigrateArgs(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		names []string
		dry   bool
	}{
		{[]string{"a.example.com"}, []string{"a.example.com"}, false},
		{[]string{"--dry-run", "a.example.com"}, []string{"a.example.com"}, true},
		{[]string{"a.example.com", "--dry-run"}, []string{"a.example.com"}, true},
		{[]string{"a.example.com", "--", "--dry-run"}, []string{"a.example.com", "--dry-run"}, false},
	} {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		dry := fs.Bool("dry-run", false, "")
		names, err := parseMigrateArgs(fs, tc.args)
		if err != nil || !slices.Equal(names, tc.names) || *dry != tc.dry {
			t.Errorf("parseMigrateArgs(%q) = %q, dry-run %v, %v; want %q, %v", tc.args, names, *dry, err, tc.names, tc.dry)
		}
	}
}
