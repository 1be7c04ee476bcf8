package inputs

import (
	"strconv"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/blockyaml"
	"github.com/kubeversion/kubeversion/crd"
	"go.yaml.in/yaml/v3"
)

// Locate returns the line in o's text of the field at path, a field path
// of the API server ("spec.versions[0].name") or one without indices, as
// in decoding errors ("spec.versions.served", found in the first version
// that has the field). When the field is not in the text, as with a
// missing field, it returns the line of the nearest enclosing field that
// is, down to the object itself.
//
// The API server reports some fields at the paths of its internal type;
// they are found at their v1 places, as crd.V1Path gives them:
// spec.validation in the first version, for example.
//
// Locate scans the keys of each mapping on the path: to locate many fields
// of one object, as the errors of a CRD, use a [Locator].
func Locate(o Object, path string) int {
	return (&Locator{object: o, top: o.Line, outline: o.outline}).Line(path)
}

// A locator finds the lines of many fields of one object, as [Locate]
// does. It indexes the keys of a large mapping, and the first item with
// each key of a large sequence, the first time a path goes through it, so
// that locating the errors of a CRD costs time linear in the text and the
// paths. Scanning the keys for each error cost their product: 27 s for
// the 100,000 errors of a schema of 100,000 properties.
type Locator struct {
	object Object                               // whose node is parsed when first needed
	parsed bool                                 // node is set
	node   *yaml.Node                           // the object's, or nil when it has none
	top    int                                  // the object's line
	keys   map[*yaml.Node]map[string]int        // of a mapping: the Content index of each key's first occurrence
	firsts map[*yaml.Node]map[string]*yaml.Node // of a sequence: the first mapping that has each key
	// outline, when set, is the object's shape, which package blockyaml
	// recorded as it read the text: the locator walks it, and the text is
	// never parsed (see walkOutline).
	outline *blockyaml.Outline
	index   outlineIndex
}

// NewLocator returns a locator for the fields of o that keeps its
// indices: one per object, not per field.
func NewLocator(o Object) *Locator {
	return &Locator{object: o, top: o.Line, keys: map[*yaml.Node]map[string]int{}, firsts: map[*yaml.Node]map[string]*yaml.Node{}, outline: o.outline}
}

// Indexed is the size from which a mapping's keys, or a sequence's items,
// are indexed: below it, a scan costs less than a map.
const Indexed = 32

// Line returns the line of the field at path, as [Locate]: a path that
// is only a string, read as crd.ParsePath reads it.
func (l *Locator) Line(path string) int {
	return l.LineOf(crd.ParsePath(path))
}

// LineOf returns the line of the field at path, the steps of the path of
// an error of a CRD (crd.Error's Path), as [Locate] finds it.
func (l *Locator) LineOf(path []crd.PathStep) int {
	if line, ok := l.versionLine(path); ok {
		return line
	}
	if l.outline != nil {
		return l.walkOutline(crd.V1Path(path), true, StepName)
	}
	if !l.parse() {
		return l.top
	}
	return l.walk(crd.V1Path(path), true, StepName)
}

// parse parses the object's text when first needed, and reports whether
// it has a node to walk.
func (l *Locator) parse() bool {
	if !l.parsed {
		l.node, l.parsed = l.object.textNode(), true
		l.object = Object{}
	}
	return l.node != nil
}

// StepName returns what a step names in a document: the field name or the
// map key, or the index in decimal.
func StepName(s crd.PathStep) string {
	if s.Kind == crd.StepIndex {
		return strconv.Itoa(s.Index)
	}
	return s.Name
}

// walk returns the line of the field that steps lead to in the parsed
// text, or of the nearest enclosing field there, down to the object
// itself, each step read by name (see [StepName]). A step into a
// sequence is an index or, when byKey, the key of the first item that has
// it (a CRD's versions by name).
func (l *Locator) walk(steps []crd.PathStep, byKey bool, name func(crd.PathStep) string) int {
	n := l.node
	line := n.Line
	for _, s := range steps {
		step := name(s)
		if n.Kind == yaml.SequenceNode {
			if i, err := strconv.Atoi(step); err == nil {
				if i < 0 || i >= len(n.Content) {
					return line
				}
				n = resolve(n.Content[i])
				line = n.Line
				continue
			}
			if !byKey {
				return line
			}
			if n = l.firstWith(n, step); n == nil {
				return line
			}
		}
		if n.Kind != yaml.MappingNode {
			return line
		}
		k := l.keyIndex(n, step)
		if k < 0 {
			return line
		}
		line = n.Content[k].Line // the key's line
		n = resolve(n.Content[k+1])
	}
	return line
}

// versionLine returns the line of spec.versions[i].name when the reader
// found it, without parsing the text.
func (l *Locator) versionLine(path []crd.PathStep) (int, bool) {
	if l.object.versionLines == nil || len(path) != 4 || !isName(path[0], "spec") || !isName(path[1], "versions") ||
		path[2].Kind != crd.StepIndex || !isName(path[3], "name") {
		return 0, false
	}
	i := path[2].Index
	if i < 0 || i >= len(l.object.versionLines) {
		return 0, false
	}
	return l.object.versionLines[i], true
}

// isName reports whether s is the field name.
func isName(s crd.PathStep, name string) bool {
	return s.Kind == crd.StepName && s.Name == name
}

// keyIndex returns the index in mapping n's Content of the first key
// that is key, or -1.
func (l *Locator) keyIndex(n *yaml.Node, key string) int {
	if l.keys == nil || len(n.Content) < 2*Indexed {
		return scanKeys(n, key)
	}
	index, ok := l.keys[n]
	if !ok {
		index = make(map[string]int, len(n.Content)/2)
		for k := 0; k+1 < len(n.Content); k += 2 {
			if _, dup := index[n.Content[k].Value]; !dup {
				index[n.Content[k].Value] = k
			}
		}
		l.keys[n] = index
	}
	if k, ok := index[key]; ok {
		return k
	}
	return -1
}

func scanKeys(n *yaml.Node, key string) int {
	for k := 0; k+1 < len(n.Content); k += 2 {
		if n.Content[k].Value == key {
			return k
		}
	}
	return -1
}

// firstWith returns the first mapping of sequence n that has key, or nil.
func (l *Locator) firstWith(n *yaml.Node, key string) *yaml.Node {
	if l.firsts == nil || len(n.Content) < Indexed {
		for _, item := range n.Content {
			if item = resolve(item); item.Kind == yaml.MappingNode && scanKeys(item, key) >= 0 {
				return item
			}
		}
		return nil
	}
	index, ok := l.firsts[n]
	if !ok {
		index = map[string]*yaml.Node{}
		for _, item := range n.Content {
			if item = resolve(item); item.Kind != yaml.MappingNode {
				continue
			}
			for k := 0; k+1 < len(item.Content); k += 2 {
				if _, seen := index[item.Content[k].Value]; !seen {
					index[item.Content[k].Value] = item
				}
			}
		}
		l.firsts[n] = index
	}
	return index[key]
}
