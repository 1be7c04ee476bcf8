package inputs

import (
	"strconv"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/blockyaml"
	"github.com/kubeversion/kubeversion/crd"
	"go.yaml.in/yaml/v3"
)

// outlineIndex is what a Locator indexes of an outline, as it does of a
// node tree: of a large mapping, the first child of each key; of a large
// sequence, its items, and the first item with each key. A small one
// (fewer than Indexed children) maps to nil, and is scanned.
type outlineIndex struct {
	keys   map[int]map[string]int
	items  map[int][]int
	firsts map[int]map[string]int
}

// walkOutline is [Locator.walk] over the object's outline, which
// package blockyaml recorded as it read the text: the same steps reach
// the same lines, and the text is not parsed again.
func (l *Locator) walkOutline(steps []crd.PathStep, byKey bool, name func(crd.PathStep) string) int {
	o := l.outline
	n := 0
	line := o.Line(n)
	for _, s := range steps {
		step := name(s)
		if o.Kind(n) == yaml.SequenceNode {
			if i, err := strconv.Atoi(step); err == nil {
				if n = l.item(n, i); n < 0 {
					return line
				}
				line = o.Line(n)
				continue
			}
			if !byKey {
				return line
			}
			if n = l.firstWithKey(n, step); n < 0 {
				return line
			}
		}
		if o.Kind(n) != yaml.MappingNode {
			return line
		}
		if n = l.child(n, step); n < 0 {
			return line
		}
		_, line = o.Key(n) // the key's line
	}
	return line
}

// children returns the children of node n when it has Indexed or more,
// or nil.
func (l *Locator) children(n int) []int {
	return cached(&l.index.items, n, func() []int {
		var items []int
		o := l.outline
		for c := n + 1; c < o.Next(n); c = o.Next(c) {
			items = append(items, c)
		}
		if len(items) < Indexed {
			return nil
		}
		return items
	})
}

// item returns the i-th item of sequence n, or -1.
func (l *Locator) item(n, i int) int {
	if items := l.children(n); items != nil {
		if i < 0 || i >= len(items) {
			return -1
		}
		return items[i]
	}
	o := l.outline
	for c := n + 1; c < o.Next(n); c = o.Next(c) {
		if i == 0 {
			return c
		}
		i--
	}
	return -1
}

// child returns the value of the first key of mapping n that is key, or
// -1.
func (l *Locator) child(n int, key string) int {
	items := l.children(n)
	if items == nil {
		return l.scanKeys(n, key)
	}
	index := cached(&l.index.keys, n, func() map[string]int {
		index := map[string]int{}
		for _, c := range items {
			k, _ := l.outline.Key(c)
			addFirst(index, k, c)
		}
		return index
	})
	return found(index, key)
}

// scanKeys returns the value of the first key of mapping n that is key,
// or -1, scanning them.
func (l *Locator) scanKeys(n int, key string) int {
	o := l.outline
	for c := n + 1; c < o.Next(n); c = o.Next(c) {
		if k, _ := o.Key(c); k == key {
			return c
		}
	}
	return -1
}

// firstWithKey returns the first mapping of sequence n that has key, or
// -1.
func (l *Locator) firstWithKey(n int, key string) int {
	o := l.outline
	items := l.children(n)
	if items == nil {
		for c := n + 1; c < o.Next(n); c = o.Next(c) {
			if o.Kind(c) == yaml.MappingNode && l.scanKeys(c, key) >= 0 {
				return c
			}
		}
		return -1
	}
	index := cached(&l.index.firsts, n, func() map[string]int {
		index := map[string]int{}
		for _, item := range items {
			if o.Kind(item) != yaml.MappingNode {
				continue
			}
			for c := item + 1; c < o.Next(item); c = o.Next(c) {
				k, _ := o.Key(c)
				addFirst(index, k, item)
			}
		}
		return index
	})
	return found(index, key)
}

// cached returns what the index m holds for node n, built the first time.
func cached[V any](m *map[int]V, n int, build func() V) V {
	if v, ok := (*m)[n]; ok {
		return v
	}
	if *m == nil {
		*m = map[int]V{}
	}
	v := build()
	(*m)[n] = v
	return v
}

// addFirst sets index[k] to n unless k has a node already.
func addFirst(index map[string]int, k string, n int) {
	if _, ok := index[k]; !ok {
		index[k] = n
	}
}

// found returns index[key], or -1.
func found(index map[string]int, key string) int {
	if n, ok := index[key]; ok {
		return n
	}
	return -1
}

// outlineOf returns the outline of document d's text that package
// blockyaml recorded, with lines of the file.
func outlineOf(d document, o *blockyaml.Outline) *blockyaml.Outline {
	if o != nil {
		o.Shift(d.line - 1)
	}
	return o
}
