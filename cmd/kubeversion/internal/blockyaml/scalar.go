package blockyaml

import (
	"go.yaml.in/yaml/v3"
	"strings"
	"unicode/utf8"
)

// scalar reads the scalar that starts at p.col on the current line, in a
// block whose indentation is parent, and moves past its last line. It
// returns its value, or a *yaml.Node when the parser builds nodes.
func (p *parser) scalar(parent int) any {
	line, at := p.rest(p.col), p.line
	var v any
	switch c := line[0]; {
	case c == '"' || c == '\'':
		v = p.flowScalar(parent)
	case c == '|' || c == '>':
		v = p.blockScalar(parent, c == '>', line[1:])
	case c == '[' || c == '{':
		if v = p.flow(); p.nodes || p.outline != nil {
			return v // a node, or values whose nodes flow recorded
		}
	case c == '-' && len(line) > 1 && line[1] != ' ':
		v = p.plain(parent, line) // a negative number, a command line's flag
	case indicator(c):
		p.outside()
	default:
		v = p.plain(parent, line)
	}
	if p.outline != nil {
		p.leaf(at)
	}
	if !p.nodes {
		return v
	}
	n := &yaml.Node{Line: at}
	switch v := v.(type) {
	case []any:
		n.Kind, n.Tag = yaml.SequenceNode, "!!seq"
	case map[string]any:
		n.Kind, n.Tag = yaml.MappingNode, "!!map"
	case string:
		n.Kind, n.Tag, n.Value = yaml.ScalarNode, "!!str", v
	default:
		n.Kind = yaml.ScalarNode // what is not a string needs no value: no key is one
	}
	return n
}

// plain reads a plain scalar that starts with first and may go on over
// the lines below that are more indented than parent, and resolves it as
// YAML 1.1 does.
func (p *parser) plain(parent int, first []byte) any {
	text, ended := plainLine(first)
	if text == nil {
		p.outside()
	}
	var b []byte
	p.next()
	for breaks := 0; !ended && p.pos < len(p.text); {
		n := indentOf(p.text[p.pos:])
		if p.at(n) == '\n' {
			breaks++
			p.next()
			continue
		}
		if n <= parent || p.at(n) == '#' {
			break
		}
		var more []byte
		if more, ended = plainLine(p.rest(n)); more == nil {
			p.outside()
		}
		if b == nil {
			b = append(b, text...)
		}
		if breaks == 0 {
			b = append(b, ' ')
		}
		for ; breaks > 0; breaks-- {
			b = append(b, '\n')
		}
		b = append(b, more...)
		p.next()
	}
	if b != nil {
		text = b
	}
	return p.resolvePlain(text)
}

// resolvePlain returns the value of the plain scalar text, as resolve
// gives it, and leaves to the slow path a text resolve does not take. The
// values of short ones are kept, each in one interface: "string",
// "object", true and the like repeat through a schema, and resolving each
// anew put it in an interface of its own, 14% of lint's allocations.
func (p *parser) resolvePlain(text []byte) any {
	if len(text) > maxInterned {
		v, ok := resolve(string(text))
		if !ok {
			p.outside()
		}
		return v
	}
	if v, ok := p.values[string(text)]; ok {
		return v
	}
	s := p.intern(text)
	v, ok := resolve(s)
	if !ok {
		p.outside()
	}
	p.values[s] = v
	return v
}

// maxInterned is the length up to which plain scalars are interned: the
// values of a schema's type, format and the like.
const maxInterned = 32

// plainLine returns the text of one line of a plain scalar without the
// spaces around it and the comment after it, and whether a comment ended
// it; it returns nil when the line holds a ": " (a mapping where none can
// be), or nothing.
func plainLine(line []byte) (text []byte, commented bool) {
	for i, c := range line {
		switch {
		case c == ':' && (i+1 == len(line) || line[i+1] == ' '):
			return nil, false
		case c == '#' && (i == 0 || line[i-1] == ' '):
			line, commented = line[:i], true
		}
		if commented {
			break
		}
	}
	line = trimRight(line)
	if len(line) == 0 {
		return nil, false
	}
	return line, commented
}

// quoted reads the single- or double-quoted scalar at the start of line,
// and returns its value and the length of its text. ok is false when it
// does not end on that line, or uses an escape Read leaves to the slow
// path.
func quoted(line []byte) (s string, n int, ok bool) {
	q := line[0]
	var b strings.Builder
	for i := 1; i < len(line); i++ {
		c := line[i]
		switch {
		case q == '\'' && c == '\'':
			if i+1 < len(line) && line[i+1] == '\'' {
				b.WriteByte('\'')
				i++
				continue
			}
			return b.String(), i + 1, true
		case q == '"' && c == '"':
			return b.String(), i + 1, true
		case q == '"' && c == '\\':
			r, size := escape(line[i+1:])
			if size == 0 {
				return "", 0, false
			}
			b.WriteRune(r)
			i += size
		default:
			b.WriteByte(c)
		}
	}
	return "", 0, false
}

// escape reads the escape after a backslash in a double-quoted scalar, and
// returns the character and the length of the escape, or 0 for one Read
// does not take.
func escape(b []byte) (rune, int) {
	if len(b) == 0 {
		return 0, 0
	}
	switch b[0] {
	case '\\', '"', ' ':
		return rune(b[0]), 1
	case 'n':
		return '\n', 1
	case 't':
		return '\t', 1
	case 'r':
		return '\r', 1
	case 'u':
		if len(b) < 5 {
			return 0, 0
		}
		var r rune
		for _, c := range b[1:5] {
			switch {
			case c >= '0' && c <= '9':
				r = r<<4 | rune(c-'0')
			case c >= 'a' && c <= 'f':
				r = r<<4 | rune(c-'a'+10)
			case c >= 'A' && c <= 'F':
				r = r<<4 | rune(c-'A'+10)
			default:
				return 0, 0
			}
		}
		if r >= 0xd800 && r < 0xe000 || !utf8.ValidRune(r) {
			return 0, 0
		}
		return r, 5
	}
	return 0, 0
}
