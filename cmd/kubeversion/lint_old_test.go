package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLintOldNoLiveObject checks that a CRD for which --old holds no live
// object of its name is said to be checked as a create, not as the update
// the user asked for: in its verdict, in a note on standard error and in
// the JSON report.
func TestLintOldNoLiveObject(t *testing.T) {
	dir := writeFiles(t, map[string]string{"gadgets.yaml": gadgetCRD})
	live := filepath.Join("testdata", "manifests", "live.yaml") // widgets only
	stdout, stderr, status := runLintIn(t, "", "lint", "--old", live, filepath.Join(dir, "gadgets.yaml"))
	if status != exitOK {
		t.Errorf("exit status %d, want %d: a new CRD in an update is no error", status, exitOK)
	}
	if !strings.Contains(stdout, "gadgets.example.io: valid on create (no live object of this name in --old)") {
		t.Errorf("the verdict does not say that --old had no live object:\n%s", stdout)
	}
	if !strings.Contains(stderr, "holds no live object of this name: checked as a create, not as an update") {
		t.Errorf("no note on standard error:\n%s", stderr)
	}

	stdout, _, _ = runLintIn(t, "", "lint", "-o", "json", "--old", live, filepath.Join(dir, "gadgets.yaml"))
	var doc struct {
		CRDs []struct {
			Operation    string
			NoLiveObject bool
		}
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.CRDs) != 1 || doc.CRDs[0].Operation != "create" || !doc.CRDs[0].NoLiveObject {
		t.Errorf("-o json: %+v, want one create with noLiveObject", doc.CRDs)
	}

	// A CRD that has its live object is checked as an update, without note.
	stdout, stderr, _ = runLintIn(t, "", "lint", "--old", live, filepath.Join("testdata", "manifests", "operator.yaml"))
	if strings.Contains(stdout+stderr, "no live object") || !strings.Contains(stdout, "on update") {
		t.Errorf("lint of a CRD with its live object:\n%s\n%s", stdout, stderr)
	}
}

// TestLintOldSameNameTwice checks that two live objects of one name in
// --old are an error naming the lines of both, not the last one taken
// silently.
func TestLintOldSameNameTwice(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"live.yaml":    gadgetCRD + "---\n" + strings.Replace(gadgetCRD, "Namespaced", "Cluster", 1),
		"gadgets.yaml": gadgetCRD,
	})
	_, stderr, status := runLintIn(t, "", "lint", "--old", filepath.Join(dir, "live.yaml"), filepath.Join(dir, "gadgets.yaml"))
	if status != exitError {
		t.Errorf("exit status %d, want %d", status, exitError)
	}
	want := "live.yaml:11: a second live object named \"gadgets.example.io\", after the one at " + filepath.Join(dir, "live.yaml") + ":1"
	if !strings.Contains(stderr, want) {
		t.Errorf("standard error:\n%s\nwant it to contain %q", stderr, want)
	}
}

// TestLintOldSeveral lints Gateway API v1.6.3's experimental CRDs against
// v1.3.0's, given as its directory and, for one CRD, a second --old: each
// CRD is checked as an update of its live object, wherever it was read,
// and XListenerSet, which v1.6.3 replaced by ListenerSet, is a
// crd-removed warning at its line in the live objects; at level error it
// fails the run, and off it is gone.
func TestLintOldSeveral(t *testing.T) {
	old := filepath.Join(gatewayAPI(t, "v1.3.0"), "config", "crd")
	dir := writeFiles(t, map[string]string{})
	liveDir := filepath.Join(dir, "live")
	if err := os.MkdirAll(liveDir, 0o755); err != nil {
		t.Fatal(err)
	}
	var moved string
	for _, name := range []string{"gateway.networking.k8s.io_gateways.yaml", "gateway.networking.x-k8s.io_xlistenersets.yaml", "gateway.networking.k8s.io_httproutes.yaml"} {
		data, err := os.ReadFile(filepath.Join(old, "experimental", name))
		if err != nil {
			t.Fatal(err)
		}
		to := filepath.Join(liveDir, name)
		if name == "gateway.networking.k8s.io_httproutes.yaml" { // a second --old
			to = filepath.Join(dir, name)
			moved = to
		}
		if err := os.WriteFile(to, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	newDir := filepath.Join(gatewayAPI(t, "v1.6.3"), "config", "crd", "experimental")
	stdout, _, status := runLintIn(t, "", "lint", "--old", liveDir, "--old", moved, newDir)
	for _, name := range []string{"gateways", "httproutes"} {
		if !strings.Contains(stdout, name+".gateway.networking.k8s.io: valid on update") {
			t.Errorf("%s: not checked as an update:\n%s", name, stdout)
		}
	}
	xls := filepath.Join(liveDir, "gateway.networking.x-k8s.io_xlistenersets.yaml")
	want := xls + ":1: warning: xlistenersets.gateway.networking.x-k8s.io: a live object of --old that no PATH has"
	if !strings.Contains(stdout, want) || status == exitError {
		t.Errorf("status %d; want the line %s in:\n%s", status, want, stdout)
	}
	// One CRD of the new release is enough for the levels.
	gateways := filepath.Join(newDir, "gateway.networking.k8s.io_gateways.yaml")
	if _, _, status := runLintIn(t, "", "lint", "--check", "all=off,crd-removed=error", "--old", liveDir, gateways); status != exitInvalid {
		t.Errorf("crd-removed=error: status %d, want %d", status, exitInvalid)
	}
	if stdout, _, _ := runLintIn(t, "", "lint", "--check", "crd-removed=off", "--old", liveDir, gateways); strings.Contains(stdout, "crd-removed") {
		t.Errorf("crd-removed=off: still reported:\n%s", stdout)
	}
}

// TestLintStdinTwice checks that standard input given twice, as --old -
// and a path -, is refused: the second would read nothing, and lint
// would pass having checked nothing.
func TestLintStdinTwice(t *testing.T) {
	for _, args := range [][]string{
		{"lint", "--old", "-", "-"},
		{"lint", "-", "-"},
		{"lint", "-", "--old", "-", "-o", "json"},
	} {
		stdout, stderr, status := runLintIn(t, gadgetCRD, args...)
		if status != exitError || stdout != "" || !strings.Contains(stderr, "standard input (-) given twice") {
			t.Errorf("kubeversion %q: status %d, stdout %q, stderr %q; want status %d and an error", args, status, stdout, stderr, exitError)
		}
	}
	if _, stderr, status := runLintIn(t, gadgetCRD, "lint", "-"); status != exitOK {
		t.Errorf("lint - : status %d, want %d (%s)", status, exitOK, stderr)
	}
}
