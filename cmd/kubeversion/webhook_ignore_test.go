package main

import (
	"os"
	"strings"
	"testing"

	"github.com/kubeversion/kubeversion/conversion"
)

// TestWebhookCheckEmptyObject runs webhook check against a webhook that
// writes an empty object where the sample has none, as kubebuilder's do
// with "status": {}: the round trip adds an empty object, which is no
// finding, and the verdict says how many such differences it left out.
func TestWebhookCheckEmptyObject(t *testing.T) {
	text, err := os.ReadFile(crdFile)
	if err != nil {
		t.Fatal(err)
	}
	withStatus := strings.ReplaceAll(string(text), "\n        properties:\n", "\n        properties:\n          status: {type: object, properties: {ready: {type: boolean}}}\n")
	crdWithStatus := writeTemp(t, "crd.yaml", withStatus)
	url, ca, _ := webhookServer(t, breakObjects(func(obj map[string]any) {
		if _, ok := obj["status"]; !ok {
			obj["status"] = map[string]any{}
		}
	}))
	s, stderr, status := runCheck(t, "--crd", crdWithStatus, "--url", url, "--ca", ca, samplesFile)
	if status != exitOK || len(s.Findings) != 0 || stderr != "" {
		t.Fatalf("status %d, findings %v, stderr %q; want 0, none, none", status, s.Findings, stderr)
	}
	if s.EmptyAsAbsent == 0 || !strings.Contains(s.Verdict(), "between {} and none left out") {
		t.Errorf("emptyAsAbsent %d, verdict %q: the differences left out are not said", s.EmptyAsAbsent, s.Verdict())
	}
	// An empty object where the sample had a value is a finding.
	url, ca, _ = webhookServer(t, breakObjects(func(obj map[string]any) { obj["spec"] = map[string]any{} }))
	if s, _, status := runCheck(t, "--crd", crdFile, "--url", url, "--ca", ca, samplesFile); status != exitInvalid || len(s.Findings) == 0 {
		t.Errorf("a spec emptied: status %d, findings %v; want 1 and findings", status, s.Findings)
	}
}

// TestWebhookCheckIgnore checks that --ignore leaves out the round-trip
// differences at or under its path, and no other.
func TestWebhookCheckIgnore(t *testing.T) {
	url, ca, _ := webhookServer(t, &conversion.Handler{Convert: cronTabSteps(true).Convert}) // loses spec.replicas
	for _, tc := range []struct {
		ignore []string
		want   int // exit status
	}{
		{nil, exitInvalid},
		{[]string{"spec.replicas"}, exitOK},
		{[]string{"spec"}, exitOK},
		{[]string{"status", "spec"}, exitOK},
		{[]string{"spec.rep"}, exitInvalid},
		{[]string{"spec.replicas.x"}, exitInvalid},
	} {
		args := []string{"--crd", crdFile, "--url", url, "--ca", ca}
		for _, p := range tc.ignore {
			args = append(args, "--ignore", p)
		}
		s, stderr, status := runCheck(t, append(args, samplesFile)...)
		if status != tc.want {
			t.Errorf("--ignore %q: status %d, want %d; findings %v %s", tc.ignore, status, tc.want, s.Findings, stderr)
		}
		if tc.want == exitOK && (s.Ignored == 0 || !strings.Contains(s.Verdict(), "under --ignore left out")) {
			t.Errorf("--ignore %q: ignored %d, verdict %q", tc.ignore, s.Ignored, s.Verdict())
		}
	}
	if _, stderr, status := runCheck(t, "--crd", crdFile, "--ignore", ".spec", samplesFile); status != exitError || !strings.Contains(stderr, "want a field path") {
		t.Errorf("--ignore .spec: status %d, stderr %q", status, stderr)
	}
}
