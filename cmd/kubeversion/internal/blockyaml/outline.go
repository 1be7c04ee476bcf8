package blockyaml

import "go.yaml.in/yaml/v3"

// An Outline is the shape of a document that [ReadOutlined] took: the
// nodes of the tree [ReadNode] builds, in document order, each with its
// kind and line and, for the value of a key, the key and the key's line.
// It is what finding the line of a field needs, recorded in the one pass
// that reads the document, where ReadNode reads it again and builds a
// node for every key and scalar.
//
// A node is an index: 0 is the root mapping, the children of node n
// start at n+1, and each child's [Outline.Next] is its next sibling, up
// to n's own Next.
type Outline struct {
	nodes []outlineNode
	shift int
}

type outlineNode struct {
	key     string // of the value of a mapping's key; "" otherwise
	keyLine int32
	line    int32
	kind    yaml.Kind
	next    int32 // the index after the nodes under this one
}

// Len returns the number of nodes of o.
func (o *Outline) Len() int { return len(o.nodes) }

// Kind returns the kind of node n: yaml.MappingNode, yaml.SequenceNode or
// yaml.ScalarNode.
func (o *Outline) Kind(n int) yaml.Kind { return o.nodes[n].kind }

// Line returns the line of node n, as ReadNode gives it.
func (o *Outline) Line(n int) int { return int(o.nodes[n].line) + o.shift }

// Key returns the key whose value node n is, and the key's line; "" and
// 0 when n is not the value of a key.
func (o *Outline) Key(n int) (string, int) {
	if n == 0 || o.nodes[n].keyLine == 0 {
		return "", 0
	}
	return o.nodes[n].key, int(o.nodes[n].keyLine) + o.shift
}

// Next returns the index after node n and the nodes under it: n's next
// sibling, if it has one.
func (o *Outline) Next(n int) int { return int(o.nodes[n].next) }

// Shift adds delta to every line o gives: the line of the file where the
// document starts, less 1.
func (o *Outline) Shift(delta int) { o.shift += delta }

// mark returns the index of the next node recorded, 0 when the parser
// records no outline.
func (p *parser) mark() int {
	if p.outline == nil {
		return 0
	}
	return len(p.outline.nodes)
}

// open records a mapping or a sequence that starts on line, and returns
// its index, for close.
func (p *parser) open(kind yaml.Kind, line int) int {
	p.outline.nodes = append(p.outline.nodes, outlineNode{kind: kind, line: int32(line)})
	return len(p.outline.nodes) - 1
}

// close records that the nodes under node n end here.
func (p *parser) close(n int) {
	p.outline.nodes[n].next = int32(len(p.outline.nodes))
}

// leaf records a scalar on line.
func (p *parser) leaf(line int) {
	p.outline.nodes = append(p.outline.nodes, outlineNode{kind: yaml.ScalarNode, line: int32(line), next: int32(len(p.outline.nodes) + 1)})
}

// keyed records that the node at index n, or a null scalar on keyLine if
// the value recorded none, is the value of key.
func (p *parser) keyed(n int, key string, keyLine int) {
	p.nullIfNone(n, keyLine)
	p.outline.nodes[n].key, p.outline.nodes[n].keyLine = key, int32(keyLine)
}

// nullIfNone records a null scalar on line when nothing was recorded from
// index n on: a missing value, as ReadNode's orNull makes a node of it.
func (p *parser) nullIfNone(n, line int) {
	if n == len(p.outline.nodes) {
		p.leaf(line)
	}
}
