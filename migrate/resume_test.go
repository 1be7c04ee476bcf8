package migrate

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TestExpiredContinueToken answers the second continued list with 410
// Gone, as the server does when the token's resourceVersion was compacted:
// once with the server's fallback token (the same start key at
// resourceVersion -1, "continue at the latest"), once with none (list again
// from the beginning). Either way each object is patched once.
func TestExpiredContinueToken(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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

// TestResumeAfterKillInPage stops a run in the middle of its third page,
// with patches in flight, as a killed process would (the state file is
// written only between pages). The resumed run lists that page again with
// the saved continue token, which reads the snapshot of the first page: the
// objects the killed run already re-encoded come with their old
// resourceVersion, so their patches conflict and write nothing. Each
// object is written to etcd once: written + conflicted is exactly the
// number of objects.
func TestResumeAfterKillInPage(t *testing.T) {
	t.Parallel()
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
	// A patch the client gave up on may still be applied by the server after
	// the killed run returned: at least the objects seen re-encoded then
	// conflict, and at most the page.
	if r.Conflicted < inPage || r.Conflicted >= faultPage || r.Skipped != 0 || r.Written+r.Conflicted != faultObjects {
		t.Errorf("resumed report: written %d, skipped %d, conflicted %d; want %d to %d conflicted (written in the killed page), 0 skipped, %d in all",
			r.Written, r.Skipped, r.Conflicted, inPage, faultPage-1, faultObjects)
	}
	if counts, _ := c.stored(); counts[testGroup+"/v1"] != faultObjects || len(counts) != 1 {
		t.Errorf("etcd holds %v, want %d at v1", counts, faultObjects)
	}
}
