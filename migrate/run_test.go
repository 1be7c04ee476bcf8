package migrate

import (
	"context"
	"slices"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TestRunMigratesEveryObject is the core case: N widgets stored as v1beta1,
// storage moved to v1, migrate: every etcd key holds v1, storedVersions is
// [v1], and v1beta1 can then leave spec.versions.
func TestRunMigratesEveryObject(t *testing.T) {
	t.Parallel()
	n := *objectsFlag
	c := prepare(t, n)
	var calls []Progress
	m := c.migrator(nil, Options{PageSize: 100, Progress: func(p Progress) { calls = append(calls, p) }})
	r, err := m.Run(context.Background(), testCRD)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	t.Logf("migrated %d objects in %d pages in %s (%.0f objects/s, preflight and settle included)", r.Written, r.Pages, r.Duration.Round(time.Millisecond), float64(r.Written)/r.Duration.Seconds())
	if r.Written != n || r.Skipped != 0 || r.Conflicted != 0 || r.NotFound != 0 || len(r.Failed) != 0 || !r.Committed {
		t.Errorf("report = %+v, want %d written, nothing else, committed", r, n)
	}
	if want := (n + 99) / 100; r.Pages != want {
		t.Errorf("pages = %d, want %d", r.Pages, want)
	}
	if counts, _ := c.stored(); counts[testGroup+"/v1"] != n || len(counts) != 1 {
		t.Errorf("etcd holds %v, want %d at v1", counts, n)
	}
	if sv := c.storedVersions(); !slices.Equal(sv, []string{"v1"}) {
		t.Errorf("storedVersions = %v, want [v1]", sv)
	}
	if len(calls) == 0 || !calls[len(calls)-1].Final || calls[len(calls)-1].Written != n {
		t.Errorf("progress calls end with %+v, want a final call with %d written", calls[len(calls)-1:], n)
	}
	if n > 100 && calls[0].Total != n {
		t.Errorf("first progress total = %d, want %d (remainingItemCount)", calls[0].Total, n)
	}

	// Done: a second run has nothing to do; forced, it writes nothing to
	// etcd (the server skips byte-equal writes).
	r, err = m.Run(context.Background(), testCRD)
	if err != nil || !r.NothingToDo {
		t.Errorf("second run = %+v, %v; want nothing to do", r, err)
	}
	forced := c.migrator(nil, Options{PageSize: 100, Force: true})
	r, err = forced.Run(context.Background(), testCRD)
	if err != nil || r.Written != 0 || r.Skipped != n {
		t.Errorf("forced run: %d written, %d skipped, %v; want 0, %d, nil", r.Written, r.Skipped, err, n)
	}

	// And the old version can leave the CRD, which the server refuses while
	// storedVersions lists it.
	crd, err := c.ext.ApiextensionsV1().CustomResourceDefinitions().Get(context.Background(), testCRD, metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	crd.Spec.Versions = crd.Spec.Versions[1:]
	if _, err := c.ext.ApiextensionsV1().CustomResourceDefinitions().Update(context.Background(), crd, metav1.UpdateOptions{}); err != nil {
		t.Errorf("removing v1beta1 after the migration: %v", err)
	}
}
