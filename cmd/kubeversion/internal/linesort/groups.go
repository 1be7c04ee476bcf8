package linesort

import (
	"bytes"
	"hash/maphash"
	"runtime"
	"slices"
	"sync"
)

// groupIndex numbers the distinct group prefixes of the lines, "" (the
// lines without a slash) being 0, and sets the key of the record of each
// line with a slash to the number of its group, until split puts the
// records in groups and gives them their versions' keys. It is a hash
// table of its own rather than a map[string]uint32: with many groups, a
// map's keys are as many small allocations, and a lookup misses the cache
// on the table, the key's header and its bytes, where here a slot holds
// the hash of its prefix beside the number, and the prefixes are in one
// array.
//
// With many groups, the table does not fit in the nearest caches, and each
// lookup would wait for memory twice, for the slot and for the prefix, one
// line after the other. So the lines are looked up a block at a time (see
// lookup), and the cache misses of a block overlap.
//
// The two halves of the input are read at once, and each looks its lines
// up a block at a time, holding mu.
type groupIndex struct {
	mu       sync.Mutex
	recs     []record // the records of all the lines
	seed     maphash.Seed
	slots    []uint64 // a group's hash in the high half, its number in the low, or 0
	prefixes []byte   // the prefixes, one after the other
	ends     []uint32 // where each group's prefix ends in prefixes
	touched  uint64   // what touching read, kept so that the reads are made
}

// grouped is the bit of a record's loc that tells, until split, that the
// line has a slash and the record's key is the number of its group.
const grouped = 1 << 63

func newGroupIndex(recs []record) *groupIndex {
	return &groupIndex{recs: recs, seed: maphash.MakeSeed()}
}

// groupWorker gathers the lines of one goroutine to look up.
type groupWorker struct {
	g        *groupIndex
	pending  [32]pendingLine
	npending int
}

// pendingLine is a line whose group is yet to be looked up.
type pendingLine struct {
	n      int
	prefix []byte
	hash   uint64
}

// add records that line n, whose record is written, has the group prefix,
// which is not "".
func (w *groupWorker) add(n int, prefix []byte) {
	w.pending[w.npending] = pendingLine{n, prefix, maphash.Bytes(w.g.seed, prefix)}
	if w.npending++; w.npending == len(w.pending) {
		w.flush()
	}
}

// flush looks up the pending lines.
func (w *groupWorker) flush() {
	if w.npending == 0 {
		return
	}
	w.g.mu.Lock()
	w.g.lookup(w.pending[:w.npending])
	w.g.mu.Unlock()
	w.npending = 0
}

// lookup sets the key of each line in pending to the number of its group:
// it touches all their slots, then the prefixes those hold, and then looks
// each line up.
func (g *groupIndex) lookup(pending []pendingLine) {
	if g.slots == nil {
		g.slots = make([]uint64, 64)
		g.ends = []uint32{0}
	}
	mask := uint64(len(g.slots) - 1)
	for _, p := range pending {
		g.touched += g.slots[p.hash&mask]
	}
	for _, p := range pending {
		if s := g.slots[p.hash&mask]; s != 0 {
			g.touched += uint64(g.prefixes[g.ends[uint32(s)-1]])
		}
	}
	for _, p := range pending {
		g.recs[p.n].key = uint64(g.id(p.prefix, p.hash))
	}
}

// prefix returns the prefix of group id.
func (g *groupIndex) prefix(id uint32) []byte {
	if id == 0 {
		return nil
	}
	return g.prefixes[g.ends[id-1]:g.ends[id]]
}

