package migrate

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// faultObjects is the number of widgets of the fault tests, listed in pages
// of faultPage.
const faultObjects, faultPage = 120, 20

// index returns the number of the widget named w-NNNNN.
func index(name string) int {
	i, _ := strconv.Atoi(name[2:])
	return i
}

// TestConflictsFromConcurrentWriter updates every 10th widget just before
// its patch, as a controller writing at the same time would: those patches
// carry a stale resourceVersion and conflict, which counts as done (the
// writer's update stored them as v1).
func TestConflictsFromConcurrentWriter(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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

// TestRejectedObjectsBlockCommit answers the patches of some widgets with
// 422, as an admission webhook denying updates would (route A serves no
// admission webhooks), and others with 503 twice before letting them
// through: the 422s are failures, reported with their reasons, the 503s
// retried; storedVersions is left, and a second run once the denials stop
// finishes the job.
func TestRejectedObjectsBlockCommit(t *testing.T) {
	t.Parallel()
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
