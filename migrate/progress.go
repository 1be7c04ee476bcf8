package migrate

import (
	"fmt"
	"time"
)

// Progress is what a run has done so far, passed to Options.Progress after
// each page and once at the end.
type Progress struct {
	Counts
	// Failed counts the objects whose patch failed for good.
	Failed int
	// Total estimates the number of objects: the objects seen so far plus
	// the remainingItemCount of the last page, when the server gave one
	// (0 when unknown).
	Total int
	// Pages counts the pages listed.
	Pages int
	// Elapsed is the time since the rewrite started.
	Elapsed time.Duration
	// Final is true for the last call.
	Final bool
}

// Processed returns the number of objects handled, failed ones included.
func (p Progress) Processed() int { return p.Done() + p.Failed }

// Rate returns the objects handled per second (0 before any time passed).
func (p Progress) Rate() float64 {
	if p.Elapsed <= 0 {
		return 0
	}
	return float64(p.Processed()) / p.Elapsed.Seconds()
}

// Left estimates the time to handle the rest at the current rate, or
// returns 0 when the total or the rate is unknown.
func (p Progress) Left() time.Duration {
	r := p.Rate()
	if p.Total <= 0 || r == 0 || p.Processed() >= p.Total {
		return 0
	}
	return time.Duration(float64(p.Total-p.Processed()) / r * float64(time.Second)).Round(time.Second)
}

// String returns one progress line: objects handled of the total, the
// outcomes, the rate and the time left when known. For example:
//
//	300/1000 objects (written 290, skipped 5, conflicted 3, not found 2, failed 0), 150.0/s, 5s left
func (p Progress) String() string {
	s := fmt.Sprintf("%d", p.Processed())
	if p.Total > 0 {
		s += fmt.Sprintf("/%d", p.Total)
	}
	s += fmt.Sprintf(" objects (written %d, skipped %d, conflicted %d, not found %d, failed %d), %.1f/s",
		p.Written, p.Skipped, p.Conflicted, p.NotFound, p.Failed, p.Rate())
	if l := p.Left(); l > 0 {
		s += fmt.Sprintf(", %s left", l)
	}
	return s
}
