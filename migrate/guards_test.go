package migrate

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// TestCommitRefusesChangedCRD moves the storage version back to v1beta1
// after the first page: objects patched from then on are stored as
// v1beta1 again, so trimming storedVersions to [v1] would strand them. The
// commit must refuse and leave storedVersions alone.
func TestCommitRefusesChangedCRD(t *testing.T) {
	t.Parallel()
	c := prepare(t, faultObjects)
	m := c.migrator(nil, Options{PageSize: faultPage, Progress: func(p Progress) {
		if p.Pages == 1 && !p.Final {
			c.setStorage("v1beta1")
		}
	}})
	r, err := m.Run(context.Background(), testCRD)
	if !errors.Is(err, ErrCRDChanged) || r.Committed {
		t.Fatalf("Run = committed %v, %v; want ErrCRDChanged", r.Committed, err)
	}
	if sv := c.storedVersions(); !slices.Equal(sv, []string{"v1beta1", "v1"}) {
		t.Errorf("storedVersions = %v, want [v1beta1 v1] untouched", sv)
	}
	if counts, _ := c.stored(); counts[testGroup+"/v1beta1"] == 0 {
		t.Errorf("etcd holds %v: the test meant objects stored as v1beta1 again", counts)
	}
	t.Logf("refused: %v", err)
}

// TestGuards checks what keeps a run from writing or committing when it
// should not: the StorageMigrating condition that the in-tree
// StorageVersionMigration controller sets; discovery still showing the old
// storage version; and the commit patch of a target whose generation is
// stale, which the server must refuse whole, proving that the test
// operations guard it even when the CRD changes between the last read and
// the write.
func TestGuards(t *testing.T) {
	t.Parallel()
	c := prepare(t, 1)
	m := c.migrator(nil, Options{})
	crd, err := c.ext.ApiextensionsV1().CustomResourceDefinitions().Get(context.Background(), testCRD, metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	crd.Status.Conditions = append(crd.Status.Conditions, apiextensionsv1.CustomResourceDefinitionCondition{
		Type: apiextensionsv1.StorageMigrating, Status: apiextensionsv1.ConditionTrue, Reason: "Migrating",
		Message: "StorageVersionMigration widgets-1 is running", LastTransitionTime: metav1.Now()})
	if _, err := c.ext.ApiextensionsV1().CustomResourceDefinitions().UpdateStatus(context.Background(), crd, metav1.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Run(context.Background(), testCRD); !errors.Is(err, ErrStorageMigrating) {
		t.Errorf("Run while StorageMigrating=True: %v, want ErrStorageMigrating", err)
	}
	if _, err := m.Plan(context.Background(), testCRD); !errors.Is(err, ErrStorageMigrating) {
		t.Errorf("Plan while StorageMigrating=True: %v, want ErrStorageMigrating", err)
	}
	if crd, err = c.ext.ApiextensionsV1().CustomResourceDefinitions().Get(context.Background(), testCRD, metav1.GetOptions{}); err != nil {
		t.Fatal(err)
	}
	crd.Status.Conditions = slices.DeleteFunc(crd.Status.Conditions, func(c apiextensionsv1.CustomResourceDefinitionCondition) bool {
		return c.Type == apiextensionsv1.StorageMigrating
	})
	if _, err := c.ext.ApiextensionsV1().CustomResourceDefinitions().UpdateStatus(context.Background(), crd, metav1.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}

	// An API server still showing the old storage version in discovery:
	// the run waits, then gives up without writing.
	oldHash, newHash := StorageVersionHash(testGroup, "v1beta1", testKind), StorageVersionHash(testGroup, "v1", testKind)
	stale := hooked(c.cfg, hooks{onDiscovery: func(b []byte) []byte {
		return bytes.ReplaceAll(b, []byte(newHash), []byte(oldHash))
	}})
	start := time.Now()
	r, err := c.migrator(stale, Options{HashTimeout: 500 * time.Millisecond}).Run(context.Background(), testCRD)
	if !errors.Is(err, ErrHashTimeout) || r.Written != 0 || !strings.Contains(err.Error(), oldHash) {
		t.Errorf("Run with stale discovery: written %d, %v; want ErrHashTimeout naming %s", r.Written, err, oldHash)
	}
	if d := time.Since(start); d < 500*time.Millisecond {
		t.Errorf("Run with stale discovery gave up after %s, before HashTimeout", d)
	}
	if p, err := c.migrator(stale, Options{}).Plan(context.Background(), testCRD); err != nil || p.DiscoveryCurrent || p.Total != 1 {
		t.Errorf("Plan with stale discovery = %+v, %v; want DiscoveryCurrent false, 1 object", p, err)
	}

	_, tg, err := m.getCRD(context.Background(), testCRD)
	if err != nil {
		t.Fatal(err)
	}
	old := tg
	old.Generation--
	for _, tc := range []struct {
		name string
		t    Target
		ok   bool
	}{{"stale generation", old, false}, {"current", tg, true}} {
		_, err := c.ext.ApiextensionsV1().CustomResourceDefinitions().Patch(context.Background(), testCRD,
			"application/json-patch+json", tc.t.CommitPatch(tg.StoredVersions), metav1.PatchOptions{}, "status")
		if (err == nil) != tc.ok {
			t.Errorf("%s: commit patch error = %v, want success %v", tc.name, err, tc.ok)
		}
	}
	if sv := c.storedVersions(); !slices.Equal(sv, []string{"v1"}) {
		t.Errorf("storedVersions = %v, want [v1]", sv)
	}
}
