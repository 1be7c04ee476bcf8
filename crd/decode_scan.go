package crd

import (
	"unicode/utf16"
	"unicode/utf8"
)

// The scanning helpers of byteDecoder accept exactly the JSON that
// encoding/json accepts and decline the rest, so that a syntax error is
// reported by decodeSlow with encoding/json's message.

// next skips white space and returns the byte that follows; it declines
// at the end of the input.
func (d *byteDecoder) next() byte {
	for d.pos < len(d.data) {
		switch c := d.data[d.pos]; c {
		case ' ', '\t', '\n', '\r':
			d.pos++
		default:
			return c
		}
	}
	d.decline()
	return 0
}

// end declines unless only white space is left.
func (d *byteDecoder) end() {
	for ; d.pos < len(d.data); d.pos++ {
		switch d.data[d.pos] {
		case ' ', '\t', '\n', '\r':
		default:
			d.decline()
		}
	}
}

// enter consumes the '{' or '[' that opens a value, one level deeper.
// Past MaxDepth, it declines: decodeSlow gives the depth error.
func (d *byteDecoder) enter() {
	d.pos++
	if d.depth++; d.depth > MaxDepth {
		d.decline()
	}
}

// more reports whether element i of the object or array being read
// follows, consuming the comma before it, or else the closing byte end.
func (d *byteDecoder) more(end byte, i int) bool {
	c := d.next()
	if c == end {
		d.pos++
		d.depth--
		return false
	}
	if i > 0 {
		if c != ',' {
			d.decline()
		}
		d.pos++
	}
	return true
}

// object reports whether an object follows, and enters it; on null it
// reports false. Anything else is a type error, declined.
func (d *byteDecoder) object() bool {
	switch d.next() {
	case '{':
		d.enter()
		return true
	case 'n':
		d.literal("null")
		return false
	}
	d.decline()
	return false
}

// array is object for an array.
func (d *byteDecoder) array() bool {
	switch d.next() {
	case '[':
		d.enter()
		return true
	case 'n':
		d.literal("null")
		return false
	}
	d.decline()
	return false
}

// null consumes null, if it is next.
func (d *byteDecoder) null() bool {
	if d.next() != 'n' {
		return false
	}
	d.literal("null")
	return true
}

// key reads an object's key and the colon after it. The result is valid
// until the next string is read.
func (d *byteDecoder) key() []byte {
	if d.next() != '"' {
		d.decline()
	}
	k := d.str()
	if d.next() != ':' {
		d.decline()
	}
	d.pos++
	return k
}

func (d *byteDecoder) literal(word string) {
	if len(d.data)-d.pos < len(word) || string(d.data[d.pos:d.pos+len(word)]) != word {
		d.decline()
	}
	d.pos += len(word)
}

// number reads a number, as the JSON grammar writes it:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func (d *byteDecoder) number() []byte {
	b, start := d.data, d.pos
	i := start
	if i < len(b) && b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case i < len(b) && '1' <= b[i] && b[i] <= '9':
		i = digits(b, i)
	default:
		d.decline()
	}
	if i < len(b) && b[i] == '.' {
		j := digits(b, i+1)
		if j == i+1 {
			d.decline()
		}
		i = j
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		j := digits(b, i)
		if j == i {
			d.decline()
		}
		i = j
	}
	d.pos = i
	return b[start:i]
}

// digits returns the index of the first byte at or after i that is not a
// decimal digit.
func digits(b []byte, i int) int {
	for i < len(b) && '0' <= b[i] && b[i] <= '9' {
		i++
	}
	return i
}

// str reads the string that starts at pos and returns its bytes,
// unquoted as encoding/json does. The result is valid until the next
// string is read.
func (d *byteDecoder) str() []byte {
	start := d.pos + 1
	for i := start; i < len(d.data); i++ {
		switch c := d.data[i]; {
		case c == '"':
			d.pos = i + 1
			return d.data[start:i]
		case c == '\\' || c < ' ' || c >= utf8.RuneSelf:
			return d.unquote(start, i)
		}
	}
	d.decline()
	return nil
}

// unquote reads the rest of a string whose bytes from start to i need no
// change, into buf: escapes are replaced, bytes that are not UTF-8
// become U+FFFD, each, and a \u escape of half a surrogate pair with no
// other half after it also, as encoding/json does.
func (d *byteDecoder) unquote(start, i int) []byte {
	b := append(d.buf[:0], d.data[start:i]...)
	for i < len(d.data) {
		c := d.data[i]
		switch {
		case c == '"':
			d.pos = i + 1
			d.buf = b
			return b
		case c < ' ':
			d.decline()
		case c == '\\':
			var r rune
			r, i = d.escape(i)
			if r >= 0 {
				b = utf8.AppendRune(b, r)
			} else {
				b = append(b, byte(-r))
			}
		case c < utf8.RuneSelf:
			b = append(b, c)
			i++
		default:
			r, size := utf8.DecodeRune(d.data[i:])
			b = utf8.AppendRune(b, r)
			i += size
		}
	}
	d.decline()
	return nil
}

// escape reads the escape at i and returns what it stands for and the
// index after it: a rune, or for a one-byte escape, minus the byte.
func (d *byteDecoder) escape(i int) (rune, int) {
	if i+1 >= len(d.data) {
		d.decline()
	}
	switch c := d.data[i+1]; c {
	case '"', '\\', '/':
		return -rune(c), i + 2
	case 'b':
		return -'\b', i + 2
	case 'f':
		return -'\f', i + 2
	case 'n':
		return -'\n', i + 2
	case 'r':
		return -'\r', i + 2
	case 't':
		return -'\t', i + 2
	case 'u':
		r := hex4(d.data[i+2:])
		if r < 0 {
			d.decline()
		}
		i += 6
		if !utf16.IsSurrogate(r) {
			return r, i
		}
		if i+1 < len(d.data) && d.data[i] == '\\' && d.data[i+1] == 'u' {
			if r2 := hex4(d.data[i+2:]); r2 >= 0 {
				if p := utf16.DecodeRune(r, r2); p != utf8.RuneError {
					return p, i + 6
				}
			}
		}
		return utf8.RuneError, i
	}
	d.decline()
	return 0, 0
}

// hex4 returns the value of the four hexadecimal digits that b starts
// with, or -1.
func hex4(b []byte) rune {
	if len(b) < 4 {
		return -1
	}
	var r rune
	for _, c := range b[:4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return -1
		}
		r = r*16 + rune(c)
	}
	return r
}

// skip reads a value and drops it.
func (d *byteDecoder) skip() {
	switch d.next() {
	case '{':
		d.enter()
		for i := 0; d.more('}', i); i++ {
			d.key()
			d.skip()
		}
	case '[':
		d.enter()
		for i := 0; d.more(']', i); i++ {
			d.skip()
		}
	case '"':
		d.str()
	case 't':
		d.literal("true")
	case 'f':
		d.literal("false")
	case 'n':
		d.literal("null")
	default:
		d.number()
	}
}
