package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/linesort"
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

// firstDifference describes where two outputs first differ.
func firstDifference(got, want string) string {
	g, w := strings.SplitAfter(got, "\n"), strings.SplitAfter(want, "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			return fmt.Sprintf("line %d is %q, want %q", i+1, g[i], w[i])
		}
	}
	return fmt.Sprintf("%d lines, want %d", len(g), len(w))
}

// TestSortStdinEdges checks that sort writes standard input as it writes
// the same lines given as arguments (sortStdin against writeSorted), on
// inputs whose lines are few, empty or odd. Package linesort checks the
// engine on inputs of every shape and size.
func TestSortStdinEdges(t *testing.T) {
	for _, input := range []string{
		"", "\n", "\n\n", "\r\n", "\r", "v1", "v1\r", "v1\r\nv2\r", "/", "/\n/v1\n", "a/\na/v1\n\n",
		"v1\nv01\nv001\nv1\n", "ab\nab\x00\nab\n", "abcdefgh\nabcdefgi\nabcdefg\nabcdefgh\n",
		"v9223372036854775807\nv9223372036854775806\nv09223372036854775807\n",
		"v1alpha1073741823\nv1alpha1073741824\nv1alpha1073741825\nv1alpha1073741824\n",
		"v1\x00\n\xff\xfe\nv1\n", "a/b/v1\na/v1\na/b/v2\n",
		"\n\nv1\n\n\nfoo\n\n", "\nv1\n\x00\n", "a/\n\n\na/v1\n", "\r\n\r\n", "\r\n\n", "\n\r\n\r\n",
		"\nfoo", "v1\r\n\r\nfoo\r\n", "\n\n/v1\n/\n",
	} {
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
