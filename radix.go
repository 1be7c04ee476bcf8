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

// entryBuffers keeps the buffers of sortParsed between calls, so that
// sorting again and again neither allocates nor clears memory. Entries hold
// no pointers, so a kept buffer keeps no caller's strings alive.
var entryBuffers sync.Pool

// maxPooledEntries bounds the buffers kept: a huge sort does not pin its
// buffer until the next garbage collection.
const maxPooledEntries = 1 << 20

// getEntries returns a buffer of n entries, with arbitrary contents, as a
// pointer that putEntries takes back: the pool holds pointers, and handing
// back the one it gave out, rather than the address of a new slice header,
// is what keeps a sort from allocating.
func getEntries(n int) *[]entry {
	p, _ := entryBuffers.Get().(*[]entry)
	if p == nil || cap(*p) < n {
		buf := make([]entry, n)
		return &buf
	}
	*p = (*p)[:n]
	return p
}

// putEntries gives the buffer back for another sort.
func putEntries(p *[]entry) {
	if cap(*p) <= maxPooledEntries {
		entryBuffers.Put(p)
	}
}
