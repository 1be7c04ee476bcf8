package linesort

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/linesort/linesorttest"
)

// TestEmptyLines checks emptyLines against a count of the lines that
// strings.SplitAfter finds to be "\n" alone, on chosen and random input
// of "\n" and other bytes, so that runs of "\n" start and end at every
// place in and across the 8-byte words it reads.
func TestEmptyLines(t *testing.T) {
	inputs := []string{
		"", "\n", "\n\n", "\n\n\n", "a", "a\n", "a\n\n", "\na", "\na\n\n\nb", "a\n\nb\n\n\nc\n",
		"\r\n\r\n", "\n\r\n\n", "ab\n\n", "a\nb\nc", strings.Repeat("\n", 100) + "a" + strings.Repeat("\n", 37),
		"\x8a\n\x0b\n\n\x09", // bytes a carry or borrow would mistake for "\n"
	}
	r := rand.New(rand.NewPCG(5, 6))
	for range 2000 {
		b := make([]byte, r.IntN(40))
		for i := range b {
			b[i] = "\n\na\x8a\x0b"[r.IntN(5)]
		}
		inputs = append(inputs, string(b))
	}
	for _, c := range inputs {
		want := 0
		for _, line := range strings.SplitAfter(c, "\n") {
			if line == "\n" {
				want++
			}
		}
		if got := emptyLines([]byte(c)); got != want {
			t.Errorf("emptyLines(%q) = %d, want %d", c, got, want)
		}
	}
}

// TestSortEmptyLinesMemory checks that empty lines get no record: sorting
// many empty lines among a few others allocates a small part of the 16
// bytes a line that records would take, and writes what sortStrings
// writes, forwards and reversed, in one goroutine and in two.
func TestSortEmptyLinesMemory(t *testing.T) {
	n := 1 << 20
	if testing.Short() {
		n = 1 << 18
	}
	var b strings.Builder
	for i := range n {
		if i%64 == 0 {
			fmt.Fprintf(&b, "%s", pick2(i, "v1", "foo", "apps/v1beta1", "v2alpha1", "\x00", "a/"))
		}
		b.WriteByte('\n')
	}
	input := b.String()
	for _, parallel := range []bool{false, true} {
		for _, reverse := range []bool{false, true} {
			want := sortStrings(input, reverse)
			in, err := Read(strings.NewReader(input))
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			out.Grow(len(input) + 1)
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			if err := Sort(&out, in, Options{Reverse: reverse, Parallel: parallel}); err != nil {
				t.Fatal(err)
			}
			runtime.ReadMemStats(&after)
			// Records for every line would take 16 bytes a line.
			if allocated := after.TotalAlloc - before.TotalAlloc; allocated > uint64(2*n) {
				t.Errorf("parallel %v, reverse %v: sorting %d lines, most of them empty, allocated %d bytes, want at most %d",
					parallel, reverse, n, allocated, 2*n)
			}
			if got := out.String(); got != want {
				t.Errorf("parallel %v, reverse %v: %s", parallel, reverse, linesorttest.FirstDifference(got, want))
			}
		}
	}
}

// pick2 returns one of choices, chosen by i.
func pick2(i int, choices ...string) string { return choices[i/64%len(choices)] }
