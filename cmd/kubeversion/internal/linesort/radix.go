package linesort

import (
	"bytes"
	"slices"
)

// smallSort is the number of records up to which sort uses insertion sort
// rather than another radix pass.
const smallSort = 24

// sort sorts recs in place by key, then by s.compare among equal keys. It
// is a most-significant-byte-first radix sort of the keys, in place (an
// American flag sort), that skips the bytes that are the same in every
// record of a bucket: since most lines of a group share their first bytes,
// or are versions with small numbers, most bytes of most keys are. Runs of
// equal keys, which are often lines that are all the same, are sorted by
// comparing the lines.
func (s *lineSorter) sort(recs []record) {
	s.radix(recs, 56)
}

func (s *lineSorter) radix(recs []record, shift uint) {
	count, shift, ok := s.partition(recs, shift)
	if !ok {
		return
	}
	start := 0
	for _, n := range count {
		if n > 1 {
			s.sortBucket(recs[start:start+n], shift)
		}
		start += n
	}
}

// sortBucket sorts the records of a bucket of partition, whose keys have
// the same bytes above shift and at shift.
func (s *lineSorter) sortBucket(bucket []record, shift uint) {
	if shift == 0 {
		s.sortEqualKeys(bucket)
	} else {
		s.radix(bucket, shift-8)
	}
}

// partition puts recs in order of the first byte of their keys, from the
// byte at shift down, that is not the same in all of them, and returns the
// number of records with each value of that byte, and its shift. When
// there are few records, or no byte differs, it sorts recs and returns
// false.
func (s *lineSorter) partition(recs []record, shift uint) (count [256]int, at uint, ok bool) {
	for {
		if len(recs) <= smallSort {
			s.insertionSort(recs)
			return count, 0, false
		}
		count = [256]int{}
		for _, r := range recs {
			count[byte(r.key>>shift)]++
		}
		if count[byte(recs[0].key>>shift)] < len(recs) {
			break
		}
		if shift == 0 {
			s.sortEqualKeys(recs)
			return count, 0, false
		}
		shift -= 8
	}
	var start, next [256]int
	sum := 0
	for d, n := range count {
		start[d], next[d] = sum, sum
		sum += n
	}
	for d := range 256 {
		end := start[d] + count[d]
		for next[d] < end {
			r := recs[next[d]]
			for k := byte(r.key >> shift); int(k) != d; k = byte(r.key >> shift) {
				recs[next[k]], r = r, recs[next[k]]
				next[k]++
			}
			recs[next[d]] = r
			next[d]++
		}
	}
	return count, shift, true
}

// sortEqualKeys sorts records whose keys are all equal, unless the key or
// a look at the lines tells that they are all the same.
func (s *lineSorter) sortEqualKeys(recs []record) {
	if exactKey(recs[0].key) {
		return
	}
	first := s.in.line(recs[0].loc)
	for _, r := range recs[1:] {
		if !bytes.Equal(s.in.line(r.loc), first) {
			slices.SortFunc(recs, s.compare)
			return
		}
	}
}

// insertionSort sorts a few records.
func (s *lineSorter) insertionSort(recs []record) {
	for i := 1; i < len(recs); i++ {
		for j := i; j > 0 && s.compare(recs[j], recs[j-1]) < 0; j-- {
			recs[j], recs[j-1] = recs[j-1], recs[j]
		}
	}
}
