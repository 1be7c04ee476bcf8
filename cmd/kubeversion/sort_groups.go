package main

import (
	"bytes"
	"hash/maphash"
	"runtime"
	"slices"
	"sync"
)

// groupIndex numbers the distinct group prefixes of the lines, "" (the
// lines without a slash) being 0, and records the number of each line's
// group. It is a hash table of its own rather than a map[string]uint32:
// with many groups, a map's keys are as many small allocations, and a
// lookup misses the cache on the table, the key's header and its bytes,
// where here a slot holds the hash of its prefix beside the number, and
// the prefixes are in one array.
//
// With many groups, the table does not fit in the nearest caches, and each
// lookup would wait for memory twice, for the slot and for the prefix, one
// line after the other. So the lines are looked up a block at a time (see
// lookup), and the cache misses of a block overlap.
//
// The two halves of the input are read at once, and each looks its lines
// up a block at a time, holding mu.
type groupIndex struct {
	mu        sync.Mutex
	lineCount int      // the number of lines, to allocate lines once
	lines     []uint32 // the group of each line, once a line has a slash
	seed      maphash.Seed
	slots     []uint64 // a group's hash in the high half, its number in the low, or 0
	prefixes  []byte   // the prefixes, one after the other
	ends      []uint32 // where each group's prefix ends in prefixes
	touched   uint64   // what touching read, kept so that the reads are made
}

func newGroupIndex(lineCount int) *groupIndex {
	return &groupIndex{lineCount: lineCount, seed: maphash.MakeSeed()}
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

// add records that line n has the group prefix, which is not "".
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

// lookup sets the group of each line in pending: it touches all their
// slots, then the prefixes those hold, and then looks each line up.
func (g *groupIndex) lookup(pending []pendingLine) {
	if g.lines == nil {
		g.lines = make([]uint32, g.lineCount)
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
		g.lines[p.n] = g.id(p.prefix, p.hash)
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

// split puts recs in order of their groups' prefixes, in place, and
// returns the groups.
func (g *groupIndex) split(recs []record) sortGroups {
	if g.lines == nil {
		return sortGroups{recs: recs, ends: []int{len(recs)}}
	}
	// Rank the groups by prefix, in byte order, and give each line the
	// rank of its group.
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
	ranks := g.lines
	ends := make([]int, groups)
	for i, id := range ranks {
		ranks[i] = rank[id]
		ends[rank[id]]++
	}
	for r := 1; r < groups; r++ {
		ends[r] += ends[r-1]
	}
	bits := uint(0)
	for groups > 1<<bits {
		bits += 8
	}
	sortByRank(recs, ranks, bits-8)
	// The groups of the lines, the slots and the copies that growing left
	// behind are garbage now: collect them, so that what comes next reuses
	// their memory rather than take more (the collector is off). Little of
	// the heap holds pointers, so this is quick.
	g.lines, g.slots = nil, nil
	runtime.GC()
	return sortGroups{recs: recs, ends: ends, index: g, order: order}
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

// sortByRank sorts recs by ranks, in place, moving each rank with its
// record: a most-significant-byte-first radix sort on the byte of the
// rank at shift and those below. With many groups, a pass that put the
// records straight into their groups would write to as many places at
// once, each a cache miss; a byte at a time, it writes to 256.
func sortByRank(recs []record, ranks []uint32, shift uint) {
	var count, next [256]int
	for _, r := range ranks {
		count[byte(r>>shift)]++
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
			rec, k := recs[next[d]], ranks[next[d]]
			for int(byte(k>>shift)) != d {
				j := next[byte(k>>shift)]
				next[byte(k>>shift)]++
				recs[j], rec = rec, recs[j]
				ranks[j], k = k, ranks[j]
			}
			recs[next[d]], ranks[next[d]] = rec, k
			next[d]++
		}
	}
	if shift == 0 {
		return
	}
	for d, n := range count {
		if n > 1 {
			sortByRank(recs[start[d]:start[d]+n], ranks[start[d]:start[d]+n], shift-8)
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
