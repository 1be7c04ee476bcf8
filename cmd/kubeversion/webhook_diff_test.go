package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWebhookCheckBigInteger checks that a webhook that changes an integer
// beyond 2^53, as one that decodes JSON into float64 does, is reported:
// the server would store the changed digits.
func TestWebhookCheckBigInteger(t *testing.T) {
	file := filepath.Join(t.TempDir(), "big.yaml")
	sample := "apiVersion: stable.example.com/v1beta1\nkind: CronTab\nmetadata:\n  name: big\nspec:\n  replicas: 9007199254740993\n"
	if err := os.WriteFile(file, []byte(sample), 0o600); err != nil {
		t.Fatal(err)
	}
	// breakObjects decodes each object into map[string]any without
	// UseNumber: numbers become float64.
	url, ca, _ := webhookServer(t, breakObjects(func(map[string]any) {}))
	s, stderr, status := runCheck(t, "--crd", crdFile, "--url", url, "--ca", ca, file)
	want := "CronTab big, round trip v1beta1 to v1 and back: does not come back as it was: spec.replicas: 9007199254740993 came back as 9007199254740992"
	if status != exitInvalid || stderr != "" || len(s.Findings) != 1 || !strings.HasSuffix(s.Findings[0].String(), want) {
		t.Errorf("status %d, stderr %q, findings %v; want 1 and one finding %q", status, stderr, s.Findings, want)
	}
}
