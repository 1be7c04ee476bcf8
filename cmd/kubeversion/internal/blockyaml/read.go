package blockyaml

import (
	"bytes"
	"go.yaml.in/yaml/v3"
	"unicode/utf8"
)

// maxDepth bounds the nesting Read follows; deeper texts are left to the
// slow path, whose limits apply.
const maxDepth = 1000

// maxKey is how far from its start, in bytes, the ":" of a key may be:
// YAML's simple keys end at 1024 characters, spaces before the ":" and
// escapes of quoted keys counted, and the slow path gives the error past
// them. A byte is never fewer characters than one.
const maxKey = 1000

// Read returns the value of the YAML document text, a mapping, as kubectl
// reads it: map[string]any, []any, string, int64, bool and nil. For an
// empty document (blank lines and comments only) it returns nil. It also
// returns the line of each key whose path matches watch, in text order,
// where "*" in watch stands for any item of a sequence: with watch
// {"spec", "versions", "*", "name"}, the lines of the versions' names.
//
// ok is false when text is outside the subset Read knows (see the package
// doc), YAML errors included: nothing else is then returned, and the
// caller must read text with sigs.k8s.io/yaml. For example,
// Read([]byte("a: 1\n"), nil) returns {"a": int64(1)}, and
// Read([]byte("a: &x 1\n"), nil) is not ok.
func Read(text []byte, watch []string) (doc map[string]any, lines []int, ok bool) {
	doc, lines, _, ok = read(text, watch, nil)
	return doc, lines, ok
}

// ReadOutlined is [Read] that also returns the document's [Outline], for
// finding the lines of its fields; nil for an empty document.
func ReadOutlined(text []byte, watch []string) (doc map[string]any, lines []int, outline *Outline, ok bool) {
	// About a node a line: append alone would grow the nodes of a large
	// document by a quarter at a time, copying them again and again.
	return read(text, watch, &Outline{nodes: make([]outlineNode, 0, bytes.Count(text, []byte("\n"))+1)})
}

func read(text []byte, watch []string, outline *Outline) (doc map[string]any, lines []int, _ *Outline, ok bool) {
	if !plainText(text) {
		return nil, nil, nil, false
	}
	p := &parser{text: text, line: 1, watch: watch, keys: map[string]string{}, values: map[string]any{}, outline: outline}
	v, ok := p.read()
	if !ok || v == nil {
		return nil, nil, nil, ok
	}
	return v.(map[string]any), p.lines, p.outline, true
}

// ReadNode returns the node tree of a document that [Read] takes, as
// go.yaml.in/yaml/v3 builds it for the purpose of finding lines: the
// mapping at its root, and for each node its kind and line and, for a
// key, its value. It is not ok where Read is not, and returns nil for an
// empty document.
func ReadNode(text []byte) (root *yaml.Node, ok bool) {
	if !plainText(text) {
		return nil, false
	}
	p := &parser{text: text, line: 1, keys: map[string]string{}, values: map[string]any{}, nodes: true}
	v, ok := p.read()
	if !ok || v == nil {
		return nil, ok
	}
	return v.(*yaml.Node), true
}

// read reads the document, a mapping, as [Read] describes: nil for an
// empty one, not ok outside the subset.
func (p *parser) read() (v any, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if r != errOutside {
				panic(r)
			}
			v, ok = nil, false
		}
	}()
	indent, found := p.significant()
	if !found {
		return nil, true
	}
	if indent != 0 || p.at(0) == '-' {
		p.outside()
	}
	p.col = 0
	m := p.mapping(0, 0)
	if _, found := p.significant(); found {
		p.outside()
	}
	return m, true
}

// plainText reports whether text holds only what Read handles: "\n" line
// breaks and printable characters as YAML defines them, no tab, no byte
// order mark, no line break of YAML 1.1 other than "\n".
func plainText(text []byte) bool {
	for i := 0; i < len(text); {
		switch asciiClass[text[i]] {
		case asciiPlain:
			i++
			continue
		case asciiRefused:
			return false
		}
		r, size := utf8.DecodeRune(text[i:])
		switch {
		case r == utf8.RuneError && size == 1,
			r < 0xa0, r == 0x2028, r == 0x2029, r == 0xfeff,
			r >= 0xd800 && r < 0xe000, r == 0xfffe, r == 0xffff:
			return false
		}
		i += size
	}
	return true
}

