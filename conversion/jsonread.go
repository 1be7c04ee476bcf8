package conversion

import (
	"strconv"
)

// reader decodes JSON into the value model of package crd (see
// [crd.JSON]) in one pass over the bytes, without reflection: the
// Handler's fast path. It decodes only what it is sure to decode as
// crd.JSON does (encoding/json with UseNumber, then ParseInt or
// ParseFloat); on anything else, invalid JSON, a number out of range or
// nesting deeper than maxDepth, it reports false and the caller falls back
// to the slow path, which gives the value or the error the package always
// gave.
type reader struct {
	data    []byte
	pos     int
	stack   []any  // elements of the arrays being read
	entries []pair // entries of the objects being read
	// text is a copy of data from textAt on, whose substrings are the
	// plain strings read there.
	text   string
	textAt int
	// intern holds the short strings read, boxed; nil disables it.
	intern map[string]any
}

// pair is an entry of an object being read.
type pair struct {
	k string
	v any
}

// maxDepth bounds the nesting the reader follows; encoding/json refuses
// more than 10000, and deeper documents take the slow path.
const maxDepth = 1000

// isSpace reports whether c is JSON white space.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r'
}

func (r *reader) skipSpace() {
	for r.pos < len(r.data) && isSpace(r.data[r.pos]) {
		r.pos++
	}
}

// next skips white space and returns the next byte, or 0 at the end. A
// NUL byte of the input reads 0 too: compare next with a byte that JSON
// allows there, never with 0, and ask atEnd whether the input is over.
func (r *reader) next() byte {
	r.skipSpace()
	if r.pos < len(r.data) {
		return r.data[r.pos]
	}
	return 0
}

// atEnd skips white space and reports whether the input is over.
func (r *reader) atEnd() bool {
	r.skipSpace()
	return r.pos == len(r.data)
}

// consume skips white space and the byte c, reporting whether it was there.
func (r *reader) consume(c byte) bool {
	if r.next() != c {
		return false
	}
	r.pos++
	return true
}

// decodeObjectFast decodes raw, which must be one JSON object and nothing
// else but white space, as decodeObject does, reporting false when it is
// not sure to (see reader).
func decodeObjectFast(raw []byte) (map[string]any, bool) {
	c := getCodec()
	defer putCodec(c)
	return c.r.objectAt(raw)
}

// objectAt decodes data, one JSON object and nothing else but white
// space.
func (r *reader) objectAt(data []byte) (map[string]any, bool) {
	r.data, r.pos = data, 0
	if r.next() != '{' {
		return nil, false
	}
	m, ok := r.objectOwnStrings()
	if !ok || !r.atEnd() {
		return nil, false
	}
	return m, true
}

// objectOwnStrings reads an object at r.pos, at '{', whose strings share
// the memory of one copy of its text: one allocation for them all rather
// than one each, and none of the request's other bytes kept alive by them.
func (r *reader) objectOwnStrings() (map[string]any, bool) {
	end := skipObject(r.data, r.pos)
	if end < 0 {
		return nil, false
	}
	r.text, r.textAt = string(r.data[r.pos:end]), r.pos
	m, ok := r.object(0)
	r.text = ""
	return m, ok
}

// skipObject returns the end of the object or array at data[i], counting
// brackets outside strings, or -1; on invalid JSON its answer may be
// wrong, which the reader then finds.
func skipObject(data []byte, i int) int {
	depth := 0
	for ; i < len(data); i++ {
		switch data[i] {
		case '"':
			for i++; i < len(data) && data[i] != '"'; i++ {
				if data[i] == '\\' {
					i++
				}
			}
		case '{', '[':
			depth++
		case '}', ']':
			if depth--; depth == 0 {
				return i + 1
			}
		}
	}
	return -1
}

// value reads any JSON value at depth.
func (r *reader) value(depth int) (any, bool) {
	switch r.next() {
	case '{':
		m, ok := r.object(depth)
		return m, ok
	case '[':
		return r.array(depth)
	case '"':
		return r.strValue()
	case 't':
		return true, r.literal("true")
	case 'f':
		return false, r.literal("false")
	case 'n':
		return nil, r.literal("null")
	}
	return r.number()
}

