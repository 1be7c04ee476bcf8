package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// gcHeadroom is the heap that lint lets garbage grow to before collecting
// it, when what it keeps is small: most of lint's work makes garbage (each
// document's text, trees and errors), and with the Go default (collect
// when the heap doubles) a corpus of a few hundred CRDs, whose live heap
// is about 10 MB, spends a third of its CPU time collecting and returning
// memory to the system.
const gcHeadroom = 96 << 20

// tuneGC sets the garbage collector's target after each collection: the
// heap may grow to gcHeadroom, or to 5 times what is live, whichever is
// less, and never less than the default, twice what is live. So a small
// live heap is collected up to 4 times less often, peak memory stays under
// gcHeadroom while the live heap is under a fifth of it, and a large live
// heap (one huge CRD) is collected as by default: peak memory is never
// more than it would be without tuning, past gcHeadroom. main calls it for
// lint alone, once: the tests run commands side by side, and sort sets
// the collector itself. GOGC or GOMEMLIMIT in the environment turn it
// off: the user's setting stands.
func tuneGC() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	var rearm func()
	rearm = func() {
		// An object of 32 bytes is never tiny-allocated together with
		// others, so its cleanup runs after the first collection that
		// follows.
		runtime.AddCleanup(new([32]byte), func(struct{}) {
			metrics.Read(sample)
			debug.SetGCPercent(gcPercent(sample[0].Value.Uint64()))
			rearm()
		}, struct{}{})
	}
	debug.SetGCPercent(400)
	rearm()
}

// gcPercent returns the GOGC that lets a heap of live bytes grow to
// gcHeadroom, between 100 (the default) and 400.
func gcPercent(live uint64) int {
	if live == 0 {
		return 400
	}
	return int(min(max(100*(gcHeadroom-int64(live))/int64(live), 100), 400))
}
