package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
)

// sortStdin is "kubeversion sort" of standard input. It writes the lines
// in the order of writeSorted, byte for byte, but holds only the input, a
// 16-byte record per line (but empty lines where they are many: see
// roomPerByte) and, when lines have groups, a table of the groups (a
// record holds its line's group until the lines are put in groups, and
// its version's key after): the input is read into one buffer (a few from
// a pipe), each line is parsed once into a key, and the records are
// sorted by radix sort, group by group (see collect, versionKey,
// lineSorter.sort and writeRecords). Each step but the read runs in two
// goroutines on a large input.
//
// An input file that changes while it is sorted ends the sort with
// errInputChanged and exit status 2 (see sortInput.verify), with what
// output was already written said in the message.
//
// The garbage collector is off while it runs: it allocates little besides
// the input and the records, which hold no pointers, so a collection
// would only cost time.
func sortStdin(e *env, reverse bool) int {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	in, err := readSortInput(e.stdin)
	if errors.Is(err, errInputChanged) {
		fmt.Fprintf(e.stderr, "kubeversion sort: standard input: %v; nothing was written\n", err)
		return exitError
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "kubeversion sort: reading standard input: %v\n", err)
		return exitError
	}
	out := &countingWriter{w: e.stdout}
	w := bufio.NewWriterSize(out, 1<<18)
	if err := writeSortedInput(w, in, reverse); err != nil {
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

// writeSortedInput sorts the lines of in and writes them to w. It returns
// errInputChanged if in is a mapped file that changed while it ran, and
// then w may have part of the output.
func writeSortedInput(w io.Writer, in *sortInput, reverse bool) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer in.recoverChange(&err)
	step(stepRead)
	groups := collect(in)
	step(stepCollected)
	sortAll(in, groups)
	step(stepSorted)
	if err := in.verify(); err != nil {
		return err
	}
	writeRecords(w, in, groups, reverse)
	return in.verify()
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
