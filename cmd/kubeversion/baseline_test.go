package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/lint"
)

// TestBaseline writes a baseline of an upgrade with errors and warnings,
// then checks that it accepts them all, that a finding taken out of it
// fails again, that a finding that holds for one more version is new,
// and that entries no longer found are said.
func TestBaseline(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"live.yaml": example(t, "gadgets-live.yaml") + "---\n" + strings.ReplaceAll(example(t, "gadgets-live.yaml"), "gadgets", "gizmos"),
		"new.yaml":  example(t, "gadgets-v1.yaml"),
	})
	live, crdFile, file := filepath.Join(dir, "live.yaml"), filepath.Join(dir, "new.yaml"), filepath.Join(dir, "baseline.json")
	before, _, status := runLintIn(t, "", "lint", "--old", live, crdFile)
	if status != exitInvalid || !strings.Contains(before, "[field-removed]") || !strings.Contains(before, "[crd-removed]") {
		t.Fatalf("without a baseline: exit %d\n%s", status, before)
	}
	out, errOut, status := runLintIn(t, "", "lint", "--old", live, "--write-baseline", file, crdFile)
	if status != exitOK || findingLines(out) > 0 {
		t.Fatalf("--write-baseline: exit %d, want 0 with no finding printed\n%s%s", status, out, errOut)
	}
	var b lint.Baseline
	data, _ := os.ReadFile(file)
	if err := json.Unmarshal(data, &b); err != nil || b.Kind != lint.BaselineKind || len(b.Accepted) < 9 {
		t.Fatalf("baseline %v:\n%s", err, data)
	}

	out, errOut, status = runLintIn(t, "", "lint", "--old", live, "--baseline", file, crdFile)
	if status != exitOK || findingLines(out) > 0 || !strings.Contains(out, "upgrade: no new findings, 9 accepted by --baseline") || errOut != "" {
		t.Errorf("--baseline: exit %d\n%s%s", status, out, errOut)
	}
	js, _, _ := runLintIn(t, "", "lint", "-o", "json", "--old", live, "--baseline", file, crdFile)
	if strings.Count(js, `"accepted": true`) != len(b.Accepted) {
		t.Errorf("-o json marks %d findings accepted, want %d", strings.Count(js, `"accepted": true`), len(b.Accepted))
	}

	// The field-removed finding taken out: it alone is printed, and fails.
	var kept []lint.BaselineEntry
	for _, e := range b.Accepted {
		if e.Check != "field-removed" {
			kept = append(kept, e)
		}
	}
	// And an entry no longer found.
	kept = append(kept, lint.BaselineEntry{CRD: "gadgets.example.io", Check: "type-changed", Field: "spec", Message: "gone"})
	fewer := writeBaselineFile(t, kept)
	out, errOut, status = runLintIn(t, "", "lint", "--old", live, "--baseline", fewer, crdFile)
	if status != exitInvalid || findingLines(out) != 1 || !strings.Contains(out, "[field-removed]") {
		t.Errorf("a finding not in the baseline: exit %d, want 1 and it alone\n%s", status, out)
	}
	if !strings.Contains(errOut, "1 accepted finding no longer found") {
		t.Errorf("an entry no longer found is not said:\n%s", errOut)
	}

	// A finding accepted for one version but found for two is new.
	for i, e := range b.Accepted {
		if len(e.Versions) > 0 {
			b.Accepted[i].Versions = []string{"v0"}
			break
		}
	}
	out, _, _ = runLintIn(t, "", "lint", "--old", live, "--baseline", writeBaselineFile(t, b.Accepted), crdFile)
	if findingLines(out) != 1 {
		t.Errorf("a finding of another version accepted it:\n%s", out)
	}
}

// TestBaselineMovedLines checks that a baseline still accepts its
// findings after they move down the file.
func TestBaselineMovedLines(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"live.yaml":  example(t, "gadgets-live.yaml"),
		"new.yaml":   example(t, "gadgets-v1.yaml"),
		"moved.yaml": "# moved\n\n" + example(t, "gadgets-v1.yaml"),
	})
	file := filepath.Join(dir, "baseline.json")
	runLintIn(t, "", "lint", "--old", filepath.Join(dir, "live.yaml"), "--write-baseline", file, filepath.Join(dir, "new.yaml"))
	out, _, status := runLintIn(t, "", "lint", "--old", filepath.Join(dir, "live.yaml"), "--baseline", file, filepath.Join(dir, "moved.yaml"))
	if status != exitOK || findingLines(out) > 0 {
		t.Errorf("moved findings: exit %d\n%s", status, out)
	}
}

// TestBaselineRefused checks that a file that is not a baseline, or one
// of another version, is an error (exit 2), not an empty baseline.
func TestBaselineRefused(t *testing.T) {
	crdFile := writeTemp(t, "crd.yaml", example(t, "gadgets-v1.yaml"))
	for _, tc := range []struct{ text, want string }{
		{``, "not a baseline file"},
		{`{"kind": "kubeversion-baseline", "version": 1, "accepted": [], "extra": 1}`, `unknown field "extra"`},
		{`{"kind": "kubeversion-baseline", "version": 2, "accepted": []}`, "baseline version 2"},
		{`{"kind": "other", "version": 1, "accepted": []}`, `kind is "other"`},
		{`{"kind": "kubeversion-baseline", "version": 1, "accepted": [{"crd": "x"}]}`, "accepted[0]: crd, check and message are required"},
		{`{"kind": "kubeversion-baseline", "version": 1, "accepted": []} {}`, "more than one JSON value"},
	} {
		file := writeTemp(t, "baseline.json", tc.text)
		_, errOut, status := runLintIn(t, "", "lint", "--baseline", file, crdFile)
		if status != exitError || !strings.Contains(errOut, tc.want) {
			t.Errorf("baseline %s: exit %d, want 2 and %q\n%s", tc.text, status, tc.want, errOut)
		}
	}
	_, errOut, status := runLintIn(t, "", "lint", "--baseline", "a", "--write-baseline", "b", crdFile)
	if status != exitError || !strings.Contains(errOut, "give one") {
		t.Errorf("--baseline with --write-baseline: exit %d\n%s", status, errOut)
	}
}

// writeBaselineFile writes a baseline file of entries and returns its path.
func writeBaselineFile(t *testing.T, entries []lint.BaselineEntry) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "baseline.json")
	if err := lint.WriteBaseline(file, entries); err != nil {
		t.Fatal(err)
	}
	return file
}

// findingLines returns how many lines of lint's text output are findings:
// those that end with a check's name in brackets.
func findingLines(out string) int {
	return len(findingLine.FindAllString(out, -1))
}

var findingLine = regexp.MustCompile(`(?m) \[[a-z-]+\]$`)
