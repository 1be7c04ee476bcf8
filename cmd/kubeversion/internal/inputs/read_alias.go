package inputs

import (
	"bytes"
	"fmt"
	"math"

	"go.yaml.in/yaml/v3"
)

// maxAliasBytes is how much text the aliases of one YAML document may add
// to it, expanded: 12 MiB, 4 times the 3 MiB the API server accepts in a
// request (k8s.io/apiserver's MaxRequestBodyBytes), so that no document
// the server could take is refused. kubectl and sigs.k8s.io/yaml expand
// every alias into a copy of its anchor's value: a 1 MiB string aliased
// 5,000 times in a 1 MB file expands to 5 GB, and go.yaml.in/yaml/v2's own
// guard counts aliases, not their bytes, so lets it through.
const maxAliasBytes = 4 * 3 << 20

// checkAliases returns an error at the alias of a YAML document by which
// its aliases, expanded, add more than maxAliasBytes of text, before
// sigs.k8s.io/yaml expands them. The text counted is that of the scalars
// (keys and values) and one byte per node, less than the JSON sent, so
// that a document refused here is one the API server would refuse too.
// It also returns the document's node tree, when it parsed it, for
// [textNode]; nil when the document has no anchor or no alias, or when
// go.yaml.in/yaml/v3 does not read it (sigs.k8s.io/yaml then says why,
// or reads it with go.yaml.in/yaml/v2's guard alone).
func checkAliases(file string, d document) (*yaml.Node, *Problem) {
	if d.json || bytes.IndexByte(d.text, '&') < 0 || bytes.IndexByte(d.text, '*') < 0 {
		return nil, nil // nothing to expand
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(d.text, &doc); err != nil {
		return nil, nil
	}
	s := aliasSizer{anchors: map[*yaml.Node]int64{}}
	s.size(&doc)
	if s.over != nil {
		return nil, &Problem{file, d.line + s.over.Line - 1, fmt.Sprintf(
			"yaml: aliases expand the document by more than %s, 4 times what the API server accepts in a request (at *%s)",
			SizeString(maxAliasBytes), s.over.Value)}
	}
	return &doc, nil
}

// aliasSizer measures a node tree with its aliases expanded.
type aliasSizer struct {
	anchors map[*yaml.Node]int64 // the expanded size of each anchored node
	added   int64                // what the aliases met so far add
	over    *yaml.Node           // the alias that took added over maxAliasBytes
}

// size returns the expanded size of n, at most math.MaxInt64. An alias
// adds the size of its anchor's node, met before it in the text, so each
// node is visited once. An alias inside its own anchor (a: &x [*x]) adds
// nothing: sigs.k8s.io/yaml refuses it.
func (s *aliasSizer) size(n *yaml.Node) int64 {
	var total int64 = 1
	switch n.Kind {
	case yaml.AliasNode:
		expanded := max(s.anchors[n.Alias], 1)
		s.added = addSizes(s.added, expanded-1)
		if s.added > maxAliasBytes && s.over == nil {
			s.over = n
		}
		return expanded
	case yaml.ScalarNode:
		total += int64(len(n.Value))
	default:
		for _, c := range n.Content {
			total = addSizes(total, s.size(c))
		}
	}
	if n.Anchor != "" {
		s.anchors[n] = total
	}
	return total
}

// addSizes returns a+b, or math.MaxInt64 when that overflows.
func addSizes(a, b int64) int64 {
	if b > 0 && a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}
