package main

import (
	"bytes"
	"sync"
)

// record is a line of standard input to sort: its location in the input
// (see sortInput) and the versionKey of its version part. (From collect
// until split, the record of a line with a slash has grouped set in loc,
// and its group's number for key: see groupIndex.) Records hold no
// pointers, so the garbage collector never scans them, and they are 16
// bytes each, whatever the line.
type record struct {
	key uint64
	loc uint64
}

// collect returns the lines of in as records, in groups in byte order of
// their prefixes, as groupLines cuts and orders them. It decides whether
// in is a CRLF file, as readLines does.
//
// It reads the input once, in order, to compute each key, the two halves
// of a large input at once; the keys of a CRLF file leave out the "\r", so
// collect guesses from the first line, and in the rare file whose first
// line misleads, reads it again.
func collect(in *sortInput) sortGroups {
	if len(in.chunks) == 0 {
		return sortGroups{}
	}
	c := in.chunks[0]
	i := bytes.IndexByte(c, '\n')
	in.crlf = i > 0 && c[i-1] == '\r'
	halves := in.halves()
	first := countLines(in, halves[0])
	recs := make([]record, first+countLines(in, halves[1]))
	groups := newGroupIndex(recs)
	if crlf := collectHalves(in, halves, recs, first, groups); crlf != in.crlf {
		in.crlf = crlf
		groups = newGroupIndex(recs)
		collectHalves(in, halves, recs, first, groups)
	}
	return groups.split(in)
}

// parallelInput is the size from which collect reads the two halves of
// the input in two goroutines. Tests lower it.
var parallelInput = 1 << 20

// collectHalves runs collectKeys on the two halves of in, whose first
// has the first records, at once if the input is large, and reports
// whether in is a CRLF file.
func collectHalves(in *sortInput, halves [2][]segment, recs []record, first int, groups *groupIndex) bool {
	if size(halves[0])+size(halves[1]) < parallelInput {
		t0, crlf0 := collectKeys(in, halves[0], recs[:first], 0, groups)
		t1, crlf1 := collectKeys(in, halves[1], recs[first:], first, groups)
		return (t0 || t1) && crlf0 && crlf1
	}
	var t0, crlf0, t1, crlf1 bool
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		in.guarded(func() { t1, crlf1 = collectKeys(in, halves[1], recs[first:], first, groups) })
	}()
	in.guarded(func() { t0, crlf0 = collectKeys(in, halves[0], recs[:first], 0, groups) })
	wg.Wait()
	in.abortIfChanged()
	return (t0 || t1) && crlf0 && crlf1
}

// collectKeys sets recs to the records of the lines in segs, which start
// with line firstLine of the input, with in.crlf
// deciding whether a final "\r" belongs to a line, and gives groups the
// prefix of each line with a slash. It reports whether some line in segs
// is terminated and whether every terminated line ends in "\r\n". If segs
// no longer hold as many lines as recs, which countLines counted, the
// input changed: it panics with errInputChanged.
func collectKeys(in *sortInput, segs []segment, recs []record, firstLine int, groups *groupIndex) (terminated, crlf bool) {
	if len(recs) == 0 {
		return false, true
	}
	w := groupWorker{g: groups}
	crlf = true
	n := 0
	for _, seg := range segs {
		c := in.chunks[seg.chunk][:seg.to]
		// The first slash at or after the line, found once for all the
		// lines before it: input without slashes is searched once.
		slashAt := -1
		for off := seg.from; off < len(c); n++ {
			rest := c[off:]
			end := bytes.IndexByte(rest, '\n')
			if end < 0 {
				end = len(rest)
			} else {
				terminated = true
				crlf = crlf && end > 0 && rest[end-1] == '\r'
			}
			if n >= len(recs) {
				panic(errInputChanged)
			}
			line := rest[:end]
			if in.crlf && len(line) > 0 && line[len(line)-1] == '\r' {
				line = line[:len(line)-1]
			}
			if slashAt < off {
				slashAt = len(c)
				if i := bytes.IndexByte(c[off:], '/'); i >= 0 {
					slashAt = off + i
				}
			}
			loc := uint64(seg.chunk)<<locShift | uint64(off)
			if slash := slashAt - off; slash < len(line) {
				// The key is the number of the line's group, which add
				// sets, until split.
				recs[n] = record{loc: loc | grouped}
				w.add(firstLine+n, line[:slash+1])
			} else {
				recs[n] = record{key: versionKey(unsafeString(line)), loc: loc}
			}
			off += end + 1
		}
	}
	if n != len(recs) {
		panic(errInputChanged)
	}
	w.flush()
	return terminated, crlf
}
