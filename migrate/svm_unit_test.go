package migrate

import (
	"strings"
	"testing"
)

// TestParseSVMProgress reads the figures of the messages the 1.37
// controller writes (migrationRunningMessage, failMigrationWithObjectsMigrated),
// and none from those without figures (1.35, or before the end).
func TestParseSVMProgress(t *testing.T) {
	for _, tc := range []struct {
		msg             string
		migrated, total int
		ok              bool
	}{
		{"The migration is running, 3/10 objects not yet migrated", 7, 10, true},
		{"The migration is running, 10/10 objects not yet migrated; transient error: Too many requests", 0, 10, true},
		{"The migration is running, 12 objects verified migrated", 12, 12, true},
		{"4/9 not yet migrated. migration encountered unhandled error: forbidden", 5, 9, true},
		{"The migration is running", 0, 0, false},
		{"", 0, 0, false},
		{"migration encountered unhandled error: resource not found", 0, 0, false},
		{"The migration is running, 11/10 objects not yet migrated", 0, 0, false},
		{"The migration is running, 99999999999999999999/1 objects not yet migrated", 0, 0, false},
	} {
		m, total, err := parseSVMProgress(tc.msg)
		if (err == nil) != tc.ok || m != tc.migrated || total != tc.total {
			t.Errorf("parseSVMProgress(%q) = %d, %d, %v; want %d, %d, ok %v", tc.msg, m, total, err, tc.migrated, tc.total, tc.ok)
		}
	}
}

// TestNewSVM checks the object a run creates and the text of its dry run.
func TestNewSVM(t *testing.T) {
	tg := Target{Name: "crontabs.stable.example.com", Group: "stable.example.com", Plural: "crontabs", Storage: "v2", StoredVersions: []string{"v1", "v2"}, Strategy: "None"}
	u := newSVM(tg, "v1beta1")
	if u.GetAPIVersion() != "storagemigration.k8s.io/v1beta1" || u.GetKind() != "StorageVersionMigration" || u.GetGenerateName() != "crontabs.stable.example.com-" || u.GetName() != "" {
		t.Errorf("newSVM = %v", u.Object)
	}
	var b strings.Builder
	p := &SVMPlan{Target: tg, SVM: u.Object, CommitPatch: tg.CommitPatch(tg.StoredVersions)}
	if err := p.Write(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"discovery does not show storage version v2 yet",
		"  spec:\n    resource:\n      group: stable.example.com\n      resource: crontabs\n",
		`{"op":"replace","path":"/status/storedVersions","value":["v2"]}`,
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("plan lacks %q:\n%s", want, &b)
		}
	}
}
