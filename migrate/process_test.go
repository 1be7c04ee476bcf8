//go:build linux

package migrate

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/metrics"
	"strconv"
	"strings"
	"testing"
	"time"
)

// migrateBinFlag, when set, names a kubeversion binary that the memory test
// runs as `PATH migrate ARGS...` instead of the engine in a child test
// process.
var migrateBinFlag = flag.String("migrate-bin", "", "measure this kubeversion binary (`PATH` migrate ...) instead of the engine in a child test process")

// childSpecEnv holds, JSON-encoded, the childSpec of the child process:
// its presence is what makes TestMigrateChild run the engine.
// childHWMEnv names the file where the child writes its own peak RSS.
const (
	childSpecEnv = "KUBEVERSION_MIGRATE_CHILD_SPEC"
	childHWMEnv  = "KUBEVERSION_MIGRATE_CHILD_HWM"
)

// childSpec is a migration run in a process of its own: the CRD, the
// cluster (a kubeconfig and its context), the client's rate limits and the
// options of the run, those of `kubeversion migrate` of the same name.
type childSpec struct {
	Name        string
	Kubeconfig  string
	Context     string
	QPS         float32
	Burst       int
	Settle      time.Duration
	PageSize    int64
	Concurrency int
	StateFile   string
}

// args returns the arguments of `kubeversion migrate` that run s, its
// report printed as JSON.
func (s childSpec) args() []string {
	args := []string{s.Name, "--kubeconfig", s.Kubeconfig, "--context", s.Context, "-o", "json"}
	add := func(flag string, v any, set bool) {
		if set {
			args = append(args, flag, fmt.Sprint(v))
		}
	}
	add("--qps", s.QPS, s.QPS > 0)
	add("--burst", s.Burst, s.Burst > 0)
	add("--settle", s.Settle, s.Settle > 0)
	add("--page-size", s.PageSize, s.PageSize > 0)
	add("--concurrency", s.Concurrency, s.Concurrency > 0)
	add("--state-file", s.StateFile, s.StateFile != "")
	return args
}

// TestMigrateChild is no test of its own: in a child process started by
// runMigrateProcess it runs the childSpec of childSpecEnv with the engine
// as the command does (Migrator.Run with the client configuration of the
// kubeconfig's context, its rate limits and options), prints the report
// as JSON to stdout and the last progress line and any error to stderr,
// writes its peak RSS (VmHWM, KiB) and peak live heap to the file of
// childHWMEnv, and exits with status 0 if the run succeeded, else 2;
// elsewhere it skips.
func TestMigrateChild(t *testing.T) {
	raw, ok := os.LookupEnv(childSpecEnv)
	if !ok {
		t.Skip("runs only as the child process of TestMemory and TestResumeAfterSIGKILL")
	}
	var s childSpec
	if err := json.Unmarshal([]byte(raw), &s); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", childSpecEnv, err)
		os.Exit(2)
	}
	live := watchLiveHeap()
	status := runChild(s)
	if hwm, err := readHWM(os.Getpid()); err == nil {
		os.WriteFile(os.Getenv(childHWMEnv), fmt.Appendf(nil, "%d %d", hwm, live()), 0o644)
	}
	// os.Exit, not a test result: the parent reads the exit status, and
	// the child's stdout is the report alone (no PASS line after it).
	os.Exit(status)
}

