package main

import (
	"bufio"
	"fmt"
	"io"
	"runtime/debug"
)

// sortStdin is "kubeversion sort" of standard input. It writes the lines
// in the order of writeSorted, byte for byte, but holds only the input, a
// 16-byte record per line and, when lines have groups, a table of the
// groups (a record holds its line's group until the lines are put in
// groups, and its version's key after): the input is read into one
// buffer (a few from a pipe), each line is parsed once into a key, and the
// records are sorted by radix sort, group by group (see collect,
// versionKey, lineSorter.sort and writeRecords). Each step but the read
// runs in two goroutines on a large input.
//
// The garbage collector is off while it runs: it allocates little besides
// the input and the records, which hold no pointers, so a collection
// would only cost time.
func sortStdin(e *env, reverse bool) int {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	in, err := readSortInput(e.stdin)
	if err != nil {
		fmt.Fprintf(e.stderr, "kubeversion sort: reading standard input: %v\n", err)
		return exitError
	}
	w := bufio.NewWriterSize(e.stdout, 1<<18)
	writeSortedInput(w, in, reverse)
	return flush(e, "sort", w)
}

// writeSortedInput sorts the lines of in and writes them to w.
func writeSortedInput(w io.Writer, in *sortInput, reverse bool) {
	groups := collect(in)
	sortAll(in, groups)
	writeRecords(w, in, groups, reverse)
}
