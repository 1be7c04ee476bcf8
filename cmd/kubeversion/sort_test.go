package main

import (
	"bufio"
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/linesort"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/linesort/linesorttest"
)

// sortOld returns what writeSorted, the ordering of the lines as strings
// that sorts the arguments, writes for input.
func sortOld(t *testing.T, input string, reverse bool) string {
	t.Helper()
	in, err := readLines(strings.NewReader(input))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	w := bufio.NewWriter(&out)
	writeSorted(w, in, reverse)
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// sortNew returns what sortStdin writes for input read from r, failing
// the test if it does not succeed.
func sortNew(t *testing.T, r io.Reader, opt linesort.Options) string {
	t.Helper()
	var out, errOut bytes.Buffer
	if status := sortStdin(&env{r, &out, &errOut}, opt); status != exitOK || errOut.Len() > 0 {
		t.Fatalf("sortStdin: status %d, stderr %q", status, errOut.String())
	}
	return out.String()
}

// TestSortStdinEdges checks that sort writes standard input as it writes
// the same lines given as arguments (sortStdin against writeSorted), on
// inputs whose lines are few, empty or odd. Package linesort checks the
// engine on inputs of every shape and size.
func TestSortStdinEdges(t *testing.T) {
	for _, input := range linesorttest.Edges {
		for _, reverse := range []bool{false, true} {
			if got, want := sortNew(t, strings.NewReader(input), linesort.Options{Reverse: reverse}), sortOld(t, input, reverse); got != want {
				t.Errorf("sort of %q, reverse %v = %q, want %q", input, reverse, got, want)
			}
		}
		if got, want := sortNew(t, strings.NewReader(input), linesort.Options{Parallel: true}), sortOld(t, input, false); got != want {
			t.Errorf("sort of %q in two goroutines = %q, want %q", input, got, want)
		}
	}
}
