package main

import (
	"bufio"
	"fmt"
	"slices"

	"github.com/kubeversion/kubeversion"
)

// runSort is "kubeversion sort [-r] [VERSION...]".
func runSort(e *env, args []string) int {
	fs := newFlagSet(e, "sort", "[-r] [VERSION...]")
	reverse := fs.Bool("r", false, "reverse: lowest priority first")
	versions, status, ok := parseFlags(e, fs, args)
	if !ok {
		return status
	}
	in, status := input(e, "sort", versions)
	if status != exitOK {
		return status
	}
	var out []string // the sorted lines, as prefix and version pairs
	for _, g := range groupLines(in.text) {
		kubeversion.Sort(g.versions)
		for _, v := range g.versions {
			out = append(out, g.prefix, v)
		}
	}
	if *reverse {
		for i, j := 0, len(out)-2; i < j; i, j = i+2, j-2 {
			out[i], out[i+1], out[j], out[j+1] = out[j], out[j+1], out[i], out[i+1]
		}
	}
	return writeLines(e, "sort", out, in.newline())
}

// runHighest is "kubeversion highest [VERSION...]".
func runHighest(e *env, args []string) int {
	fs := newFlagSet(e, "highest", "[VERSION...]")
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
	var out []string
	for _, g := range groupLines(in.text) {
		best, _ := kubeversion.Highest(g.versions)
		out = append(out, g.prefix, best)
	}
	return writeLines(e, "highest", out, in.newline())
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

// writeLines writes pairs of prefix and version, each pair a line.
func writeLines(e *env, cmd string, pairs []string, newline string) int {
	w := bufio.NewWriterSize(e.stdout, 1<<16)
	for i := 0; i < len(pairs); i += 2 {
		w.WriteString(pairs[i])
		w.WriteString(pairs[i+1])
		w.WriteString(newline)
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintf(e.stderr, "kubeversion %s: %v\n", cmd, err)
		return exitError
	}
	return exitOK
}
