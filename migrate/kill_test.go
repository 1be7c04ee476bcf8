//go:build linux

package migrate

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"time"
)

// TestResumeAfterSIGKILL kills a process migrating with the engine as
// `kubeversion migrate` does with SIGKILL, which no handler sees, once its
// state file records two pages, and runs the engine again with the same
// state file: the second run resumes after the pages recorded, every
// object ends stored in v1, storedVersions is [v1], and the state file is
// gone.
func TestResumeAfterSIGKILL(t *testing.T) {
	t.Parallel()
	c := prepare(t, faultObjects)
	state := filepath.Join(t.TempDir(), "state.json")
	spec := childSpec{Name: testCRD, Kubeconfig: c.writeKubeconfig(), Context: "test", Settle: 100 * time.Millisecond,
		PageSize: faultPage, Concurrency: 1, StateFile: state}

	// The child runs at 40 requests/s, some 3 s for the 120 objects, so
	// that it is killed in the middle.
	fast := spec
	fast.QPS, fast.Burst = 40, 1
	child := childCommand(t, fast)
	var childErr bytes.Buffer
	child.Stderr = &childErr
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- child.Wait() }()
	deadline := time.After(2 * time.Minute)
	for killed := false; !killed; {
		select {
		case err := <-exited:
			t.Fatalf("the child ended before it was killed: %v\n%s", err, &childErr)
		case <-deadline:
			child.Process.Kill()
			t.Fatalf("no state file with 2 pages after 2 minutes\n%s", &childErr)
		case <-time.After(5 * time.Millisecond):
		}
		if st, _ := ReadState(state); st != nil && st.Pages >= 2 {
			if err := child.Process.Signal(syscall.SIGKILL); err != nil {
				t.Fatal(err)
			}
			killed = true
		}
	}
	if err := <-exited; err == nil || child.ProcessState.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Fatalf("the child was not killed: %v", err)
	}
	st, err := ReadState(state)
	if err != nil || st == nil || st.Pages < 2 || st.Pages >= faultObjects/faultPage {
		t.Fatalf("state after the kill = %+v, %v; want 2 to %d pages", st, err, faultObjects/faultPage-1)
	}
	counts, _ := c.stored()
	if at := counts[testGroup+"/v1"]; at < st.Pages*faultPage || at == faultObjects {
		t.Errorf("etcd holds %v after the kill at page %d: want at least %d at v1, and not all", counts, st.Pages, st.Pages*faultPage)
	}
	if sv := c.storedVersions(); !slices.Equal(sv, []string{"v1beta1", "v1"}) {
		t.Errorf("storedVersions after the kill = %v, want [v1beta1 v1]", sv)
	}

	// The second run, in this process, as the command runs it: the
	// kubeconfig's context, its default rate limits, the same options.
	m, err := spec.migrator(nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := m.Run(context.Background(), testCRD)
	if err != nil {
		t.Fatalf("resumed run: %v, report %+v", err, r)
	}
	if !r.Resumed || !r.Committed || r.Written+r.Conflicted != faultObjects || len(r.Failed) != 0 {
		t.Errorf("resumed report: resumed %v, committed %v, written %d, conflicted %d, failed %d; want resumed and committed, %d written or conflicted in all",
			r.Resumed, r.Committed, r.Written, r.Conflicted, len(r.Failed), faultObjects)
	}
	if counts, _ := c.stored(); counts[testGroup+"/v1"] != faultObjects || len(counts) != 1 {
		t.Errorf("etcd holds %v, want %d at v1", counts, faultObjects)
	}
	if sv := c.storedVersions(); !slices.Equal(sv, []string{"v1"}) {
		t.Errorf("storedVersions = %v, want [v1]", sv)
	}
	if _, err := os.Stat(state); !os.IsNotExist(err) {
		t.Errorf("state file after the resumed run: %v, want it removed", err)
	}
}
