package main

import "testing"

func TestGCPercent(t *testing.T) {
	for _, c := range []struct {
		live uint64
		want int
	}{
		{0, 400},
		{1 << 20, 400},        // 1 MiB: 5 MiB of heap at most
		{gcHeadroom / 5, 400}, // 5 times the live heap is the headroom
		{gcHeadroom / 3, 200}, // up to the headroom
		{gcHeadroom / 2, 100}, // the default from there on
		{gcHeadroom, 100},
		{4 * gcHeadroom, 100},
	} {
		if got := gcPercent(c.live); got != c.want {
			t.Errorf("gcPercent(%d) = %d, want %d", c.live, got, c.want)
		}
	}
}
