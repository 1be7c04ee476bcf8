package migrate

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// faultObjects is the number of widgets of the fault tests, listed in pages
// of faultPage.
const faultObjects, faultPage = 120, 20

// index returns the number of the widget named w-NNNNN.
func index(name string) int {
	i, _ := strconv.Atoi(name[2:])
	return i
}

// TestCommitRefusesChangedCRD moves the storage version back to v1beta1
// after the first page: objects patched from then on are stored as
// v1beta1 again, so trimming storedVersions to [v1] would strand them. The
// commit must refuse and leave storedVersions alone.
func TestCommitRefusesChangedCRD(t *testing.T) {
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

// TestConflictsFromConcurrentWriter updates every 10th widget just before
// its patch, as a controller writing at the same time would: those patches
// carry a stale resourceVersion and conflict, which counts as done (the
// writer's update stored them as v1).
func TestConflictsFromConcurrentWriter(t *testing.T) {
	c := prepare(t, faultObjects)
	cfg := hooked(c.cfg, hooks{onPatch: func(ns, name string) *http.Response {
		if index(name)%10 == 0 {
			obj, err := c.resource("v1").Namespace(ns).Get(context.Background(), name, metav1.GetOptions{})
			if err == nil {
				unstructured.SetNestedField(obj.Object, "red", "spec", "color")
				_, err = c.resource("v1").Namespace(ns).Update(context.Background(), obj, metav1.UpdateOptions{})
			}
			if err != nil {
				t.Errorf("writer: %v", err)
			}
		}
		return nil
	}})
	r, err := c.migrator(cfg, Options{PageSize: faultPage}).Run(context.Background(), testCRD)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	want := faultObjects / 10
	if r.Conflicted != want || r.Written != faultObjects-want || !r.Committed {
		t.Errorf("report: written %d, conflicted %d, committed %v; want %d, %d, true", r.Written, r.Conflicted, r.Committed, faultObjects-want, want)
	}
	if counts, _ := c.stored(); counts[testGroup+"/v1"] != faultObjects || len(counts) != 1 {
		t.Errorf("etcd holds %v, want %d at v1", counts, faultObjects)
	}
}

// TestObjectsDeletedDuringRun deletes every 7th widget just before its
// patch: NotFound counts as done. The answer to the commit is lost too: the
// run reads the CRD again and finds the commit applied.
func TestObjectsDeletedDuringRun(t *testing.T) {
	c := prepare(t, faultObjects)
	deleted := 0
	cfg := hooked(c.cfg, hooks{loseCommit: true, onPatch: func(ns, name string) *http.Response {
		if index(name)%7 == 0 {
			if err := c.resource("v1").Namespace(ns).Delete(context.Background(), name, metav1.DeleteOptions{}); err != nil {
				t.Errorf("delete: %v", err)
			}
		}
		return nil
	}})
	for i := range faultObjects {
		if i%7 == 0 {
			deleted++
		}
	}
	r, err := c.migrator(cfg, Options{PageSize: faultPage, Concurrency: 3}).Run(context.Background(), testCRD)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if r.NotFound != deleted || r.Written != faultObjects-deleted || !r.Committed {
		t.Errorf("report: written %d, not found %d, committed %v; want %d, %d, true", r.Written, r.NotFound, r.Committed, faultObjects-deleted, deleted)
	}
	if counts, _ := c.stored(); counts[testGroup+"/v1"] != faultObjects-deleted || len(counts) != 1 {
		t.Errorf("etcd holds %v, want %d at v1", counts, faultObjects-deleted)
	}
}

// TestExpiredContinueToken answers the second continued list with 410
// Gone, as the server does when the token's resourceVersion was compacted:
// once with the server's fallback token (the same start key at
// resourceVersion -1, "continue at the latest"), once with none (list again
// from the beginning). Either way each object is patched once.
func TestExpiredContinueToken(t *testing.T) {
	c := prepare(t, faultObjects)
	for _, withToken := range []bool{true, false} {
		t.Run("token="+strconv.FormatBool(withToken), func(t *testing.T) {
			// Store every widget as v1beta1 again (the first time, a no-op),
			// with a run in the other direction, so that this run writes.
			c.setStorage("v1beta1")
			if _, err := c.migrator(nil, Options{PageSize: 50, Force: true}).Run(context.Background(), testCRD); err != nil {
				t.Fatalf("run back to v1beta1: %v", err)
			}
			if counts, _ := c.stored(); counts[testGroup+"/v1beta1"] != faultObjects {
				t.Fatalf("etcd holds %v, want %d at v1beta1", counts, faultObjects)
			}
			c.setStorage("v1")
			var mu sync.Mutex
			continued := 0
			cfg := hooked(c.cfg, hooks{onList: func(r *http.Request) *http.Response {
				tok := r.URL.Query().Get("continue")
				if tok == "" {
					return nil
				}
				mu.Lock()
				continued++
				n := continued
				mu.Unlock()
				if n != 2 {
					return nil
				}
				s := metav1.Status{Code: http.StatusGone, Reason: metav1.StatusReasonExpired,
					Message: "The provided continue parameter is too old to display a consistent list result."}
				if withToken {
					s.ListMeta.Continue = latestToken(t, tok)
				}
				return statusResponse(r, s)
			}})
			r, err := c.migrator(cfg, Options{PageSize: faultPage, Force: true}).Run(context.Background(), testCRD)
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			wantRelists := 1
			if withToken {
				wantRelists = 0
			}
			if r.Expired != 1 || r.Relists != wantRelists || r.Written != faultObjects || r.Skipped != 0 || !r.Committed {
				t.Errorf("report: expired %d, relists %d, written %d, skipped %d, committed %v; want 1, %d, %d, 0, true",
					r.Expired, r.Relists, r.Written, r.Skipped, r.Committed, wantRelists, faultObjects)
			}
			if counts, _ := c.stored(); counts[testGroup+"/v1"] != faultObjects || len(counts) != 1 {
				t.Errorf("etcd holds %v, want %d at v1", counts, faultObjects)
			}
		})
	}
}

// latestToken returns the continue token the server puts in a 410: that
// of tok, at resourceVersion -1 (k8s.io/apiserver etcd3 errors.go).
func latestToken(t *testing.T, tok string) string {
	b, err := base64.RawURLEncoding.DecodeString(tok)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	m["rv"] = -1
	b, _ = json.Marshal(m)
	return base64.RawURLEncoding.EncodeToString(b)
}

// TestResumeFromStateFile interrupts a run after two pages and runs again
// with the same state file: the second run goes on after the last page
// finished, so every object is written exactly once in all.
func TestResumeFromStateFile(t *testing.T) {
	c := prepare(t, faultObjects)
	state := filepath.Join(t.TempDir(), "state.json")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	first := c.migrator(nil, Options{PageSize: faultPage, StateFile: state, Progress: func(p Progress) {
		if p.Pages == 2 {
			cancel()
		}
	}})
	r, err := first.Run(ctx, testCRD)
	if !errors.Is(err, context.Canceled) || r.Committed {
		t.Fatalf("interrupted run = committed %v, %v; want context.Canceled", r.Committed, err)
	}
	st, err := ReadState(state)
	if err != nil || st == nil {
		t.Fatalf("state after the interruption: %v, %v", st, err)
	}
	if st.Pages != 2 || st.Written != 2*faultPage || st.Continue == "" || st.LastKey == "" {
		t.Errorf("state = %+v, want 2 pages, %d written, a continue token and a last key", st, 2*faultPage)
	}
	if counts, _ := c.stored(); counts[testGroup+"/v1"] != 2*faultPage {
		t.Errorf("etcd holds %v after the interruption, want %d at v1", counts, 2*faultPage)
	}

	second := c.migrator(nil, Options{PageSize: faultPage, StateFile: state})
	r, err = second.Run(context.Background(), testCRD)
	if err != nil {
		t.Fatalf("resumed run: %v", err)
	}
	if !r.Resumed || r.Written != faultObjects || r.Skipped != 0 || r.Pages != faultObjects/faultPage || !r.Committed {
		t.Errorf("resumed report: resumed %v, written %d, skipped %d, pages %d, committed %v; want true, %d, 0, %d, true",
			r.Resumed, r.Written, r.Skipped, r.Pages, r.Committed, faultObjects, faultObjects/faultPage)
	}
	if _, err := os.Stat(state); !os.IsNotExist(err) {
		t.Errorf("state file after a complete run: %v, want it removed", err)
	}
	if counts, _ := c.stored(); counts[testGroup+"/v1"] != faultObjects || len(counts) != 1 {
		t.Errorf("etcd holds %v, want %d at v1", counts, faultObjects)
	}
}

// TestRejectedObjectsBlockCommit answers the patches of some widgets with
// 422, as an admission webhook denying updates would (route A serves no
// admission webhooks), and others with 503 twice before letting them
// through: the 422s are failures, reported with their reasons, the 503s
// retried; storedVersions is left, and a second run once the denials stop
// finishes the job.
func TestRejectedObjectsBlockCommit(t *testing.T) {
	c := prepare(t, faultObjects)
	var mu sync.Mutex
	tries := map[string]int{}
	deny := true
	cfg := hooked(c.cfg, hooks{onPatch: func(ns, name string) *http.Response {
		mu.Lock()
		defer mu.Unlock()
		switch i := index(name); {
		case deny && i%25 == 0:
			return statusResponse(nil, metav1.Status{Code: http.StatusUnprocessableEntity, Reason: metav1.StatusReasonInvalid,
				Message: `admission webhook "deny.example.com" denied the request: direct updates not allowed`})
		case i%30 == 1 && tries[name] < 2:
			tries[name]++
			return statusResponse(nil, metav1.Status{Code: http.StatusServiceUnavailable, Reason: metav1.StatusReasonServiceUnavailable, Message: "try later"})
		}
		return nil
	}})
	m := c.migrator(cfg, Options{PageSize: faultPage})
	r, err := m.Run(context.Background(), testCRD)
	if !errors.Is(err, ErrObjectsFailed) || r.Committed {
		t.Fatalf("Run = committed %v, %v; want ErrObjectsFailed", r.Committed, err)
	}
	denied := (faultObjects + 24) / 25
	if len(r.Failed) != denied || r.Written != faultObjects-denied {
		t.Errorf("report: %d failed, %d written; want %d, %d", len(r.Failed), r.Written, denied, faultObjects-denied)
	}
	if len(r.Failed) > 0 && (r.Failed[0].Name != "w-00000" || r.Failed[0].Reason == "") {
		t.Errorf("first failure = %+v, want w-00000 with its reason", r.Failed[0])
	}
	if r.Retries != 2*((faultObjects+28)/30) {
		t.Errorf("retries = %d, want %d", r.Retries, 2*((faultObjects+28)/30))
	}
	if sv := c.storedVersions(); !slices.Equal(sv, []string{"v1beta1", "v1"}) {
		t.Errorf("storedVersions = %v, want [v1beta1 v1] untouched", sv)
	}

	mu.Lock()
	deny = false
	mu.Unlock()
	r, err = m.Run(context.Background(), testCRD)
	if err != nil || r.Written != denied || r.Skipped != faultObjects-denied || !r.Committed {
		t.Errorf("second run: written %d, skipped %d, committed %v, %v; want %d, %d, true", r.Written, r.Skipped, r.Committed, err, denied, faultObjects-denied)
	}
	if counts, _ := c.stored(); counts[testGroup+"/v1"] != faultObjects || len(counts) != 1 {
		t.Errorf("etcd holds %v, want %d at v1", counts, faultObjects)
	}
}

// TestResumeAfterKillInPage stops a run in the middle of its third page,
// with patches in flight, as a killed process would (the state file is
// written only between pages). The resumed run lists that page again with
// the saved continue token, which reads the snapshot of the first page: the
// objects the killed run already re-encoded come with their old
// resourceVersion, so their patches conflict and write nothing. Each
// object is written to etcd once: written + conflicted is exactly the
// number of objects.
func TestResumeAfterKillInPage(t *testing.T) {
	c := prepare(t, faultObjects)
	state := filepath.Join(t.TempDir(), "state.json")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var mu sync.Mutex
	patches := 0
	cfg := hooked(c.cfg, hooks{onPatch: func(ns, name string) *http.Response {
		mu.Lock()
		defer mu.Unlock()
		if patches++; patches == 2*faultPage+faultPage/2 {
			cancel()
		}
		return nil
	}})
	_, err := c.migrator(cfg, Options{PageSize: faultPage, StateFile: state}).Run(ctx, testCRD)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("killed run: %v, want context.Canceled", err)
	}
	st, err := ReadState(state)
	if err != nil || st == nil || st.Pages != 2 || st.Written != 2*faultPage {
		t.Fatalf("state after the kill = %+v, %v; want 2 pages, %d written", st, err, 2*faultPage)
	}
	counts, _ := c.stored()
	inPage := counts[testGroup+"/v1"] - 2*faultPage
	if inPage <= 0 || inPage >= faultPage {
		t.Errorf("etcd holds %v after the kill: want part of the third page (1 to %d objects) at v1 beyond the first two", counts, faultPage-1)
	}
	r, err := c.migrator(nil, Options{PageSize: faultPage, StateFile: state}).Run(context.Background(), testCRD)
	if err != nil || !r.Resumed || !r.Committed {
		t.Fatalf("resumed run: resumed %v, committed %v, %v", r.Resumed, r.Committed, err)
	}
	if r.Conflicted != inPage || r.Skipped != 0 || r.Written+r.Conflicted != faultObjects {
		t.Errorf("resumed report: written %d, skipped %d, conflicted %d; want %d conflicted (written in the killed page), 0 skipped, %d in all",
			r.Written, r.Skipped, r.Conflicted, inPage, faultObjects)
	}
	if counts, _ := c.stored(); counts[testGroup+"/v1"] != faultObjects || len(counts) != 1 {
		t.Errorf("etcd holds %v, want %d at v1", counts, faultObjects)
	}
}
