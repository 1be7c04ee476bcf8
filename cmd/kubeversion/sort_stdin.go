package main

import (
	"bufio"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
)

// sortStdin is "kubeversion sort" of standard input. It writes the lines
// in the order of writeSorted, byte for byte, but holds only the input and
// a 16-byte record per line: the input is read into a few large buffers,
// each line is parsed once into a key, and the records are sorted by
// radix sort, group by group (see collect, versionKey and lineSorter.sort).
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

// writeSortedInput sorts the lines of in and writes them to w. Runs of
// the same line, which are common, are written from the first line of the
// run: the others are not read again.
func writeSortedInput(w io.Writer, in *sortInput, reverse bool) {
	groups := collect(in)
	sortAll(in, groups)
	nl := in.newline()
	var touched byte
	for k := range groups.ends {
		if reverse {
			k = len(groups.ends) - 1 - k
		}
		_, recs := groups.group(k)
		var last []byte
		var lastKey uint64
		n := len(recs)
		for i := range n {
			if reverse {
				i = n - 1 - i
			}
			// The lines are all over the input, each a cache miss: touch
			// the line written some lines later, so that its miss overlaps
			// with the work on the lines before.
			if ahead := i + prefetch; !reverse && ahead < n {
				touched += in.firstByte(recs[ahead].loc)
			} else if ahead := i - prefetch; reverse && ahead >= 0 {
				touched += in.firstByte(recs[ahead].loc)
			}
			r := recs[i]
			if last == nil || r.key != lastKey || !exactKey(r.key) {
				last, lastKey = in.line(r.loc), r.key
			}
			w.Write(last)
			io.WriteString(w, nl)
		}
	}
	runtime.KeepAlive(touched)
}

// prefetch is how many lines ahead writeSortedInput touches the input.
const prefetch = 12