// runChild runs s and returns the exit status of TestMigrateChild.
func runChild(s childSpec) int {
	m, err := s.migrator(func(p Progress) {
		if p.Final {
			fmt.Fprintln(os.Stderr, p)
		}
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	r, err := m.Run(context.Background(), s.Name)
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	enc.Encode(r)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	return 0
}

// migrator returns the Migrator of s as `kubeversion migrate` makes it
// (see commandMigrator), with progress as Options.Progress.
func (s childSpec) migrator(progress func(Progress)) (*Migrator, error) {
	return commandMigrator(s.Kubeconfig, s.Context, s.QPS, s.Burst,
		Options{Concurrency: s.Concurrency, PageSize: s.PageSize, Settle: s.Settle, StateFile: s.StateFile, Progress: progress})
}

// processRun is what a migrating process did: its exit status, outputs,
// peak resident set size and wall time.
type processRun struct {
	Status         int
	Stdout, Stderr []byte
	// PeakRSSKiB is the peak resident set size of the process, VmHWM of
	// /proc/PID/status: as the child wrote it at its end, or else the last
	// value read while it ran (every 10ms). Not ru_maxrss of wait4: Go
	// starts a child with CLONE_VM|CLONE_VFORK, and Linux carries the high
	// water mark of the parent's memory into the child's ru_maxrss at exec,
	// so a child of a test whose API server holds 2.5 GiB reports 2.5 GiB
	// (measured: /bin/true started from a Go process that touched 500 MiB
	// reports ru_maxrss 515 MiB).
	PeakRSSKiB int64
	// PeakLiveHeap is the largest Go heap marked live by a garbage
	// collection during the run, in bytes; 0 for the binary of -migrate-bin,
	// which does not report it.
	PeakLiveHeap int64
	Wall         time.Duration
}

// runMigrateProcess runs the migration s in a process of its own, so that
// its peak RSS is that of the migration alone and not of the API server and
// etcd of the test: `kubeversion migrate` with the binary of -migrate-bin
// when set, else this test binary re-executed to run TestMigrateChild.
func runMigrateProcess(t *testing.T, s childSpec) processRun {
	t.Helper()
	hwmFile := filepath.Join(t.TempDir(), "hwm")
	var cmd *exec.Cmd
	if *migrateBinFlag != "" {
		cmd = exec.Command(*migrateBinFlag, append([]string{"migrate"}, s.args()...)...)
	} else {
		cmd = childCommand(t, s)
		cmd.Env = append(cmd.Env, childHWMEnv+"="+hwmFile)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	polled := make(chan int64)
	go func() {
		var peak int64
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		for {
			if hwm, err := readHWM(cmd.Process.Pid); err == nil {
				peak = max(peak, hwm)
			}
			select {
			case <-stop:
				polled <- peak
				return
			case <-tick.C:
			}
		}
	}()
	err := cmd.Wait()
	wall := time.Since(start)
	close(stop)
	peak := <-polled
	if _, exited := err.(*exec.ExitError); err != nil && !exited {
		t.Fatalf("%s: %v", cmd.Path, err)
	}
	var hwm, live int64
	if raw, err := os.ReadFile(hwmFile); err == nil {
		if _, err := fmt.Sscanf(string(raw), "%d %d", &hwm, &live); err != nil {
			t.Fatalf("%s: %q: %v", hwmFile, raw, err)
		}
	}
	peak = max(peak, hwm)
	if peak == 0 {
		t.Fatalf("%s: no VmHWM read", cmd.Path)
	}
	return processRun{Status: cmd.ProcessState.ExitCode(), Stdout: stdout.Bytes(), Stderr: stderr.Bytes(), PeakRSSKiB: peak, PeakLiveHeap: live, Wall: wall}
}

// childCommand returns the command that runs s in this test binary
// re-executed, with TestMigrateChild.
func childCommand(t *testing.T, s childSpec) *exec.Cmd {
	t.Helper()
	raw, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestMigrateChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), childSpecEnv+"="+string(raw))
	return cmd
}

// watchLiveHeap samples the Go heap marked live by the last garbage
// collection every 5ms, and returns a function that stops and returns the
// largest value seen, in bytes. It is the part of RSS that the code holds
// on to, without the garbage that RSS counts until the next collection.
func watchLiveHeap() func() int64 {
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	stop, peak := make(chan struct{}), make(chan int64)
	go func() {
		var largest int64
		tick := time.NewTicker(5 * time.Millisecond)
		defer tick.Stop()
		for {
			metrics.Read(sample)
			largest = max(largest, int64(sample[0].Value.Uint64()))
			select {
			case <-stop:
				peak <- largest
				return
			case <-tick.C:
			}
		}
	}()
	return func() int64 { close(stop); return <-peak }
}

// readHWM returns VmHWM of /proc/pid/status, the peak resident set size of
// the process, in KiB.
func readHWM(pid int) (int64, error) {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for line := range strings.Lines(string(raw)) {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			return strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
		}
	}
	return 0, fmt.Errorf("/proc/%d/status: no VmHWM", pid)
}
