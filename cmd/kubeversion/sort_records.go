package main

import (
	"bytes"
)

// record is a line of standard input to sort: its location in the input
// (see sortInput) and the versionKey of its version part. Records hold no
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
// It reads the input once, in order, to compute each key; the keys of a
// CRLF file leave out the "\r", so collect guesses from the first line,
// and in the rare file whose first line misleads, reads it again.
func collect(in *sortInput) sortGroups {
	if len(in.chunks) == 0 {
		return sortGroups{}
	}
	first := in.chunks[0]
	i := bytes.IndexByte(first, '\n')
	in.crlf = i > 0 && first[i-1] == '\r'
	recs := make([]record, in.countLines())
	groups := groupIndex{lineCount: len(recs)}
	if crlf := collectKeys(in, recs, &groups); crlf != in.crlf {
		in.crlf = crlf
		groups = groupIndex{lineCount: len(recs)}
		collectKeys(in, recs, &groups)
	}
	return groups.split(recs)
}

// collectKeys sets recs to the records of the lines of in, with in.crlf
// deciding whether a final "\r" belongs to the line, numbers the groups,
// and reports whether in is a CRLF file.
func collectKeys(in *sortInput, recs []record, groups *groupIndex) bool {
	terminated, crlf := false, true
	n := 0
	for ci, c := range in.chunks {
		for off := 0; off < len(c); n++ {
			rest := c[off:]
			end := bytes.IndexByte(rest, '\n')
			if end < 0 {
				end = len(rest)
			} else {
				terminated = true
				crlf = crlf && end > 0 && rest[end-1] == '\r'
			}
			line := rest[:end]
			if in.crlf && len(line) > 0 && line[len(line)-1] == '\r' {
				line = line[:len(line)-1]
			}
			version := line
			if slash := bytes.IndexByte(line, '/'); slash >= 0 {
				groups.add(n, line[:slash+1])
				version = line[slash+1:]
			}
			recs[n] = record{key: versionKey(unsafeString(version)), loc: uint64(ci)<<locShift | uint64(off)}
			off += end + 1
		}
	}
	return terminated && crlf
}
