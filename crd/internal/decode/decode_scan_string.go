package decode

import (
	"unicode/utf16"
	"unicode/utf8"
)

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
