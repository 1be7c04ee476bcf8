package main

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inputs"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// testBinary is the command under test: this test binary, linked as
// kubeversion, which runs main when started under that name (see
// TestMain). The command is not
// built again: with the race detector, its Kubernetes code would be
// compiled twice, with it and without.
var (
	testBinary string
	buildOnce  sync.Once
	buildErr   error
	buildDir   string
)

func TestMain(m *testing.M) {
	inputs.RunKustomizeChild()
	// Run as the command when started through the link build makes,
	// whatever the environment of the process that starts it.
	if name := filepath.Base(os.Args[0]); name == "kubeversion" || name == "kubeversion.exe" {
		main()
	}
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

func build(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		if buildDir, buildErr = os.MkdirTemp("", "kubeversion-test"); buildErr != nil {
			return
		}
		testBinary = filepath.Join(buildDir, "kubeversion")
		if runtime.GOOS == "windows" {
			testBinary += ".exe"
		}
		self, err := os.Executable()
		if err == nil {
			err = os.Symlink(self, testBinary)
		}
		buildErr = err
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return testBinary
}

// runBinary runs the built command in testdata with args and stdin, and
// returns its standard output, standard error and exit status.
func runBinary(t *testing.T, stdin string, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	cmd := exec.Command(build(t), args...)
	cmd.Dir = "testdata"
	cmd.Stdin = strings.NewReader(stdin)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		status = exit.ExitCode()
	case err != nil:
		t.Fatalf("running kubeversion %q: %v", args, err)
	}
	return out.String(), errOut.String(), status
}

// golden compares got with testdata/golden/name, or rewrites the file
// under -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	goldenFile(t, filepath.Join("testdata", "golden", name), got)
}

