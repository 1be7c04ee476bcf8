package main

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"
)

func TestGCPercent(t *testing.T) {
	const headroom = 96 << 20
	for _, c := range []struct {
		live uint64
		want int
	}{
		{0, 400},
		{1 << 20, 400},      // 1 MiB: 5 MiB of heap at most
		{headroom / 5, 400}, // 5 times the live heap is the headroom
		{headroom / 3, 200}, // up to the headroom
		{headroom / 2, 100}, // the default from there on
		{headroom, 100},
		{4 * headroom, 100},
	} {
		if got := gcPercent(c.live, headroom); got != c.want {
			t.Errorf("gcPercent(%d, %d) = %d, want %d", c.live, headroom, got, c.want)
		}
	}
}

// TestTuneGC runs tuneGC in a process of its own, as main does for lint,
// and checks that after each collection the collector's target follows
// the live heap: 400 while it is small. A cleanup that did not re-arm
// itself would tune it after the first collection only.
func TestTuneGC(t *testing.T) {
	if os.Getenv("KUBEVERSION_TUNEGC_CHILD") != "" {
		tuneGC(gcHeadroom["lint"])
		// Three times over, set GOGC back to the default, as if tuneGC
		// had never run, and wait for a collection to tune it again.
		tuned := 0
		for i := 0; i < 300 && tuned < 3; i++ {
			if i%100 == 0 {
				debug.SetGCPercent(100)
			}
			runtime.GC()
			time.Sleep(time.Millisecond)
			if debug.SetGCPercent(-1) == 400 {
				tuned++
				i = (i/100+1)*100 - 1
			}
			debug.SetGCPercent(100)
		}
		if tuned == 3 {
			fmt.Print("tuned")
		} else {
			fmt.Print("not tuned")
		}
		return
	}
	run := func(env ...string) string {
		cmd := exec.Command(os.Args[0], "-test.run", "^TestTuneGC$")
		cmd.Env = append(os.Environ(), append(env, "KUBEVERSION_TUNEGC_CHILD=1")...)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		return string(out)
	}
	if out := run(); !strings.HasPrefix(out, "tuned") {
		t.Errorf("after collections, GOGC is not the tuned 400: %q", out)
	}
	if out := run("GOGC=150"); !strings.HasPrefix(out, "not tuned") {
		t.Errorf("with GOGC set, tuneGC changed it: %q", out)
	}
}
