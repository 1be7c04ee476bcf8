package inputs

import (
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/blockyaml"
	"go.yaml.in/yaml/v3"
)

// The YAML node tree (go.yaml.in/yaml/v3's type, built by package
// blockyaml or by yaml.v3) serves only to find the lines of fields: what an
// Object holds is read as kubectl reads it (manifest.go).

// lazyNode is the text of a document whose node tree is parsed only when
// a line is asked for: for a CRD without errors and findings, never.
type lazyNode struct {
	d      document
	parsed *yaml.Node // d's document node, when parsed already
	node   *yaml.Node
	done   bool
}

// textNode returns o's mapping in its text, parsing the text the first
// time: see [textNode].
func (o Object) textNode() *yaml.Node {
	if o.Node != nil || o.text == nil {
		return o.Node
	}
	if !o.text.done {
		o.text.node, o.text.done = textNode(o.text.d, o.text.parsed), true
		o.text.d, o.text.parsed = document{}, nil
	}
	return o.text.node
}

// textNode returns the mapping of a document in its text, with lines of
// the file, or nil when go.yaml.in/yaml/v3 does not read the text as
// sigs.k8s.io/yaml does (the node only serves to find lines). It parses
// the text, unless parsed, the document node of d's text, is given: with
// package blockyaml when the text is within its subset, with
// go.yaml.in/yaml/v3 otherwise.
func textNode(d document, parsed *yaml.Node) *yaml.Node {
	doc := parsed
	if doc == nil && !d.json {
		if root, ok := blockyaml.ReadNode(d.text); ok {
			doc = &yaml.Node{Kind: yaml.DocumentNode}
			if root != nil {
				doc.Content = []*yaml.Node{root}
			}
		}
	}
	if doc == nil {
		doc = new(yaml.Node)
		if err := yaml.Unmarshal(d.text, doc); err != nil {
			return nil
		}
	}
	if len(doc.Content) == 0 {
		return nil
	}
	root := resolve(doc.Content[0])
	if root.Kind != yaml.MappingNode {
		return nil
	}
	shiftLines(root, d.line-1)
	return root
}

// shiftLines adds delta to the line of n and of every node under it. An
// alias has no content, so each node is shifted once.
func shiftLines(n *yaml.Node, delta int) {
	n.Line += delta
	for _, c := range n.Content {
		shiftLines(c, delta)
	}
}

// resolve returns the node an alias stands for, or n.
func resolve(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode && n.Alias != nil && i < 100; i++ {
		n = n.Alias
	}
	return n
}

// child returns the value of key in mapping n, or nil.
func child(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return resolve(n.Content[i+1])
		}
	}
	return nil
}

// lineOf returns the line of n, or def when n is nil.
func lineOf(n *yaml.Node, def int) int {
	if n == nil {
		return def
	}
	return n.Line
}
