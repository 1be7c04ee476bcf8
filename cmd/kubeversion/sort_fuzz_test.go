package main

import (
	"strings"
	"testing"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/linesort"
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
		opt := linesort.Options{Parallel: parallel}
		if parallel {
			opt.Block = 3
		}
		for _, reverse := range []bool{false, true} {
			opt.Reverse = reverse
			if got, want := sortNew(t, strings.NewReader(input), opt), sortOld(t, input, reverse); got != want {
				t.Errorf("sort of %q, reverse %v = %q, want %q", input, reverse, got, want)
			}
		}
	})
}
