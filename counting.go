package kubeversion

// countingSort sorts versions like Sort when their major and minor numbers
// are small, as real ones are, and reports whether it did. Each version
// gets a bucket, a dense number in its order: with M and m the largest
// major and minor numbers, the buckets of alpha, beta and GA take
// (M+1)*(m+1) numbers each, and the other strings share the last. The
// strings are moved into their buckets in place, in time linear in their
// number, with no comparisons. It gives up, having moved nothing, when a
// number does not fit in 15 bits or there would be more buckets than
// strings, give or take a few hundred.
func countingSort(versions []string, b *sortBuffers) bool {
	const fieldBits = 15
	const fieldMax = 1<<fieldBits - 1
	keys := b.keys
	var majors, minors uint64 // the OR of all numbers, at least the largest
	valid := 0
	zeros := false // whether some version has a leading zero
	for i, s := range versions {
		v := scan(s)
		major, minor := v.Major(), v.Minor()
		majors |= major
		minors |= minor
		keys[i] = uint32(v.Stability())<<(2*fieldBits) | uint32(major&fieldMax)<<fieldBits | uint32(minor&fieldMax)
		if v.IsValid() {
			valid++
			zeros = zeros || len(s) != spellingLen(major, v.Stability(), minor)
		}
	}
	if majors > fieldMax || minors > fieldMax {
		return false
	}
	majorBuckets, minorBuckets := int(majors)+1, int(minors)+1
	stabilityBuckets := majorBuckets * minorBuckets
	buckets := 3*stabilityBuckets + 1
	if buckets > len(versions)+256 {
		return false
	}
	// Turn each key into its bucket, highest version first, and count.
	if cap(b.counts) < 2*buckets+1 {
		b.counts = make([]int, 2*buckets+1)
	}
	starts, next := b.counts[:buckets+1], b.counts[buckets+1:2*buckets+1]
	clear(starts)
	for i, k := range keys {
		bucket := uint32(buckets - 1)
		if stability := k >> (2 * fieldBits); stability != 0 {
			major, minor := int(k>>fieldBits&fieldMax), int(k&fieldMax)
			bucket = uint32(int(GA-Stability(stability))*stabilityBuckets + (int(majors)-major)*minorBuckets + int(minors) - minor)
		}
		keys[i] = bucket
		starts[bucket+1]++
	}
	for k := 1; k <= buckets; k++ {
		starts[k] += starts[k-1]
	}
	copy(next, starts)
	// An American flag sort: move the string in each place that belongs
	// elsewhere to the next free place of its bucket, and so on around the
	// cycle, until one that belongs here comes back.
	for k := range uint32(buckets) {
		for end := starts[k+1]; next[k] < end; next[k]++ {
			s, key := versions[next[k]], keys[next[k]]
			for key != k {
				j := next[key]
				next[key]++
				versions[j], s = s, versions[j]
				keys[j], key = key, keys[j]
			}
			versions[next[k]] = s
		}
	}
	sortBytewise(versions[valid:])
	if !zeros {
		return true // each version has one spelling
	}
	for k := range buckets - 1 {
		if run := versions[starts[k]:starts[k+1]]; len(run) > 1 {
			sortSpellings(run)
		}
	}
	return true
}

// spellingLen returns the length of the spelling without leading zeros of
// a version whose numbers fit in 15 bits (and the length of some other
// spelling otherwise).
func spellingLen(major uint64, s Stability, minor uint64) int {
	n := 1 + digits15(major)
	switch s {
	case Alpha:
		n += len("alpha") + digits15(minor)
	case Beta:
		n += len("beta") + digits15(minor)
	}
	return n
}

// digits15 returns the number of decimal digits of n < 100000.
func digits15(n uint64) int {
	return 1 + b2i(n >= 10) + b2i(n >= 100) + b2i(n >= 1000) + b2i(n >= 10000)
}
