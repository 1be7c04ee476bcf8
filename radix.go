package kubeversion

import "sync"

// entry is a parsed version and its index in the slice being sorted.
type entry struct {
	v Version
	i int
}

// radixSortDescending sorts entries by Version, highest first, keeping the
// input order among equal Versions, and returns the sorted slice, which is
// either entries or buf (of the same length).
//
// It is a least-significant-byte-first radix sort over the 16 bytes of a
// Version: linear in len(entries), with no comparisons. Bytes that are the
// same in every entry are skipped, and since real versions have small
// numbers, most are: a typical sort makes three or four passes.
func radixSortDescending(entries, buf []entry) []entry {
	if len(entries) == 0 {
		return entries
	}
	// Bits that differ between some entry and the first.
	var diffHi, diffLo uint64
	for _, e := range entries {
		diffHi |= e.v.hi ^ entries[0].v.hi
		diffLo |= e.v.lo ^ entries[0].v.lo
	}
	for pass := range 16 {
		diff, shift := diffLo, 8*pass
		if pass >= 8 {
			diff, shift = diffHi, 8*(pass-8)
		}
		if byte(diff>>shift) == 0 {
			continue
		}
		// The complement of the byte puts higher Versions first.
		digit := func(e entry) byte {
			if pass >= 8 {
				return ^byte(e.v.hi >> shift)
			}
			return ^byte(e.v.lo >> shift)
		}
		var start [256]int
		for _, e := range entries {
			start[digit(e)]++
		}
		sum := 0
		for d, n := range start {
			start[d] = sum
			sum += n
		}
		for _, e := range entries {
			d := digit(e)
			buf[start[d]] = e
			start[d]++
		}
		entries, buf = buf, entries
	}
	return entries
}

// sortBuffers are the buffers of sortParsed, kept between calls so that
// sorting again and again neither allocates nor clears memory. They hold
// no pointers, so kept buffers keep no caller's strings alive.
type sortBuffers struct {
	keys    []uint32 // countingSort: the packed version, then the bucket, of each string
	counts  []int    // countingSort: where each bucket starts
	entries []entry  // radixSort: two entries per string
}

var sortBuffersPool sync.Pool

// maxPooled bounds the buffers kept: a huge sort does not pin its buffers
// until the next garbage collection.
const maxPooled = 1 << 20

// getBuffers returns buffers for sorting n strings, with arbitrary
// contents: keys of length n, and entries of length 2n. The pool holds
// pointers, and handing back the one it gave out, rather than the address
// of a new value, is what keeps a sort from allocating.
func getBuffers(n int) *sortBuffers {
	b, _ := sortBuffersPool.Get().(*sortBuffers)
	if b == nil {
		b = new(sortBuffers)
	}
	if cap(b.keys) < n {
		b.keys = make([]uint32, n)
	}
	b.keys = b.keys[:n]
	return b
}

// putBuffers gives the buffers back for another sort.
func putBuffers(b *sortBuffers) {
	if cap(b.keys) <= maxPooled && cap(b.counts) <= maxPooled && cap(b.entries) <= 2*maxPooled {
		sortBuffersPool.Put(b)
	}
}
