package linesort

import (
	"sync"
	"sync/atomic"
)

// sortAll sorts the records of each group. With many records, it sorts
// in two goroutines, which take the groups one after the other; when one
// group holds most records, its first radix pass is made first, and they
// take its buckets too.
func sortAll(in *Input, groups sortGroups) {
	sorter := func(g int) (*lineSorter, []record) {
		prefix, recs := groups.group(g)
		return &lineSorter{in: in, prefix: len(prefix)}, recs
	}
	if !in.parallel(len(groups.recs), parallelSort) {
		for g := range groups.ends {
			s, recs := sorter(g)
			s.sort(recs)
		}
		return
	}
	big := -1 // the group that holds most records, if one does
	var bigSorter *lineSorter
	var bigRecs []record
	var count [256]int
	var shift uint
	for g := range groups.ends {
		if s, recs := sorter(g); 2*len(recs) > len(groups.recs) {
			big, bigSorter, bigRecs = g, s, recs
			var ok bool
			if count, shift, ok = s.partition(recs, 56); !ok {
				count = [256]int{}
			}
		}
	}
	var starts [257]int
	for d, n := range count {
		starts[d+1] = starts[d] + n
	}
	var next atomic.Int64
	work := func() {
		for {
			i := int(next.Add(1)) - 1
			switch {
			case i < len(groups.ends):
				if i != big {
					s, recs := sorter(i)
					s.sort(recs)
				}
			case i < len(groups.ends)+256:
				if d := i - len(groups.ends); count[d] > 1 {
					bigSorter.sortBucket(bigRecs[starts[d]:starts[d+1]], shift)
				}
			default:
				return
			}
		}
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		in.guarded(work)
	}()
	in.guarded(work)
	wg.Wait()
	in.abortIfChanged()
}
