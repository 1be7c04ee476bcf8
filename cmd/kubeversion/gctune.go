package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// gcHeadroom is the heap, by command, that garbage may grow to before it
// is collected, when what is kept is small. With the Go default (collect
// when the heap doubles), lint spent a third of its CPU collecting on a
// few hundred CRDs (10 MB live), validate 11% on built-in objects (12 MB
// live, however many). validate's is smaller, as its peak is weighed
// against its peers': on 100,000 objects, 64 MiB took 2.94 s at a peak of
// 128 MiB, 40 MiB 3.21 s at 103 MiB, 96 MiB 2.89 s at 140 MiB.
var gcHeadroom = map[string]int64{
	"lint":     96 << 20,
	"validate": 64 << 20,
}

// tuneGC sets the garbage collector's target after each collection: the
// heap may grow to headroom, or to 5 times what is live, whichever is
// less, and never less than the default, twice what is live. So a small
// live heap is collected up to 4 times less often, peak memory stays under
// headroom while the live heap is under a fifth of it, and a large live
// heap (one huge CRD) is collected as by default: peak memory is never
// more than it would be without tuning, past headroom. main calls it once,
// for the commands of gcHeadroom: the tests run commands side by side, and
// sort sets the collector itself. GOGC or GOMEMLIMIT in the environment
// turn it off: the user's setting stands.
func tuneGC(headroom int64) {
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
			debug.SetGCPercent(gcPercent(sample[0].Value.Uint64(), headroom))
			rearm()
		}, struct{}{})
	}
	debug.SetGCPercent(400)
	rearm()
}

// gcPercent returns the GOGC that lets a heap of live bytes grow to
// headroom, between 100 (the default) and 400.
func gcPercent(live uint64, headroom int64) int {
	if live == 0 {
		return 400
	}
	return int(min(max(100*(headroom-int64(live))/int64(live), 100), 400))
}
