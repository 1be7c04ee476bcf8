package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"runtime/debug"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/linesort"
)

// sortStdin is "kubeversion sort" of standard input. It writes the lines
// in the order of writeSorted, byte for byte, but holds only the input and
// a 16-byte record per line: see package linesort, which sorts them.
//
// An input file that changes while it is sorted ends the sort with
// linesort.ErrInputChanged and exit status 2, with what output was
// already written said in the message.
//
// The garbage collector is off while it runs: the engine allocates little
// besides the input and the records, which hold no pointers, so a
// collection would only cost time.
func sortStdin(e *env, opt linesort.Options) int {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	in, err := linesort.Read(e.stdin)
	if errors.Is(err, linesort.ErrInputChanged) {
		fmt.Fprintf(e.stderr, "kubeversion sort: standard input: %v; nothing was written\n", err)
		return exitError
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "kubeversion sort: reading standard input: %v\n", err)
		return exitError
	}
	out := &countingWriter{w: e.stdout}
	w := bufio.NewWriterSize(out, 1<<18)
	if err := linesort.Sort(w, in, opt); err != nil {
		// What is still in w is not written: the lines may be wrong.
		written := "nothing was written"
		if out.n > 0 {
			written = fmt.Sprintf("the %d bytes of output already written may be out of order or mix old and new lines", out.n)
		}
		fmt.Fprintf(e.stderr, "kubeversion sort: standard input: %v; %s\n", err, written)
		return exitError
	}
	return flush(e, "sort", w)
}

// countingWriter is a writer that counts the bytes written to w.
type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}
