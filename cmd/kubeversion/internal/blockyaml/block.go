package blockyaml

import "go.yaml.in/yaml/v3"

// mapping reads a block mapping whose first key starts at col on the
// current line, and whose keys are all at indentation col; parent is the
// indentation of the block it is in. It returns a map[string]any, or a
// *yaml.Node when the parser builds nodes.
func (p *parser) mapping(col, parent int) any {
	if !p.nodes {
		return p.valueMapping(col)
	}
	n := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Line: p.line}
	seen := map[string]bool{}
	for {
		key, valueCol, isKey := p.key(col)
		if !isKey {
			p.outside()
		}
		if seen[key] {
			p.outside() // the slow path keeps the last one
		}
		seen[key] = true
		keyLine := p.line
		v := p.value(col, valueCol)
		n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: key, Line: keyLine}, p.orNull(v, keyLine))
		if !p.nextKey(col) {
			return n
		}
	}
}

// valueMapping is mapping for values: it keeps the keys and values on
// p.entries until the mapping ends, then makes the map at its size. A map
// grown key by key, and looked up for each key to refuse a repeated one,
// cost Read a few percent on large CRDs; a repeated key now shows as a
// map smaller than its entries.
func (p *parser) valueMapping(col int) map[string]any {
	outlined := 0
	if p.outline != nil {
		outlined = p.open(yaml.MappingNode, p.line)
	}
	start := len(p.entries)
	for {
		key, valueCol, isKey := p.key(col)
		if !isKey {
			p.outside()
		}
		p.path = append(p.path, key)
		p.watched()
		keyLine := p.line
		mark := p.mark()
		v := p.value(col, valueCol)
		if p.outline != nil {
			p.keyed(mark, key, keyLine)
		}
		p.entries = append(p.entries, entry{key, v})
		p.path = p.path[:len(p.path)-1]
		if !p.nextKey(col) {
			break
		}
	}
	if p.outline != nil {
		p.close(outlined)
	}
	entries := p.entries[start:]
	m := make(map[string]any, len(entries))
	for _, e := range entries {
		m[e.key] = e.value
	}
	if len(m) < len(entries) {
		p.outside() // a key repeated: the slow path keeps the last one
	}
	clear(entries)
	p.entries = p.entries[:start]
	return m
}

// entry is a key of a mapping being read, and its value.
type entry struct {
	key   string
	value any
}

// nextKey reports whether another key of the mapping at col follows, after
// the value just read; false at the end of the mapping.
func (p *parser) nextKey(col int) bool {
	indent, found := p.significant()
	switch {
	case !found || indent < col:
		return false
	case indent > col || p.isItem(col):
		p.outside() // bad indentation, or an item after a key's value
	}
	p.col = col
	return true
}

// orNull returns v, or for a missing value (null) a node of its own on
// line when the parser builds nodes.
func (p *parser) orNull(v any, line int) *yaml.Node {
	if v == nil {
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Line: line}
	}
	return v.(*yaml.Node)
}

// value reads the value of a key of a mapping at indentation col, which
// starts at valueCol on the key's line or, when nothing is there, on the
// lines below: a block more indented than the key, or a sequence at the
// key's own indentation, or nothing (null).
func (p *parser) value(col, valueCol int) any {
	for p.at(valueCol) == ' ' {
		valueCol++
	}
	if !blankRest(p.rest(valueCol)) {
		p.col = valueCol
		return p.scalar(col)
	}
	p.next()
	indent, found := p.significant()
	switch {
	case found && indent > col:
		p.col = indent
		return p.node(col)
	case found && indent == col && p.isItem(col):
		p.enter()
		defer p.leave()
		return p.sequence(col)
	}
	return nil
}

// sequence reads a block sequence whose items start at col. It returns
// a []any, or a *yaml.Node when the parser builds nodes.
func (p *parser) sequence(col int) any {
	s := []any{}
	var n *yaml.Node
	if p.nodes {
		n = &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Line: p.line}
	}
	outlined := 0
	if p.outline != nil {
		outlined = p.open(yaml.SequenceNode, p.line)
	}
	for {
		p.path = append(p.path, "*")
		itemLine := p.line
		mark := p.mark()
		if v := p.item(col); p.nodes {
			n.Content = append(n.Content, p.orNull(v, itemLine))
		} else {
			s = append(s, v)
		}
		if p.outline != nil {
			p.nullIfNone(mark, itemLine)
		}
		p.path = p.path[:len(p.path)-1]
		indent, found := p.significant()
		switch {
		case !found || indent < col, indent == col && !p.isItem(col):
			// the end, or a key of the mapping the sequence is the value of
			if p.outline != nil {
				p.close(outlined)
			}
			if p.nodes {
				return n
			}
			return s
		case indent > col:
			p.outside()
		}
	}
}

// item reads the item of a sequence at col whose "-" is on the current
// line.
func (p *parser) item(col int) any {
	content := col + 1
	for p.at(content) == ' ' {
		content++
	}
	if blankRest(p.rest(content)) {
		p.next()
		indent, found := p.significant()
		if found && indent > col {
			p.col = indent
			return p.node(col)
		}
		return nil
	}
	if p.isItem(content) {
		p.outside() // "- - a": a compact sequence
	}
	p.col = content
	return p.node(col)
}

// key reads the key of a mapping entry at col on the current line: a plain
// or a quoted scalar followed by ":" and a space or the end of the line.
// It returns the key and the column after the ":", or isKey false when the
// line has no key there.
func (p *parser) key(col int) (key string, valueCol int, isKey bool) {
	line := p.rest(col)
	if len(line) == 0 {
		return "", 0, false
	}
	if c := line[0]; c == '"' || c == '\'' {
		s, n, ok := quoted(line)
		if !ok || n >= len(line) || line[n] != ':' || n+1 < len(line) && line[n+1] != ' ' {
			return "", 0, false
		}
		if n > maxKey {
			p.outside()
		}
		return s, col + n + 1, true
	}
	if indicator(line[0]) {
		return "", 0, false
	}
	end := -1
	for i := 0; i < len(line); i++ {
		if line[i] == ':' && (i+1 == len(line) || line[i+1] == ' ') {
			end = i
			break
		}
		if line[i] == '#' && line[i-1] == ' ' {
			return "", 0, false // a comment before any ":"
		}
	}
	if end < 0 {
		return "", 0, false
	}
	if end > maxKey {
		p.outside()
	}
	k := trimRight(line[:end])
	key = p.intern(k)
	if v, ok := resolve(key); !ok || !isString(v) {
		p.outside() // a key that is not a string: null, a boolean, a number
	}
	return key, col + end + 1, true
}

func isString(v any) bool {
	_, ok := v.(string)
	return ok
}

// indicator reports whether c is one of YAML's indicators, which cannot
// start a plain scalar (or can only in ways Read leaves to the slow path).
func indicator(c byte) bool {
	switch c {
	case '-', '?', ':', ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', '\'', '"', '%', '@', '`':
		return true
	}
	return false
}

// blankRest reports whether b holds only spaces, and a comment after them.
func blankRest(b []byte) bool {
	for i, c := range b {
		switch {
		case c == '#' && (i == 0 || b[i-1] == ' '):
			return true
		case c != ' ':
			return false
		}
	}
	return true
}

func trimRight(b []byte) []byte {
	for len(b) > 0 && b[len(b)-1] == ' ' {
		b = b[:len(b)-1]
	}
	return b
}