// id returns the number of prefix, whose hash is h, giving it the next
// number if it is new.
func (g *groupIndex) id(prefix []byte, h uint64) uint32 {
	mask := uint64(len(g.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		s := g.slots[i]
		if s == 0 {
			id := uint32(len(g.ends))
			g.slots[i] = h&^(1<<32-1) | uint64(id)
			g.prefixes = append(grow(g.prefixes, len(prefix)), prefix...)
			g.ends = append(grow(g.ends, 1), uint32(len(g.prefixes)))
			if 4*len(g.ends) > 3*len(g.slots) {
				g.grow()
			}
			return id
		}
		if id := uint32(s); s>>32 == h>>32 && bytes.Equal(g.prefix(id), prefix) {
			return id
		}
	}
}

// grow doubles the table.
func (g *groupIndex) grow() {
	old := g.slots
	g.slots = make([]uint64, 2*len(old))
	mask := uint64(len(g.slots) - 1)
	for _, s := range old {
		if s == 0 {
			continue
		}
		// The low half of the hash is gone: hash the prefix again.
		i := maphash.Bytes(g.seed, g.prefix(uint32(s))) & mask
		for g.slots[i] != 0 {
			i = (i + 1) & mask
		}
		g.slots[i] = s
	}
}

// split puts the records in order of their groups' prefixes, in place,
// gives the records of lines with a slash their versions' keys, and
// returns the groups.
func (g *groupIndex) split(in *Input) sortGroups {
	recs := g.recs
	if g.slots == nil {
		return sortGroups{recs: recs, ends: []int{len(recs)}}
	}
	// The slots and the copies that growing left behind are garbage now:
	// collect them, so that what comes next reuses their memory rather
	// than take more (the collector is off). Little of the heap holds
	// pointers, so this is quick.
	g.recs, g.slots = nil, nil
	runtime.GC()
	// The lines without a slash, whose keys are already their versions',
	// are group "", which comes first.
	u := 0
	for i, r := range recs {
		if r.loc&grouped == 0 {
			recs[u], recs[i] = r, recs[u]
			u++
		}
	}
	// Rank the groups by prefix, in byte order ("" first), and give each
	// line with a slash the rank of its group for key.
	groups := len(g.ends)
	order := make([]uint32, groups)
	for i := range order {
		order[i] = uint32(i)
	}
	slices.SortFunc(order, func(a, b uint32) int { return bytes.Compare(g.prefix(a), g.prefix(b)) })
	rank := make([]uint32, groups)
	for r, id := range order {
		rank[id] = uint32(r)
	}
	ends := make([]int, groups)
	ends[0] = u
	for i := u; i < len(recs); i++ {
		r := rank[recs[i].key]
		recs[i].key = uint64(r)
		ends[r]++
	}
	for r := 1; r < groups; r++ {
		ends[r] += ends[r-1]
	}
	bits := uint(0)
	for groups > 1<<bits {
		bits += 8
	}
	sortByRank(recs[u:], bits-8)
	setVersionKeys(in, recs[u:])
	return sortGroups{recs: recs, ends: ends, index: g, order: order}
}

// setVersionKeys sets the key of each record, which is that of a line with
// a slash, to the key of the line's version, what follows its first slash,
// and clears grouped; on many records, in two goroutines. The lines are
// all over the input, as in format, so it touches a few dozen at a time
// before it reads them.
func setVersionKeys(in *Input, recs []record) {
	set := func(recs []record) {
		var touched byte
		for p := 0; p < len(recs); p += touchAhead {
			block := recs[p:min(p+touchAhead, len(recs))]
			for _, r := range block {
				touched += in.firstByte(r.loc &^ grouped)
			}
			for i := range block {
				loc := block[i].loc &^ grouped
				line := in.line(loc)
				version := line[bytes.IndexByte(line, '/')+1:]
				block[i] = record{key: versionKey(unsafeString(version)), loc: loc}
			}
		}
		runtime.KeepAlive(touched)
	}
	if !in.parallel(len(recs), parallelSort) {
		set(recs)
		return
	}
	half := len(recs) / 2
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		in.guarded(func() { set(recs[half:]) })
	}()
	in.guarded(func() { set(recs[:half]) })
	wg.Wait()
	in.abortIfChanged()
}

// sortGroups is the records in groups, in the order of their prefixes.
type sortGroups struct {
	recs  []record
	ends  []int       // where each group ends in recs
	index *groupIndex // the prefixes, or nil for one group without
	order []uint32    // the number of each group in index
}

// group returns the prefix and the records of group i.
func (s sortGroups) group(i int) (string, []record) {
	start := 0
	if i > 0 {
		start = s.ends[i-1]
	}
	prefix := ""
	if s.index != nil {
		prefix = unsafeString(s.index.prefix(s.order[i]))
	}
	return prefix, s.recs[start:s.ends[i]]
}

// sortByRank sorts recs by their keys, which are ranks, in place: a
// most-significant-byte-first radix sort on the byte of the key at shift
// and those below. With many groups, a pass that put the records straight
// into their groups would write to as many places at once, each a cache
// miss; a byte at a time, it writes to 256.
func sortByRank(recs []record, shift uint) {
	var count, next [256]int
	for _, r := range recs {
		count[byte(r.key>>shift)]++
	}
	sum := 0
	for d, n := range count {
		next[d] = sum
		sum += n
	}
	start := next
	for d := range 256 {
		end := start[d] + count[d]
		for next[d] < end {
			rec := recs[next[d]]
			for int(byte(rec.key>>shift)) != d {
				j := next[byte(rec.key>>shift)]
				next[byte(rec.key>>shift)]++
				recs[j], rec = rec, recs[j]
			}
			recs[next[d]] = rec
			next[d]++
		}
	}
	if shift == 0 {
		return
	}
	for d, n := range count {
		if n > 1 {
			sortByRank(recs[start[d]:start[d]+n], shift-8)
		}
	}
}

// grow returns s with room for n more elements, doubling its capacity
// when it must grow: append grows large slices by a quarter, and with the
// garbage collector off, the copies it leaves behind would add up to four
// times the final size.
func grow[E any](s []E, n int) []E {
	if len(s)+n <= cap(s) {
		return s
	}
	return append(make([]E, 0, max(2*cap(s), len(s)+n, 256)), s...)
}
