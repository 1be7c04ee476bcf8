package linesort

import (
	"bytes"
	"io"
	"os"
	"sync/atomic"
)

// Input is the input of a sort held in memory: a few large chunks, each of
// which ends with a whole line (but the last, whose final line may lack
// its "\n"), so that no line straddles two chunks. A line is named by its
// location, the chunk's index in the top bits and the line's offset in the
// chunk below; it ends at the next "\n" or at the end of its chunk.
//
// Bytes are kept as they are, as the command's readLines keeps them: the
// only change is that in a CRLF file (crlf: every terminated line ends in
// "\r\n") a final "\r" is not part of a line.
//
// Empty lines ("\n" alone) are counted, in empty, and get no record (see
// roomPerByte).
type Input struct {
	chunks [][]byte
	crlf   bool
	empty  int // the number of empty lines

	// A mapped file, and its stamp when it was mapped; nil if the input
	// is a copy (see verify).
	file    *os.File
	stamp   fileStamp
	changed atomic.Bool // a goroutine found that the input changed

	opt Options // how Sort sorts it
}

// locShift is where the chunk index starts in a line's location: a chunk
// may hold up to 1 TiB, and there may be 2^23 chunks (the top bit is
// grouped, while collect runs).
const locShift = 40

// Chunk sizes when the size of the input is not known in advance: the
// first chunk is small, for the usual short input, and each next one twice
// as large, up to maxChunk.
const (
	firstChunk = 64 << 10
	maxChunk   = 16 << 20
)

// Read reads all of r, to be sorted by [Sort]. A regular file, read from
// its start, it maps into memory where it can (see mapFile), and otherwise
// reads into one buffer of the file's size, so that memory is the size of
// the input and nothing more; from a pipe it reads chunks of growing size,
// and copies only the partial line at the end of each full chunk to the
// next.
//
// A regular file that changes while it is read is refused with
// ErrInputChanged, and one that is mapped is checked again after the sort
// (see Input.verify).
func Read(r io.Reader) (*Input, error) {
	size := firstChunk
	var file *os.File // a regular file, read
	var stamp fileStamp
	if f, ok := r.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() > 0 {
			stamp = stampOf(fi)
			if off, err := f.Seek(0, io.SeekCurrent); err == nil && off == 0 && fi.Size() < 1<<locShift {
				if data, ok := mapFile(f, fi.Size()); ok {
					return &Input{chunks: [][]byte{data}, file: f, stamp: stamp}, nil
				}
			}
			file = f
			// One byte more than the file, so that the read that finds the
			// end of the file does not need another buffer.
			size = int(min(fi.Size()+1, 1<<locShift))
		}
	}
	in := &Input{}
	buf := make([]byte, 0, size)
	for {
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			if len(buf) > 0 {
				in.chunks = append(in.chunks, buf)
			}
			if file != nil {
				if fi, err := file.Stat(); err != nil || stampOf(fi) != stamp {
					return nil, ErrInputChanged
				}
			}
			return in, nil
		}
		if err != nil {
			return nil, err
		}
		if len(buf) < cap(buf) {
			continue
		}
		next := min(2*cap(buf), maxChunk)
		cut := bytes.LastIndexByte(buf, '\n') + 1
		if cut == 0 {
			// One line fills the chunk: make the chunk larger.
			buf = append(make([]byte, 0, 2*cap(buf)), buf...)
			continue
		}
		rest := buf[cut:]
		in.chunks = append(in.chunks, buf[:cut])
		buf = append(make([]byte, 0, max(next, 2*len(rest))), rest...)
	}
}

// segment is the bytes from..to of a chunk, whole lines.
type segment struct {
	chunk, from, to int
}

// halves returns the input cut in two at the end of the line that holds
// its middle byte.
func (in *Input) halves() [2][]segment {
	total := 0
	for _, c := range in.chunks {
		total += len(c)
	}
	var h [2][]segment
	at := total / 2
	for i, c := range in.chunks {
		switch {
		case at < 0:
			h[1] = append(h[1], segment{i, 0, len(c)})
		case at >= len(c):
			h[0] = append(h[0], segment{i, 0, len(c)})
			at -= len(c)
		default:
			cut := len(c)
			if nl := bytes.IndexByte(c[at:], '\n'); nl >= 0 {
				cut = at + nl + 1
			}
			h[0] = append(h[0], segment{i, 0, cut})
			h[1] = append(h[1], segment{i, cut, len(c)})
			at = -1
		}
	}
	return h
}

// countLines returns the number of lines in segs, a final line without
// "\n" included.
func countLines(in *Input, segs []segment) int {
	n := 0
	for _, s := range segs {
		c := in.chunks[s.chunk][s.from:s.to]
		n += bytes.Count(c, []byte{'\n'})
		if len(c) > 0 && c[len(c)-1] != '\n' {
			n++
		}
	}
	return n
}

// size returns the number of bytes in segs.
func size(segs []segment) int {
	n := 0
	for _, s := range segs {
		n += s.to - s.from
	}
	return n
}

// line returns the line at loc, without its terminator.
func (in *Input) line(loc uint64) []byte {
	s := in.chunks[loc>>locShift][loc&(1<<locShift-1):]
	if i := bytes.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if in.crlf && len(s) > 0 && s[len(s)-1] == '\r' {
		s = s[:len(s)-1]
	}
	return s
}

// firstByte returns the byte at loc, which may be the "\n" of an empty
// line.
func (in *Input) firstByte(loc uint64) byte {
	return in.chunks[loc>>locShift][loc&(1<<locShift-1)]
}

// newline returns the terminator to write after each line.
func (in *Input) newline() string {
	if in.crlf {
		return "\r\n"
	}
	return "\n"
}