// The classes of a byte for plainText: printable ASCII or "\n", a control
// character or DEL, or the start of a multi-byte character.
const (
	asciiPlain = iota
	asciiRefused
	asciiNot
)

var asciiClass = func() (class [256]byte) {
	for c := range class {
		switch {
		case c >= utf8.RuneSelf:
			class[c] = asciiNot
		case c < ' ' && c != '\n' || c == 0x7f:
			class[c] = asciiRefused
		}
	}
	return class
}()

// errOutside is the panic that stops a Read outside the subset; Read
// recovers it.
var errOutside = new(int)

// parser reads text one line at a time: pos is where the current line
// starts, line its number, and col the column where the current node's
// content starts on it.
type parser struct {
	text  []byte
	pos   int
	line  int
	col   int
	depth int
	watch []string
	path  []string // the keys on the way to the current node, "*" for items
	lines []int
	keys  map[string]string // each key, and short value, once: they repeat in a schema
	// values are the values of the short plain scalars read (see
	// resolvePlain).
	values map[string]any
	nodes  bool // build *yaml.Node, for ReadNode, not values
	// outline, when set, is what ReadOutlined records besides the values.
	outline *Outline
	// entries are the keys and values of the mappings being read, those
	// of the innermost last (see valueMapping).
	entries []entry
}

func (p *parser) outside() { panic(errOutside) }

// lineEnd returns the end of the current line, without its "\n".
func (p *parser) lineEnd() int {
	if i := bytes.IndexByte(p.text[p.pos:], '\n'); i >= 0 {
		return p.pos + i
	}
	return len(p.text)
}

// rest returns the current line from column col on.
func (p *parser) rest(col int) []byte {
	return p.text[p.pos+col : p.lineEnd()]
}

// at returns the byte of the current line at column col, or '\n' at its
// end.
func (p *parser) at(col int) byte {
	if i := p.pos + col; i < len(p.text) {
		return p.text[i]
	}
	return '\n'
}

// next moves to the next line.
func (p *parser) next() {
	end := p.lineEnd()
	if end < len(p.text) {
		end++
	}
	p.pos = end
	p.line++
}

// significant moves past blank and comment lines to the next line that
// holds something, and returns its indentation; found is false at the end
// of the text.
func (p *parser) significant() (indent int, found bool) {
	for p.pos < len(p.text) {
		n := indentOf(p.text[p.pos:])
		switch p.at(n) {
		case '\n', '#':
			p.next()
			continue
		}
		if n == 0 && (bytes.HasPrefix(p.text[p.pos:], []byte("...")) || p.at(0) == '%') {
			p.outside() // a document end marker or a directive
		}
		return n, true
	}
	return 0, false
}

func indentOf(b []byte) int {
	n := 0
	for n < len(b) && b[n] == ' ' {
		n++
	}
	return n
}

// isItem reports whether the current line has a sequence item at col.
func (p *parser) isItem(col int) bool {
	if p.at(col) != '-' {
		return false
	}
	c := p.at(col + 1)
	return c == ' ' || c == '\n'
}

// enter and leave count the nesting, which Read bounds.
func (p *parser) enter() {
	if p.depth++; p.depth > maxDepth {
		p.outside()
	}
}

func (p *parser) leave() { p.depth-- }

// node reads the node whose content starts at p.col on the current line,
// in a block whose indentation is parent: a sequence, a mapping or a
// scalar.
func (p *parser) node(parent int) any {
	p.enter()
	defer p.leave()
	col := p.col
	if p.isItem(col) {
		return p.sequence(col)
	}
	if _, _, isKey := p.key(col); isKey {
		return p.mapping(col, parent)
	}
	return p.scalar(parent)
}

// watched records the line of the current key when its path is watched.
func (p *parser) watched() {
	if len(p.path) != len(p.watch) || len(p.watch) == 0 {
		return
	}
	for i, w := range p.watch {
		if w != "*" && w != p.path[i] {
			return
		}
	}
	p.lines = append(p.lines, p.line)
}

// intern returns b as a string, the same string for the same bytes.
func (p *parser) intern(b []byte) string {
	if s, ok := p.keys[string(b)]; ok {
		return s
	}
	s := string(b)
	p.keys[s] = s
	return s
}
