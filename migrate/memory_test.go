//go:build linux

package migrate

import (
	"encoding/json"
	"flag"
	"fmt"
	"regexp"
	"strconv"
	"testing"
	"time"
)

// TestMemory's sizes: CI migrates -memsmall and then -memobjects objects;
// the figures come from a run by hand (about 20 minutes on 2 cores):
//
//	cd migrate && GOWORK=off go test -count=1 -run 'TestMemory$' -v -timeout 60m -memsmall 1000 -memobjects 100000 .
//	# a kubeversion binary instead of the test binary: -migrate-bin /path/to/kubeversion
var (
	memObjectsFlag = flag.Int("memobjects", 1000, "objects of TestMemory's larger run")
	memSmallFlag   = flag.Int("memsmall", 200, "objects of TestMemory's smaller run, whose peak RSS the larger run's is compared with (0: no smaller run)")
)

// Bounds of TestMemory, from measurements on a 2-core machine shared with
// other jobs (see the commit that set them).
const (
	// memBoundKiB bounds the peak RSS of the migrating process. The child
	// test binary measured 81-90 MiB at 200 to 1,000 objects and 84.0 MiB
	// at 100,000: most of it is the test binary itself, which links the API
	// server and etcd (87 MiB for --help alone). The kubeversion binary
	// measured 65.2 MiB at 1,000 and 67.1 MiB at 100,000 objects, a binary
	// of the migrate module's Main alone (the engine, its flags and
	// printers) 28.7 and 29.9 MiB.
	memBoundKiB = 160 << 10
	// memGrowthKiB is how much more the larger run's peak RSS may be than
	// the smaller run's: measured +2 to +5 MiB from 200 to 1,000 objects,
	// the Go heap growing to its first collections' goal. Memory that
	// grew by 20 KiB or more per object would pass it.
	memGrowthKiB = 16 << 10
	// memLiveGrowth is how much more the larger run's peak live heap may
	// be: measured 4.3 MiB at 200 objects, 4.6-5.0 MiB at 1,000 and 5.0
	// MiB at 100,000 (a page of 500 objects' metadata is held at a time).
	// Far finer than RSS: holding 2.5 KiB per object more, e.g. every
	// object's metadata, would pass it.
	memLiveGrowth = 2 << 20
)

// finalRate finds the rate of the last progress line on the stderr of the
// migrating process, "... objects (written ...), 123.4/s": the objects per
// second of the rewrite alone, without the preflight's waits.
var finalRate = regexp.MustCompile(`objects \(written [^)]*\), ([0-9.]+)/s`)

// memRun is one measured migration of TestMemory.
type memRun struct {
	objects int
	proc    processRun
	report  Report
	rate    float64 // objects per second of the rewrite
}

func (r memRun) String() string {
	return fmt.Sprintf("%d objects: peak RSS %.1f MiB, peak live heap %.1f MiB, wall %s (run %s), rewrite %.0f objects/s",
		r.objects, float64(r.proc.PeakRSSKiB)/1024, float64(r.proc.PeakLiveHeap)/(1<<20), r.proc.Wall.Round(time.Millisecond), r.report.Duration.Round(time.Millisecond), r.rate)
}

// TestMemory shows that the memory of a migration does not grow with the
// number of objects: it migrates two fleets in a process of its own (see
// runMigrateProcess), checks that each was migrated whole, and compares
// the peak RSS of the two processes with each other and with a bound.
func TestMemory(t *testing.T) {
	c := startCluster(t)
	kubeconfig := c.writeKubeconfig()
	var runs []memRun
	for i, n := range []int{*memSmallFlag, *memObjectsFlag} {
		if n <= 0 {
			continue
		}
		start := time.Now()
		f := c.newFleet(fmt.Sprintf("mem%d", i), n)
		t.Logf("%d objects created and storage moved to v1 in %s", n, time.Since(start).Round(time.Millisecond))
		// --qps and --burst far above the command's 20 and 40: the server,
		// not the client's rate limit, sets the pace, and 100,000 objects
		// take minutes instead of an hour and a half.
		p := runMigrateProcess(t, childSpec{Name: f.crdName(), Kubeconfig: kubeconfig, Context: "test",
			Settle: 100 * time.Millisecond, QPS: 5000, Burst: 5000})
		r := memRun{objects: n, proc: p}
		if err := json.Unmarshal(p.Stdout, &r.report); err != nil || p.Status != 0 {
			t.Fatalf("%d objects: exit %d, %v\nstdout:\n%s\nstderr:\n%s", n, p.Status, err, p.Stdout, p.Stderr)
		}
		if m := finalRate.FindAllSubmatch(p.Stderr, -1); len(m) > 0 {
			r.rate, _ = strconv.ParseFloat(string(m[len(m)-1][1]), 64)
		}
		t.Log(r)
		if r.report.Written != n || !r.report.Committed {
			t.Errorf("%d objects: report %+v, want all written and committed", n, r.report)
		}
		f.checkMigrated(fmt.Sprintf("%d objects", n), n, true)
		if p.PeakRSSKiB > memBoundKiB {
			t.Errorf("%d objects: peak RSS %d KiB, want at most %d KiB", n, p.PeakRSSKiB, memBoundKiB)
		}
		runs = append(runs, r)
	}
	if len(runs) == 2 {
		small, large := runs[0], runs[1]
		d := large.proc.PeakRSSKiB - small.proc.PeakRSSKiB
		dl := large.proc.PeakLiveHeap - small.proc.PeakLiveHeap
		t.Logf("%d objects over %d: peak RSS %+.1f MiB, peak live heap %+.2f MiB", large.objects, small.objects, float64(d)/1024, float64(dl)/(1<<20))
		if d > memGrowthKiB {
			t.Errorf("peak RSS grew by %d KiB from %d to %d objects, want at most %d KiB", d, small.objects, large.objects, memGrowthKiB)
		}
		if dl > memLiveGrowth {
			t.Errorf("peak live heap grew by %d bytes from %d to %d objects, want at most %d", dl, small.objects, large.objects, memLiveGrowth)
		}
	}
}
