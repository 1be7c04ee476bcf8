package main

import (
	"strings"
	"testing"
)

// FuzzSortStdin checks that sortStdin's path writes what writeSorted
// writes, on any input, forwards and reversed, in one goroutine and in
// two: inputs of short lines, many of them empty, are where collect counts
// the empty lines first, and others where it closes the gap they leave.
func FuzzSortStdin(f *testing.F) {
	for _, s := range []string{"", "\n", "\n\nv1\n\n\nfoo\n\n", "a/\n\n\na/v1\n", "\r\n\n", "v1\r\n\r\nfoo\r\n", "abcdefgh\n\nv1beta1\n"} {
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, input string, parallel bool) {
		defer func(size, records, block int) {
			parallelInput, parallelSort, outputBlock = size, records, block
		}(parallelInput, parallelSort, outputBlock)
		if parallel {
			parallelInput, parallelSort, outputBlock = 0, 0, 3
		}
		for _, reverse := range []bool{false, true} {
			if got, want := sortNew(t, strings.NewReader(input), reverse), sortOld(t, input, reverse); got != want {
				t.Errorf("sort of %q, reverse %v = %q, want %q", input, reverse, got, want)
			}
		}
	})
}
