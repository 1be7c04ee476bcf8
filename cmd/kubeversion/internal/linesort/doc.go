// Package linesort is the engine of "kubeversion sort" on standard input:
// it sorts the lines of an input of any size as the command's arguments
// are sorted (each line cut at its first slash into a group prefix and a
// version, the groups in byte order of their prefixes, the versions of a
// group in the order of kubeversion.Sort, highest first) and writes them
// back byte for byte, in little more memory than the input. A CRLF input
// (every terminated line ends in "\r\n") is sorted without the "\r"s,
// and written with them; a final line without terminator gets one.
//
// The command calls [Read], then [Sort]:
//
//	in, err := linesort.Read(os.Stdin)
//	...
//	err = linesort.Sort(w, in, linesort.Options{Reverse: reverse})
//
// # In scope
//
//   - Reading the input: a regular file is mapped into memory where the
//     system allows it (Linux), or read into one buffer of its size; a pipe
//     is read in chunks of growing size.
//   - A 16-byte record per line, holding no pointers, whose key orders
//     versions as kubeversion.Sort does (see versionKey); empty lines are
//     only counted.
//   - Grouping by prefix in a hash table of its own, radix sorts of the
//     groups and of the keys, and the output, each step in two goroutines
//     on a large input.
//   - Noticing that a mapped file changed while it was sorted, and
//     failing with [ErrInputChanged] rather than writing lines out of
//     order or faulting on a truncated mapping.
//
// # Not in scope
//
// The command's flags, messages and exit statuses, and the sort of
// arguments, which holds a string per line (cmd/kubeversion's runSort and
// writeSorted). The engine imports only the standard library and the
// module's root package.
//
// The engine allocates little besides the input and the records, which
// hold no pointers: the command turns the garbage collector off around
// [Read] and [Sort] (debug.SetGCPercent(-1)), and Sort collects once
// itself where what it leaves behind is large (see groupIndex.split).
package linesort
