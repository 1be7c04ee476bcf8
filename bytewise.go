package kubeversion

import "slices"

// sortBytewise sorts strings in byte order, as slices.Sort does, by a
// most-significant-byte-first radix sort in place (an American flag sort):
// the strings are put into 257 buckets by their first byte (one bucket for
// the strings that end before it), and each bucket is sorted in the same
// way by the next byte. The strings that are not versions in a Sort are
// often few distinct strings many times over, which a comparison sort
// compares again and again, byte for byte, from the first byte; here each
// byte of each string is read about once.
func sortBytewise(a []string) {
	sortBytewiseFrom(a, 0)
}

// maxBytewiseDepth is the depth of common prefix after which
// sortBytewiseFrom leaves the strings to slices.Sort, so that long common
// prefixes cost no deep recursion.
const maxBytewiseDepth = 64

// sortBytewiseFrom sorts strings that have their first depth bytes in
// common.
func sortBytewiseFrom(a []string, depth int) {
	for len(a) > 24 {
		if depth > maxBytewiseDepth {
			slices.Sort(a)
			return
		}
		var count [257]int
		for _, s := range a {
			count[byteAt(s, depth)]++
		}
		if first := byteAt(a[0], depth); count[first] == len(a) {
			if first == 0 {
				return // all the strings end here: they are all the same
			}
			depth++
			continue
		}
		var start, next [257]int
		sum := 0
		for b, n := range count {
			start[b], next[b] = sum, sum
			sum += n
		}
		for b := range 257 {
			for end := start[b] + count[b]; next[b] < end; next[b]++ {
				s := a[next[b]]
				for k := byteAt(s, depth); k != b; k = byteAt(s, depth) {
					a[next[k]], s = s, a[next[k]]
					next[k]++
				}
				a[next[b]] = s
			}
		}
		for b := 1; b < 257; b++ {
			if count[b] > 1 {
				sortBytewiseFrom(a[start[b]:start[b]+count[b]], depth+1)
			}
		}
		return
	}
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j][depth:] < a[j-1][depth:]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// byteAt returns 1 plus the byte of s at i, or 0 if s is shorter.
func byteAt(s string, i int) int {
	if i < len(s) {
		return int(s[i]) + 1
	}
	return 0
}
