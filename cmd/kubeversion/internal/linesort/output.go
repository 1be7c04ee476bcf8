package linesort

import (
	"io"
	"runtime"
	"sort"
)

// writeRecords writes the lines of the sorted records to w, each group
// after the one before, or all in reverse, with the empty lines, which
// have no records, at their place among them (see emptyPosition). The
// lines are copied into buffers of a block of lines each, which two
// goroutines fill at once and write in turn when there are many blocks.
func writeRecords(w io.Writer, in *Input, groups sortGroups, reverse bool) {
	o := output{in: in, groups: groups, reverse: reverse, nl: in.newline()}
	n := len(groups.recs)
	total := -in.empty // the bytes of the lines with records
	for _, c := range in.chunks {
		total += len(c)
	}
	// Room for a block of lines of the average length, and a little more.
	size := min(in.block(), n) * (total/max(n, 1) + 2)
	if in.empty == 0 {
		o.write(w, 0, n, size)
		return
	}
	at := o.emptyPosition()
	o.write(w, 0, at, size)
	writeEmptyLines(w, in.empty, o.nl)
	o.write(w, at, n, size)
}

// write writes the lines at positions from..to of the output to w, in
// buffers of size bytes.
func (o *output) write(w io.Writer, from, to, size int) {
	n := to - from
	block := o.in.block()
	blocks := (n + block - 1) / block
	format := func(buf []byte, b int) []byte {
		return o.format(buf, from+b*block, from+min((b+1)*block, n))
	}
	if blocks < 2 || !o.in.parallel(n, parallelSort) {
		buf := make([]byte, 0, size)
		for b := range blocks {
			buf = format(buf[:0], b)
			w.Write(buf)
			o.in.step(StepBlockWritten)
		}
		return
	}
	// A worker that finds the input changed stops formatting and writing,
	// but takes its turns, so that the other does not wait for it.
	turns := [2]chan struct{}{make(chan struct{}, 1), make(chan struct{}, 1)}
	turns[0] <- struct{}{}
	work := func(k int) {
		buf := make([]byte, 0, size)
		for b := k; b < blocks; b += 2 {
			if !o.in.changed.Load() {
				o.in.guarded(func() { buf = format(buf[:0], b) })
			}
			<-turns[k]
			if !o.in.changed.Load() {
				w.Write(buf)
				o.in.step(StepBlockWritten)
			}
			turns[1-k] <- struct{}{}
		}
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		work(1)
	}()
	work(0)
	<-done
	o.in.abortIfChanged()
}

// output formats sorted records as lines.
type output struct {
	in      *Input
	groups  sortGroups
	reverse bool
	nl      string
}

// index returns the index in the records of the line written at position
// p of the output.
func (o *output) index(p int) int {
	if o.reverse {
		return len(o.groups.recs) - 1 - p
	}
	return p
}

// groupEnd returns the position of the output where the group of the line
// at position p ends.
func (o *output) groupEnd(p int) int {
	i := o.index(p)
	g := sort.SearchInts(o.groups.ends, i+1)
	if !o.reverse {
		return o.groups.ends[g]
	}
	start := 0
	if g > 0 {
		start = o.groups.ends[g-1]
	}
	return len(o.groups.recs) - start
}

// format appends the lines at positions from..to of the output to buf.
// Runs of the same line in a group, which are common, are written from
// the first line of the run: the others are not read again.
//
// The lines are all over the input, each a cache miss. So format first
// touches the lines of a few dozen positions in a tight loop, whose loads
// the processor makes all at once, and then copies them from the cache.
func (o *output) format(buf []byte, from, to int) []byte {
	recs := o.groups.recs
	var last []byte
	var lastKey uint64
	var touched byte
	end := o.groupEnd(from)
	for p := from; p < to; p += touchAhead {
		q := min(p+touchAhead, to)
		for i := p; i < q; i++ {
			touched += o.in.firstByte(recs[o.index(i)].loc)
		}
		for i := p; i < q; i++ {
			if i == end {
				last, end = nil, o.groupEnd(i)
			}
			r := recs[o.index(i)]
			if last == nil || r.key != lastKey || !exactKey(r.key) {
				last, lastKey = o.in.line(r.loc), r.key
			}
			buf = append(buf, last...)
			buf = append(buf, o.nl...)
		}
	}
	runtime.KeepAlive(touched)
	return buf
}

// touchAhead is how many lines format touches at once.
const touchAhead = 32
