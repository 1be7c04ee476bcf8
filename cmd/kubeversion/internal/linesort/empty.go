package linesort

import (
	"bytes"
	"encoding/binary"
	"io"
	"math/bits"
	"sort"
)

// Empty lines ("\n" alone) get no record: they are all the same line, and
// come out one after the other (see emptyPosition), so that collectKeys
// only counts them. Since collect sizes the records before it reads the
// lines, it counts the empty lines first (see emptyLines) where records
// for them would take more than roomPerByte bytes for each byte of input,
// and makes room only for the other lines; elsewhere it makes room for
// every line, and so the records take at most 16 bytes a line that is not
// empty, or roomPerByte bytes a byte of input if that is more.
const roomPerByte = 4

// emptyLines returns the number of empty lines in c, which starts a line:
// of "\n" at its start or after another "\n". For example,
// emptyLines([]byte("\na\n\n\nb")) == 3. It reads 8 bytes at a time: a
// byte loop that tests each byte mispredicts its branch on short lines,
// and bytes.Index of "\n\n" falls back to a slow search on many "\n".
func emptyLines(c []byte) int {
	const newlines, low7, high = 0x0a0a0a0a0a0a0a0a, 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	n := 0
	before := uint64(0x80) // the high bit if the byte before is "\n": c starts a line
	for ; len(c) >= 8; c = c[8:] {
		// The high bit of each byte of nl is set where that byte of c is
		// "\n" (x is 0 there), and nowhere else.
		x := binary.LittleEndian.Uint64(c) ^ newlines
		nl := ^((x&low7 + low7) | x) & high
		n += bits.OnesCount64(nl & (nl<<8 | before))
		before = nl >> 56
	}
	for _, b := range c {
		if b == '\n' && before != 0 {
			n++
		}
		before = uint64(b2u(b == '\n'))
	}
	return n
}

// countEmptyLines returns the number of empty lines in segs.
func countEmptyLines(in *Input, segs []segment) int {
	n := 0
	for _, s := range segs {
		n += emptyLines(in.chunks[s.chunk][s.from:s.to])
	}
	return n
}

// emptyPosition returns the position in the output of the sorted records
// at which the empty lines go. The empty line is a line of group "" (it
// has no slash) and not a version, so it comes after the versions of that
// group, and first of its other strings, being the smallest in byte
// order: at the first record of group "" whose key is that of a string
// (see versionKey).
func (o *output) emptyPosition() int {
	recs := o.groups.recs
	core := 0
	if len(o.groups.ends) > 0 {
		core = o.groups.ends[0]
	}
	i := sort.Search(core, func(i int) bool { return recs[i].key >= 1<<63 })
	if o.reverse {
		return len(recs) - i
	}
	return i
}

// writeEmptyLines writes n empty lines, each ending in nl, to w, a block
// of at most 64 KiB at a time.
func writeEmptyLines(w io.Writer, n int, nl string) {
	if n == 0 {
		return
	}
	block := bytes.Repeat([]byte(nl), min(n, 64<<10/len(nl)))
	for ; n > 0; n -= len(block) / len(nl) {
		w.Write(block[:min(n, len(block)/len(nl))*len(nl)])
	}
}
