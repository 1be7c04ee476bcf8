package main

import (
	"bufio"
	"fmt"
	"slices"

	"github.com/kubeversion/kubeversion"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/linesort"
)

// runSort is "kubeversion sort [-r] [VERSION...]".
func runSort(e *env, args []string) int {
	fs := newFlagSet(e, "sort", synopses["sort"])
	reverse := fs.Bool("r", false, "reverse: lowest priority first")
	versions, status, ok := parseFlags(e, fs, args)
	if !ok {
		return status
	}
	if len(versions) == 0 {
		return sortStdin(e, linesort.Options{Reverse: *reverse})
	}
	w := bufio.NewWriterSize(e.stdout, 1<<16)
	writeSorted(w, lines{text: versions}, *reverse)
	return flush(e, "sort", w)
}

// writeSorted writes the lines of in sorted, in groups, as sortStdin does
// for standard input. It holds a string per line, which sortStdin avoids;
// it serves for the arguments, and the tests check sortStdin against it.
func writeSorted(w *bufio.Writer, in lines, reverse bool) {
	groups := groupLines(in.text)
	for _, g := range groups {
		kubeversion.Sort(g.versions)
		if reverse {
			slices.Reverse(g.versions)
		}
	}
	if reverse {
		slices.Reverse(groups)
	}
	for _, g := range groups {
		for _, v := range g.versions {
			w.WriteString(g.prefix)
			w.WriteString(v)
			w.WriteString(in.newline())
		}
	}
}

// runHighest is "kubeversion highest [VERSION...]".
func runHighest(e *env, args []string) int {
	fs := newFlagSet(e, "highest", synopses["highest"])
	versions, status, ok := parseFlags(e, fs, args)
	if !ok {
		return status
	}
	in, status := input(e, "highest", versions)
	if status != exitOK {
		return status
	}
	if len(in.text) == 0 {
		fmt.Fprintln(e.stderr, "kubeversion highest: no versions given")
		return exitError
	}
	w := bufio.NewWriter(e.stdout)
	for _, g := range groupLines(in.text) {
		best, _ := kubeversion.Highest(g.versions)
		w.WriteString(g.prefix)
		w.WriteString(best)
		w.WriteString(in.newline())
	}
	return flush(e, "highest", w)
}

// input returns the arguments as lines, or standard input when there are
// none.
func input(e *env, cmd string, args []string) (lines, int) {
	if len(args) > 0 {
		return lines{text: slices.Clone(args)}, exitOK
	}
	in, err := readLines(e.stdin)
	if err != nil {
		fmt.Fprintf(e.stderr, "kubeversion %s: reading standard input: %v\n", cmd, err)
		return lines{}, exitError
	}
	return in, exitOK
}

// flush flushes w, reporting a write error.
func flush(e *env, cmd string, w *bufio.Writer) int {
	if err := w.Flush(); err != nil {
		fmt.Fprintf(e.stderr, "kubeversion %s: %v\n", cmd, err)
		return exitError
	}
	return exitOK
}
