package main

import (
	"sync"
	"sync/atomic"
)

// parallelSort is the number of records from which sortAll sorts in two
// goroutines. Tests lower it.
var parallelSort = 1 << 16

// sortTask is a part of the records that can be sorted on its own: a
// group, or a bucket of a group's first partition.
type sortTask struct {
	s     *lineSorter
	recs  []record
	shift uint
	whole bool // the whole group, not a bucket
}

// sortAll sorts the records of each group. With many records, it sorts
// in two goroutines, which take groups (or, when one group holds most
// records, the buckets of its first radix pass) one after the other.
func sortAll(in *sortInput, groups sortGroups) {
	var tasks []sortTask
	for i := range groups.ends {
		prefix, recs := groups.group(i)
		s := &lineSorter{in: in, prefix: len(prefix)}
		if len(groups.recs) < parallelSort {
			s.sort(recs)
			continue
		}
		if 2*len(recs) < len(groups.recs) {
			tasks = append(tasks, sortTask{s, recs, 56, true})
			continue
		}
		count, shift, ok := s.partition(recs, 56)
		if !ok {
			continue
		}
		start := 0
		for _, n := range count {
			if n > 1 {
				tasks = append(tasks, sortTask{s, recs[start : start+n], shift, false})
			}
			start += n
		}
	}
	var next atomic.Int64
	work := func() {
		for {
			i := int(next.Add(1)) - 1
			if i >= len(tasks) {
				return
			}
			if t := tasks[i]; t.whole {
				t.s.sort(t.recs)
			} else {
				t.s.sortBucket(t.recs, t.shift)
			}
		}
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		work()
	}()
	work()
	wg.Wait()
}
