package main

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/linesort"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/linesort/linesorttest"
)

// sortChangingFile sorts the file that holds input, as standard input,
// and calls change with the file's name the first time the sort reaches
// step at (see linesort.Options.Step). It returns what sortStdin wrote
// and its status, in one goroutine and in two (parallel).
func sortChangingFile(t *testing.T, input string, at linesort.Step, parallel bool, change func(name string)) (stdout, stderr string, status int) {
	t.Helper()
	f, name := linesorttest.OpenFile(t, input)
	// An hour back, so that a change made in the same tick of the file
	// system's clock as the write of input still shows.
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(name, old, old); err != nil {
		t.Fatal(err)
	}
	var once sync.Once
	opt := linesort.Options{Parallel: parallel, Block: 100, Step: func(s linesort.Step) {
		if s == at {
			once.Do(func() { change(name) })
		}
	}}
	var out, errOut bytes.Buffer
	status = sortStdin(&env{f, &out, &errOut}, opt)
	return out.String(), errOut.String(), status
}

// rewrite returns a change that writes data over the start of the file,
// without truncating it.
func rewrite(t *testing.T, data string) func(name string) {
	return func(name string) {
		f, err := os.OpenFile(name, os.O_WRONLY, 0)
		if err != nil {
			t.Error(err)
			return
		}
		defer f.Close()
		if _, err := f.WriteAt([]byte(data), 0); err != nil {
			t.Error(err)
		}
	}
}

// sortedLines reports whether out is sorted as writeSorted sorts.
func sortedLines(t *testing.T, out string) bool {
	return sortOld(t, out, false) == out
}

// TestSortInputChangedSameLength checks that a file rewritten with other
// lines of the same length while it is sorted is refused, with exit
// status 2, rather than written out of order with status 0: changed
// after the sort, nothing is written; changed while the output is
// written, the message says that part of it was.
func TestSortInputChangedSameLength(t *testing.T) {
	// More output than sortStdin holds before it writes (256 KiB).
	var lines []string
	for i := range 2000 {
		lines = append(lines, fmt.Sprintf("v%dbeta%d", i%10, i%7), fmt.Sprintf("apps/v%d", i%9), fmt.Sprint(strings.Repeat("x", 150), i))
	}
	input := strings.Join(lines, "\n") + "\n"
	// The same lines, the other way round: the same length, and each line
	// is where another was.
	var other []string
	for i := len(lines) - 1; i >= 0; i-- {
		other = append(other, lines[i])
	}
	changed := strings.Join(other, "\n") + "\n"
	for _, parallel := range []bool{false, true} {
		stdout, stderr, status := sortChangingFile(t, input, linesort.StepSorted, parallel, rewrite(t, changed))
		want := "kubeversion sort: standard input: input changed while sorting; nothing was written\n"
		if status != exitError || stdout != "" || stderr != want {
			t.Errorf("parallel %v, changed after the sort: status %d, %d bytes written (sorted: %v), stderr %q; want status 2, none, %q",
				parallel, status, len(stdout), sortedLines(t, stdout), stderr, want)
		}
		_, stderr, status = sortChangingFile(t, input, linesort.StepBlockWritten, parallel, rewrite(t, changed))
		if status != exitError || !strings.HasPrefix(stderr, "kubeversion sort: standard input: input changed while sorting; the ") ||
			!strings.HasSuffix(stderr, " bytes of output already written may be out of order or mix old and new lines\n") {
			t.Errorf("parallel %v, changed while writing: status %d, stderr %q; want status 2 and what was written said", parallel, status, stderr)
		}
		// The same run, the file left as it is: sorted, status 0.
		stdout, stderr, status = sortChangingFile(t, input, linesort.StepSorted, parallel, func(string) {})
		if want := sortOld(t, input, false); status != exitOK || stdout != want || stderr != "" {
			t.Errorf("parallel %v, unchanged: status %d, stderr %q, %s", parallel, status, stderr, linesorttest.FirstDifference(stdout, want))
		}
	}
}

// TestSortInputChangedLinesMoved checks that a file rewritten with its
// lines moved, between the time the records of the lines were made and
// the sort that reads the lines, gives an error rather than a panic on a
// record that points into a line shorter than its group's prefix.
func TestSortInputChangedLinesMoved(t *testing.T) {
	// Lines of one group whose keys are equal and inexact (leading zeros),
	// so that the sort compares the lines themselves.
	input := strings.Repeat("apps/v01\napps/v001\n", 500)
	moved := strings.Repeat("a\n", len(input)/2)
	for _, parallel := range []bool{false, true} {
		stdout, stderr, status := sortChangingFile(t, input, linesort.StepCollected, parallel, rewrite(t, moved))
		want := "kubeversion sort: standard input: input changed while sorting; nothing was written\n"
		if status != exitError || stdout != "" || stderr != want {
			t.Errorf("parallel %v: status %d, %d bytes written, stderr %q; want status 2, none, %q", parallel, status, len(stdout), stderr, want)
		}
	}
}

// TestSortInputTruncated checks that a mapped file truncated while it is
// sorted gives an error rather than a fault (SIGBUS) that ends the
// program: truncated before the records are made, and while the output is
// written.
func TestSortInputTruncated(t *testing.T) {
	var b strings.Builder
	for i := range 5000 {
		fmt.Fprintf(&b, "v%dalpha%d\nfoo%d\n", i%10, i%4, i)
	}
	input := b.String()
	truncate := func(name string) {
		if err := os.Truncate(name, 0); err != nil {
			t.Error(err)
		}
	}
	for _, parallel := range []bool{false, true} {
		for _, at := range []linesort.Step{linesort.StepRead, linesort.StepCollected, linesort.StepBlockWritten} {
			_, stderr, status := sortChangingFile(t, input, at, parallel, truncate)
			if status != exitError || !strings.HasPrefix(stderr, "kubeversion sort: standard input: input changed while sorting; ") {
				t.Errorf("parallel %v, truncated at step %d: status %d, stderr %q; want status 2, input changed", parallel, at, status, stderr)
			}
		}
	}
}

// TestSortInputReadNotChanged checks that a file that is read, not mapped
// (here, because it is not read from its start), may change after it is
// read: the sort is of the copy, and succeeds.
func TestSortInputReadNotChanged(t *testing.T) {
	f, name := linesorttest.OpenFile(t, "v1\nv2\nfoo\nv1beta1\n")
	if _, err := f.Seek(3, 0); err != nil {
		t.Fatal(err)
	}
	opt := linesort.Options{Step: func(s linesort.Step) {
		if s == linesort.StepRead {
			rewrite(t, "v3\nv4\nbar\nv9beta9\n")(name)
		}
	}}
	var out, errOut bytes.Buffer
	status := sortStdin(&env{f, &out, &errOut}, opt)
	if want := "v2\nv1beta1\nfoo\n"; status != exitOK || out.String() != want || errOut.String() != "" {
		t.Errorf("status %d, output %q, stderr %q; want 0, %q", status, out.String(), errOut.String(), want)
	}
}
