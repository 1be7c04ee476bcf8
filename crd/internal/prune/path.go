package prune

import "strconv"

// key appends ".k" (or "k" at the start) to the path and returns the
// state to restore. As in the server, an empty key still counts as a
// segment: below it, keys are preceded by a dot.
func (p *pruner) key(k string) pathMark {
	m := pathMark{len(p.path), p.segs}
	if !p.track {
		return m
	}
	if p.segs > 0 {
		p.path = append(p.path, '.')
	}
	p.path = append(p.path, k...)
	p.segs++
	return m
}

// index appends "[i]" to the path and returns the state to restore.
func (p *pruner) index(i int) pathMark {
	m := pathMark{len(p.path), p.segs}
	if !p.track {
		return m
	}
	p.path = append(p.path, '[')
	p.path = strconv.AppendInt(p.path, int64(i), 10)
	p.path = append(p.path, ']')
	p.segs++
	return m
}

// pathMark is the length of the path and its count of segments.
type pathMark struct{ n, segs int }

func (p *pruner) restore(m pathMark) {
	p.path, p.segs = p.path[:m.n], m.segs
}

// record notes the removal of the field k of the value at hand.
func (p *pruner) record(k string) {
	p.removed = true
	if !p.track {
		return
	}
	m := p.key(k)
	p.paths = append(p.paths, string(p.path))
	p.restore(m)
}
