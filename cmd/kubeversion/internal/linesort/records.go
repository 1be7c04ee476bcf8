package linesort

import (
	"bytes"
	"sync"
)

// record is a line of standard input to sort: its location in the input
// (see Input) and the versionKey of its version part. (From collect
// until split, the record of a line with a slash has grouped set in loc,
// and its group's number for key: see groupIndex.) Records hold no
// pointers, so the garbage collector never scans them, and they are 16
// bytes each, whatever the line.
type record struct {
	key uint64
	loc uint64
}

// collect returns the lines of in as records, in groups in byte order of
// their prefixes, as the command's groupLines cuts and orders them, but
// for the empty lines, which it counts in in.empty. It decides whether in
// is a CRLF file, as the command's readLines does.
//
// It reads the input once, in order, to compute each key, the two halves
// of a large input at once; the keys of a CRLF file leave out the "\r", so
// collect guesses from the first line, and in the rare file whose first
// line misleads, reads it again.
func collect(in *Input) sortGroups {
	if len(in.chunks) == 0 {
		return sortGroups{}
	}
	first := in.chunks[0]
	i := bytes.IndexByte(first, '\n')
	in.crlf = i > 0 && first[i-1] == '\r'
	var h [2]half
	total, lines := 0, 0
	for k, segs := range in.halves() {
		h[k] = half{segs: segs, lines: countLines(in, segs)}
		total += size(segs)
		lines += h[k].lines
	}
	// Room for every line, unless 16 bytes a line are more than
	// roomPerByte a byte.
	room := [2]int{h[0].lines, h[1].lines}
	if 16*lines > roomPerByte*total {
		room[0] -= countEmptyLines(in, h[0].segs)
		room[1] -= countEmptyLines(in, h[1].segs)
	}
	recs := make([]record, room[0]+room[1])
	h[0].recs, h[1].recs, h[1].first = recs[:room[0]], recs[room[0]:], room[0]
	groups := newGroupIndex(recs)
	if crlf := collectHalves(in, &h, groups); crlf != in.crlf {
		in.crlf = crlf
		groups = newGroupIndex(recs)
		collectHalves(in, &h, groups)
	}
	// Close the gap that the empty lines of the first half left.
	n := h[0].n + copy(recs[h[0].n:], h[1].recs[:h[1].n])
	in.empty = lines - n
	groups.recs = recs[:n]
	return groups.split(in)
}

// half is one of the two halves of the input that collect reads.
type half struct {
	segs  []segment
	lines int      // the number of its lines, empty or not
	recs  []record // room for the records of its lines
	first int      // the index of recs[0] in all the records

	// What collectKeys found: the number of records it wrote, whether
	// some line is terminated, and whether every terminated line ends in
	// "\r\n".
	n                int
	terminated, crlf bool
}

// collectHalves runs collectKeys on the two halves of in, at once if the
// input is large, and reports whether in is a CRLF file.
func collectHalves(in *Input, h *[2]half, groups *groupIndex) bool {
	if !in.parallel(size(h[0].segs)+size(h[1].segs), parallelInput) {
		collectKeys(in, &h[0], groups)
		collectKeys(in, &h[1], groups)
	} else {
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			in.guarded(func() { collectKeys(in, &h[1], groups) })
		}()
		in.guarded(func() { collectKeys(in, &h[0], groups) })
		wg.Wait()
		in.abortIfChanged()
	}
	return (h[0].terminated || h[1].terminated) && h[0].crlf && h[1].crlf
}

// collectKeys sets the records of h to those of its lines that are not
// empty, with in.crlf deciding whether a final "\r" belongs to a line, and
// gives groups the prefix of each line with a slash. If h no longer holds
// the lines that collect counted, the input changed: it panics with
// ErrInputChanged.
func collectKeys(in *Input, h *half, groups *groupIndex) {
	recs := h.recs
	w := groupWorker{g: groups}
	terminated, crlf := false, true
	n, empty := 0, 0
	for _, seg := range h.segs {
		c := in.chunks[seg.chunk][:seg.to]
		// The first slash at or after the line, found once for all the
		// lines before it: input without slashes is searched once.
		slashAt := -1
		for off := seg.from; off < len(c); {
			rest := c[off:]
			end := bytes.IndexByte(rest, '\n')
			if end < 0 {
				end = len(rest)
			} else {
				terminated = true
				crlf = crlf && end > 0 && rest[end-1] == '\r'
			}
			if end == 0 {
				// A run of empty lines, which get no record.
				run := 1
				for off+run < len(c) && c[off+run] == '\n' {
					run++
				}
				empty += run
				off += run
				continue
			}
			if n >= len(recs) {
				panic(ErrInputChanged)
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
				w.add(h.first+n, line[:slash+1])
			} else {
				recs[n] = record{key: versionKey(unsafeString(line)), loc: loc}
			}
			off += end + 1
			n++
		}
	}
	if n+empty != h.lines {
		panic(ErrInputChanged)
	}
	w.flush()
	h.n, h.terminated, h.crlf = n, terminated, crlf
}