func (r *reader) literal(lit string) bool {
	if len(r.data)-r.pos < len(lit) || string(r.data[r.pos:r.pos+len(lit)]) != lit {
		return false
	}
	r.pos += len(lit)
	return true
}

// object reads an object starting at r.pos, at '{'.
func (r *reader) object(depth int) (map[string]any, bool) {
	if depth >= maxDepth {
		return nil, false
	}
	r.pos++ // '{'
	if r.next() == '}' {
		r.pos++
		return map[string]any{}, true
	}
	// The entries wait on a stack so that the map is made at its size:
	// one allocation fewer for maps of more than 8 entries.
	base := len(r.entries)
	defer func() {
		clear(r.entries[base:])
		r.entries = r.entries[:base]
	}()
	for {
		if r.next() != '"' {
			return nil, false
		}
		k, ok := r.key()
		if !ok || !r.consume(':') {
			return nil, false
		}
		v, ok := r.value(depth + 1)
		if !ok {
			return nil, false
		}
		r.entries = append(r.entries, pair{k, v})
		switch r.next() {
		case ',':
			r.pos++
			continue
		case '}':
			r.pos++
		default:
			return nil, false
		}
		m := make(map[string]any, len(r.entries)-base)
		for _, e := range r.entries[base:] {
			m[e.k] = e.v // in order: the last of duplicate keys wins
		}
		return m, true
	}
}

// array reads an array starting at r.pos, at '['. Its slice has no spare
// capacity, as deepCopy's had.
func (r *reader) array(depth int) ([]any, bool) {
	if depth >= maxDepth {
		return nil, false
	}
	r.pos++ // '['
	if r.next() == ']' {
		r.pos++
		return []any{}, true
	}
	base := len(r.stack)
	for {
		v, ok := r.value(depth + 1)
		if !ok {
			return nil, false
		}
		r.stack = append(r.stack, v)
		switch r.next() {
		case ',':
			r.pos++
			continue
		case ']':
			r.pos++
		default:
			return nil, false
		}
		break
	}
	a := make([]any, len(r.stack)-base)
	copy(a, r.stack[base:])
	clear(r.stack[base:])
	r.stack = r.stack[:base]
	return a, true
}

// number reads a number as crd.JSON does: an int64 if ParseInt accepts
// it, else a float64; out of range, it reports false.
func (r *reader) number() (any, bool) {
	start := r.pos
	i := start
	d := r.data
	if i < len(d) && d[i] == '-' {
		i++
	}
	switch {
	case i < len(d) && d[i] == '0':
		i++
	case i < len(d) && '1' <= d[i] && d[i] <= '9':
		for i < len(d) && '0' <= d[i] && d[i] <= '9' {
			i++
		}
	default:
		return nil, false
	}
	intEnd := i
	if i < len(d) && d[i] == '.' {
		i++
		if i >= len(d) || d[i] < '0' || d[i] > '9' {
			return nil, false
		}
		for i < len(d) && '0' <= d[i] && d[i] <= '9' {
			i++
		}
	}
	if i < len(d) && (d[i] == 'e' || d[i] == 'E') {
		i++
		if i < len(d) && (d[i] == '+' || d[i] == '-') {
			i++
		}
		if i >= len(d) || d[i] < '0' || d[i] > '9' {
			return nil, false
		}
		for i < len(d) && '0' <= d[i] && d[i] <= '9' {
			i++
		}
	}
	r.pos = i
	text := d[start:i]
	if i == intEnd && len(text) <= 18 {
		// At most 18 characters: no overflow, and ParseInt would accept it.
		var n int64
		neg := text[0] == '-'
		digits := text
		if neg {
			digits = text[1:]
		}
		for _, c := range digits {
			n = n*10 + int64(c-'0')
		}
		if neg {
			n = -n
		}
		return n, true
	}
	if n, err := strconv.ParseInt(string(text), 10, 64); err == nil {
		return n, true
	}
	f, err := strconv.ParseFloat(string(text), 64)
	if err != nil {
		return nil, false
	}
	return f, true
}
