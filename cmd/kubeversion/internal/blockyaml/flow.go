package blockyaml

import "go.yaml.in/yaml/v3"

// flow reads the flow collection, a sequence ("[a, b]") or a mapping
// ("{a: 1, b: x}"), that starts at p.col on the current line and ends on
// it, with spaces or a comment after it, and moves to the next line. It
// returns a []any or a map[string]any, or a *yaml.Node when the parser
// builds nodes.
//
// It takes what manifests write in flow style, labels, selectors,
// resource limits and command lines, and leaves the rest to the slow path:
// a collection over more than one line, an empty entry or a comma before
// the closing bracket, a key without ": " after it, a plain scalar with a
// character other than a letter, a digit, a space or one of
// -_./~^$()+=<>;\!*&@%| (no ":", "?", "#", quote or bracket: in a flow
// collection, go.yaml.in/yaml/v2 ends a plain scalar at "?"), or one that
// starts with an indicator, "-" followed by one of these excepted.
func (p *parser) flow() any {
	f := flowReader{p: p, s: p.rest(p.col)}
	v := f.collection()
	if !blankRest(f.s[f.i:]) {
		p.outside()
	}
	p.next()
	return v
}

// flowReader reads a flow collection on one line, s, from i on.
type flowReader struct {
	p *parser
	s []byte
	i int
}

// peek returns the byte at i, or '\n' at the end of the line.
func (f *flowReader) peek() byte {
	if f.i < len(f.s) {
		return f.s[f.i]
	}
	return '\n'
}

func (f *flowReader) spaces() {
	for f.peek() == ' ' {
		f.i++
	}
}

// collection reads the collection whose "[" or "{" is at i, and moves
// past its closing bracket.
func (f *flowReader) collection() any {
	p := f.p
	p.enter()
	defer p.leave()
	isMap := f.s[f.i] == '{'
	closing := byte(']')
	if isMap {
		closing = '}'
	}
	f.i++
	var n *yaml.Node
	var m map[string]any // the mapping's values, or its keys when the parser builds nodes
	s := []any{}
	switch {
	case p.nodes && isMap:
		n = &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Line: p.line, Style: yaml.FlowStyle}
		m = map[string]any{}
	case p.nodes:
		n = &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Line: p.line, Style: yaml.FlowStyle}
	case isMap:
		m = map[string]any{}
	}
	outlined := 0
	if p.outline != nil {
		kind := yaml.SequenceNode
		if isMap {
			kind = yaml.MappingNode
		}
		outlined = p.open(kind, p.line)
		defer p.close(outlined)
	}
	f.spaces()
	if f.peek() == closing {
		f.i++
		return f.result(n, m, s, isMap)
	}
	for {
		if isMap {
			key := f.key()
			if _, dup := m[key]; dup {
				p.outside() // the slow path keeps the last one
			}
			p.path = append(p.path, key)
			p.watched()
			mark := p.mark()
			v := f.value()
			if p.outline != nil {
				p.keyed(mark, key, p.line)
			}
			if p.nodes {
				m[key] = nil
				n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: key, Line: p.line}, v.(*yaml.Node))
			} else {
				m[key] = v
			}
		} else {
			p.path = append(p.path, "*")
			if v := f.value(); p.nodes {
				n.Content = append(n.Content, v.(*yaml.Node))
			} else {
				s = append(s, v)
			}
		}
		p.path = p.path[:len(p.path)-1]
		f.spaces()
		switch f.peek() {
		case ',':
			f.i++
			f.spaces()
			if c := f.peek(); c == ',' || c == closing {
				p.outside() // an empty entry, or a comma before the end
			}
		case closing:
			f.i++
			return f.result(n, m, s, isMap)
		default:
			p.outside() // the end of the line, or what the slow path reads
		}
	}
}

func (f *flowReader) result(n *yaml.Node, m map[string]any, s []any, isMap bool) any {
	switch {
	case n != nil:
		return n
	case isMap:
		return m
	}
	return s
}

// key reads a key of a flow mapping, a quoted or a plain scalar that is a
// string, and the ": " after it.
func (f *flowReader) key() string {
	start := f.i
	v := f.scalar()
	key, ok := v.(string)
	if !ok || f.i-start > maxKey {
		f.p.outside() // not a string, or past the length of a simple key
	}
	if f.peek() != ':' || f.i+1 >= len(f.s) || f.s[f.i+1] != ' ' {
		f.p.outside()
	}
	f.i += 2
	f.spaces()
	return key
}

// value reads an entry of a sequence or a value of a mapping: a collection
// or a scalar. It returns a *yaml.Node when the parser builds nodes.
func (f *flowReader) value() any {
	if c := f.peek(); c == '[' || c == '{' {
		return f.collection()
	}
	v := f.scalar()
	if f.p.outline != nil {
		f.p.leaf(f.p.line)
	}
	if !f.p.nodes {
		return v
	}
	n := &yaml.Node{Kind: yaml.ScalarNode, Line: f.p.line}
	if s, ok := v.(string); ok {
		n.Tag, n.Value = "!!str", s
	}
	return n
}

// scalar reads a quoted or a plain scalar at i, and resolves a plain one
// as YAML 1.1 does; it moves past it, and the spaces after a plain one
// are left where they are.
func (f *flowReader) scalar() any {
	switch c := f.peek(); {
	case c == '"' || c == '\'':
		s, n, ok := quoted(f.s[f.i:])
		if !ok {
			f.p.outside()
		}
		f.i += n
		return s
	case !flowPlainFirst(c) && !(c == '-' && f.i+1 < len(f.s) && flowPlain(f.s[f.i+1]) && f.s[f.i+1] != ' '):
		f.p.outside()
	}
	start := f.i
	for f.i < len(f.s) && flowPlain(f.s[f.i]) {
		f.i++
	}
	text := trimRight(f.s[start:f.i])
	f.i = start + len(text)
	return f.p.resolvePlain(text)
}

// flowPlainFirst reports whether a plain scalar of a flow collection, as
// flow takes them, may start with c.
func flowPlainFirst(c byte) bool {
	return flowClass[c] == flowFirst
}

// flowPlain reports whether a plain scalar of a flow collection, as flow
// takes them, may hold c after its start.
func flowPlain(c byte) bool {
	return flowClass[c] != flowRefused
}

const (
	flowRefused = iota
	flowFirst   // may start a plain scalar, and hold it
	flowInside  // may only be inside one
)

var flowClass = func() (class [256]byte) {
	for c := range class {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
			class[c] = flowFirst
		}
	}
	for _, c := range []byte("_./~^$()+=<;\\") {
		class[c] = flowFirst
	}
	for _, c := range []byte("- >!*&@%|") {
		class[c] = flowInside
	}
	return class
}()
