package audit

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAuditLogEdges: an event is counted at ResponseComplete only; a line
// over the bound is skipped without being held, a line that is not JSON
// (cut by a rotation) is skipped, both counted in the note; the last line
// needs no line break.
func TestAuditLogEdges(t *testing.T) {
	event := func(stage, user string) string {
		return `{"kind":"Event","apiVersion":"audit.k8s.io/v1","level":"Metadata","auditID":"1","stage":"` + stage +
			`","requestURI":"/apis/batch/v1beta1/cronjobs","verb":"list","user":{"username":"` + user + `"},"userAgent":"cron-ui/1",` +
			`"objectRef":{"resource":"cronjobs","apiGroup":"batch","apiVersion":"v1beta1"},"stageTimestamp":"2026-11-01T10:00:00.000000Z",` +
			`"annotations":{"k8s.io/deprecated":"true","k8s.io/removed-release":"1.25"}}`
	}
	lines := []string{
		event("ResponseStarted", "bob"),
		event("ResponseComplete", "bob"),
		`{"kind":"Event","stage":"ResponseComplete","annotations":{"k8s.io/deprecated":"true"`, // cut short
		`{"k8s.io/deprecated": "` + strings.Repeat("x", maxAuditLine) + `"}`,
		event("ResponseComplete", "system:serviceaccount:kube-system:namespace-controller"),
		event("ResponseComplete", "bob"), // no line break after it
	}
	path := filepath.Join(t.TempDir(), "audit.log")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o600); err != nil {
		t.Fatal(err)
	}
	a := &auditor{report: &Report{}}
	a.readAuditLog(path, 37, crdIndex{})
	want := Finding{Check: CheckRemovedAPIRequested, Level: Error, Subject: "batch/v1beta1 cronjobs",
		Message: `removed in 1.25, at or before the target 1.37, and requested by the user "bob" with the user agent "cron-ui/1", 2 times, last at 2026-11-01T10:00:00Z (audit log ` + path + `): those clients fail after the upgrade`,
		Fix:     "move the clients to a version the target serves"}
	if len(a.report.Findings) != 1 || a.report.Findings[0] != want {
		t.Errorf("findings %+v\nwant %+v", a.report.Findings, want)
	}
	wantNote := "5 events, 3 requests of deprecated versions, of which 1 by controllers that list every resource"
	if len(a.report.Sources) != 1 || !strings.HasPrefix(a.report.Sources[0].Note, wantNote) ||
		!strings.Contains(a.report.Sources[0].Note, "1 events over 16 MiB skipped; 1 lines that are not JSON events skipped") {
		t.Errorf("sources %+v, want %q and the skipped lines", a.report.Sources, wantNote)
	}
}