// readGolden returns the file testdata/golden/name, which other tests
// write with -update.
func readGolden(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "golden", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// goldenFile compares got with the file at path, or rewrites it under
// -update.
func goldenFile(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (run go test -update to accept):\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

// cliTests run the command and compare its output with golden files
// named after the test: NAME.stdout and, when there is any, NAME.stderr.
var cliTests = []struct {
	name   string
	stdin  string
	args   []string
	status int
}{
	{"help", "", []string{"--help"}, 0},
	{"no-command", "", nil, 2},
	{"unknown-command", "", []string{"frobnicate"}, 2},
	{"sort-help", "", []string{"sort", "--help"}, 0},
	{"sort-bad-flag", "", []string{"sort", "-x"}, 2},
	{"sort-args", "", []string{"sort", "foo10", "v11alpha2", "v1", "v3beta1", "foo1", "v10", "v12alpha1", "v2", "v10beta3", "v11beta2"}, 0},
	{"sort-reverse", "", []string{"sort", "v1beta1", "-r", "v1", "v2"}, 0},
	{"sort-stdin-groups", "apps/v1\nv1\nbatch/v1beta1\nbatch/v1\napps/v1beta2\nautoscaling/v2\n/v1\nautoscaling/v1\n", []string{"sort"}, 0},
	{"sort-dash-version", "", []string{"sort", "--", "-v1", "v1"}, 0},
	{"highest-args", "", []string{"highest", "v1beta1", "v1", "v2alpha1"}, 0},
	{"highest-groups", "apps/v1\nv1\nbatch/v1beta1\nbatch/v1\napps/v1beta2\n", []string{"highest"}, 0},
	{"highest-empty", "", []string{"highest"}, 2},
	{"parse-text", "", []string{"parse", "v02beta1", "v1", "v1.30.2", "v1beta", "v9223372036854775808"}, 1},
	{"parse-json", "", []string{"parse", "-o", "json", "v0", "V1"}, 1},
	{"parse-valid", "", []string{"parse", "v3alpha2"}, 0},
	{"parse-bad-format", "", []string{"parse", "-o", "yaml", "v1"}, 2},
	{"lint-help", "", []string{"lint", "-h"}, 0},
	{"lint-no-path", "", []string{"lint"}, 2},
	{"lint-bad-format", "", []string{"lint", "-o", "xml", "manifests"}, 2},
	{"lint-operator", "", []string{"lint", "manifests/operator.yaml"}, 0},
	{"lint-invalid", "", []string{"lint", "manifests/invalid.yaml"}, 1},
	{"lint-invalid-json", "", []string{"lint", "-o", "json", "manifests/invalid.yaml"}, 1},
	{"lint-invalid-github", "", []string{"lint", "-o", "github", "manifests/invalid.yaml"}, 1},
	{"lint-directory", "", []string{"lint", "manifests/dir"}, 1},
	{"lint-update-removed-version", "", []string{"lint", "manifests/widgets-v1-only.yaml", "--old", "manifests/live.yaml"}, 1},
	{"lint-update-github", "", []string{"lint", "--old", "manifests/live.yaml", "-o", "github", "manifests/widgets-v1-only.yaml"}, 1},
	{"lint-update-ok", "", []string{"lint", "--old", "manifests/live.yaml", "manifests/operator.yaml"}, 0},
	{"lint-old-no-crd", "", []string{"lint", "--old", "manifests/dir/configmap.yml", "manifests/operator.yaml"}, 0},
	{"lint-old-missing", "", []string{"lint", "--old", "manifests/nonexistent.yaml", "manifests/operator.yaml"}, 2},
	{"lint-malformed-others-checked", "", []string{"lint", "manifests/malformed.yaml", "manifests/wrongtype.yaml", "manifests/v1beta1.yaml", "manifests/missing.yaml", "manifests/operator.yaml"}, 2},
	{"lint-malformed-json", "", []string{"lint", "-o", "json", "manifests/malformed.yaml", "manifests/operator.yaml"}, 2},
	{"help-sort", "", []string{"help", "sort"}, 0},
	{"help-help", "", []string{"help", "--help"}, 0},
	{"help-unknown", "", []string{"help", "frobnicate"}, 2},
	{"help-webhook", "", []string{"help", "webhook"}, 0},
	{"highest-help", "", []string{"highest", "--help"}, 0},
	{"parse-help", "", []string{"parse", "--help"}, 0},
	{"parse-visible", "", []string{"parse", "", "v1 ", "v1\t", "apps/v1", "apps/v1beta", "/v2"}, 1},
	{"parse-groups-json", "apps/v1\nbatch/v1beta\n", []string{"parse", "-o", "json"}, 1},
	{"lint-kubectl-reading", "", []string{"lint", "manifests/kubectl-reading.yaml"}, 0},
	{"lint-strict", "", []string{"lint", "manifests/strict.yaml"}, 1},
	{"lint-strict-json", "", []string{"lint", "-o", "json", "manifests/strict.yaml"}, 1},
	{"lint-crd-list", "", []string{"lint", "manifests/crd-list.yaml"}, 2},
	{"lint-crd-list-github", "", []string{"lint", "-o", "github", "manifests/crd-list.yaml"}, 2},
	{"lint-upgrade", "", []string{"lint", "--old", "../../../examples/gadgets-live.yaml", "../../../examples/gadgets-v1.yaml"}, 1},
	{"lint-upgrade-json", "", []string{"lint", "-o", "json", "--old", "../../../examples/gadgets-live.yaml", "../../../examples/gadgets-v1.yaml"}, 1},
	{"lint-upgrade-github", "", []string{"lint", "-o", "github", "--old", "../../../examples/gadgets-live.yaml", "../../../examples/gadgets-v1.yaml"}, 1},
	{"lint-upgrade-markdown", "", []string{"lint", "-o", "markdown", "--old", "../../../examples/gadgets-live.yaml", "../../../examples/gadgets-v1.yaml"}, 1},
	{"lint-crd-list-markdown", "", []string{"lint", "-o", "markdown", "manifests/crd-list.yaml", "manifests/invalid.yaml"}, 2},
	{"lint-upgrade-levels", "", []string{"lint", "--check", "all=warning", "--check", "field-removed=off,type-changed=off", "--old", "../../../examples/gadgets-live.yaml", "../../../examples/gadgets-v1.yaml"}, 0},
	{"lint-upgrade-no-live", "", []string{"lint", "../../../examples/gadgets-v1.yaml"}, 1},
	{"lint-list-checks", "", []string{"lint", "--check", "format-changed=error,all=off,field-removed=warning", "--list-checks"}, 0},
	{"lint-check-unknown", "", []string{"lint", "--check", "field-removal=off", "../../../examples/gadgets-v1.yaml"}, 2},
	{"lint-check-bad-level", "", []string{"lint", "--check", "field-removed=info", "../../../examples/gadgets-v1.yaml"}, 2},
	{"lint-check-no-level", "", []string{"lint", "--check", "field-removed", "../../../examples/gadgets-v1.yaml"}, 2},
	{"lint-no-crd", "", []string{"lint", "manifests/dir/configmap.yml", "manifests/operator.yaml"}, 0},
	{"lint-no-crd-at-all", "", []string{"lint", "manifests/dir/configmap.yml"}, 2},
	{"lint-no-crd-allowed", "", []string{"lint", "--allow-empty", "manifests/dir/configmap.yml"}, 0},
	{"lint-no-crd-json", "", []string{"lint", "-o", "json", "manifests/dir/configmap.yml"}, 2},
	{"lint-stdin", "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: a.b.c}\nspec:\n  group: b.c\n  names: {kind: A}\n  versions: []\n", []string{"lint", "-"}, 1},
}

func TestCLI(t *testing.T) {
	for _, tt := range cliTests {
		t.Run(tt.name, func(t *testing.T) {
			stdout, stderr, status := runBinary(t, tt.stdin, tt.args...)
			if status != tt.status {
				t.Errorf("kubeversion %q: exit status %d, want %d\nstderr: %s", tt.args, status, tt.status, stderr)
			}
			golden(t, tt.name+".stdout", stdout)
			if stderr != "" || *update {
				golden(t, tt.name+".stderr", stderr)
			}
		})
	}
}

func TestVersionFlag(t *testing.T) {
	stdout, _, status := runBinary(t, "", "--version")
	if status != 0 || !strings.HasPrefix(stdout, "kubeversion ") {
		t.Errorf("kubeversion --version = %q, status %d", stdout, status)
	}
}

// TestSortKeepsBytes checks that sort writes every input byte back: long
// lines, NUL bytes, invalid UTF-8, CRLF files and a last line without a
// newline (which gains one).
func TestSortKeepsBytes(t *testing.T) {
	long := "v" + strings.Repeat("9", 70_000) // beyond bufio.Scanner's 64 KiB
	for _, tt := range []struct{ name, in, want string }{
		{"long line", "v1\n" + long + "\nv2\n", "v2\nv1\n" + long + "\n"},
		{"no final newline", "v1\nv2", "v2\nv1\n"},
		{"CRLF", "v1beta1\r\nv1\r\nfoo\r\n", "v1\r\nv1beta1\r\nfoo\r\n"},
		{"CRLF without final newline", "v1beta1\r\nv1", "v1\r\nv1beta1\r\n"},
		{"a stray CR is text", "v1\r\nv2\n", "v2\nv1\r\n"},
		{"NUL and invalid UTF-8", "v1\x00\n\xff\xfe\nv1\n", "v1\nv1\x00\n\xff\xfe\n"},
		{"empty lines", "\nv1\n\n", "v1\n\n\n"},
		{"empty input", "", ""},
	} {
		stdout, stderr, status := runBinary(t, tt.in, "sort")
		if stdout != tt.want || status != 0 {
			t.Errorf("%s: sort of %q = %q, status %d (%s); want %q", tt.name, tt.in, stdout, status, stderr, tt.want)
		}
	}
}
