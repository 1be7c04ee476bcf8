package field

import (
	"slices"
	"strconv"
	"strings"
)

// StepKind says what a [PathStep] is: a field name, a map key or a list
// index.
type StepKind uint8

// The kinds of steps of a path.
const (
	// StepName is a field name, written after a dot: the spec of
	// "metadata.spec".
	StepName StepKind = iota
	// StepKey is a map key, written in brackets: the spec of
	// "properties[spec]".
	StepKey
	// StepIndex is a list index, written in brackets: the 0 of
	// "versions[0]".
	StepIndex

	stepPath     // a path as the server writes it, below a Path (see ChildPath)
	stepProperty // "properties" and a key (see Path.Property)
)

// PathStep is one step of a field path: a field name, a map key or a list
// index. For example, "spec.versions[0].schema.openAPIV3Schema.properties[spec]"
// has the names spec and versions, the index 0, the names schema,
// openAPIV3Schema and properties, and the key spec.
type PathStep struct {
	Kind  StepKind
	Name  string // the field name or the map key; "" for an index
	Index int    // the list index; 0 for a name or a key
}

// Steps returns the steps of p, from the first: those of a path below it
// (see [Path.ChildPath]) as [ParsePath] reads them. A nil p has none.
func (p *Path) Steps() []PathStep {
	var elems []*Path
	for q := p; q != nil; q = q.parent {
		elems = append(elems, q)
	}
	steps := make([]PathStep, 0, len(elems))
	for _, q := range slices.Backward(elems) {
		switch q.kind {
		case StepIndex:
			i, _ := strconv.Atoi(q.elem)
			steps = append(steps, PathStep{Kind: StepIndex, Index: i})
		case stepPath:
			steps = appendParsed(steps, q.elem)
		case stepProperty:
			steps = append(steps, PathStep{Kind: StepName, Name: "properties"}, PathStep{Kind: StepKey, Name: q.elem})
		default:
			steps = append(steps, PathStep{Kind: q.kind, Name: q.elem})
		}
	}
	return steps
}

// ParsePath returns the steps of path, a field path as the API server
// writes it, or nil for "". Names end at a dot or a bracket; what is in
// brackets is an index if it is a number as the server writes one ("0",
// "12"), else a key. A key is kept whole, dots and brackets included, up
// to the "]" that ends the path or is followed by "." or "[": the property
// "a.b" of "properties[a.b].type" is one step. An unclosed key runs to the
// end. A path says no more than this: "metadata.labels.app" has the name
// app where the server built the key.
func ParsePath(path string) []PathStep {
	return appendParsed(nil, path)
}

// appendParsed appends the steps of path, read as ParsePath reads it, to
// steps.
func appendParsed(steps []PathStep, path string) []PathStep {
	for p := path; p != ""; {
		if p[0] == '[' {
			var key string
			key, p = cutKey(p[1:])
			steps = append(steps, bracketed(key))
		} else {
			i := strings.IndexAny(p, ".[")
			if i < 0 {
				i = len(p)
			}
			steps = append(steps, PathStep{Kind: StepName, Name: p[:i]})
			p = p[i:]
		}
		p = strings.TrimPrefix(p, ".")
	}
	return steps
}

// cutKey returns the key at the start of s, which follows a "[", and what
// follows its "]".
func cutKey(s string) (key, rest string) {
	for i := 0; i < len(s); i++ {
		if s[i] == ']' && (i+1 == len(s) || s[i+1] == '.' || s[i+1] == '[') {
			return s[:i], s[i+1:]
		}
	}
	return s, ""
}

// bracketed returns the step of s, written in brackets: an index if
// Index would write it so, else a key.
func bracketed(s string) PathStep {
	if i, err := strconv.Atoi(s); err == nil && i >= 0 && strconv.Itoa(i) == s {
		return PathStep{Kind: StepIndex, Index: i}
	}
	return PathStep{Kind: StepKey, Name: s}
}
