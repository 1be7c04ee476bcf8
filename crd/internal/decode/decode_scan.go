package decode

import "github.com/kubeversion/kubeversion/crd/internal/api"

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
	if d.depth++; d.depth > api.MaxDepth {
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
func (d *byteDecoder) object() bool { return d.open('{') }

// array is object for an array.
func (d *byteDecoder) array() bool { return d.open('[') }

// open reports whether an object or an array, as the bracket b opens it,
// follows, and enters it: object and array.
func (d *byteDecoder) open(b byte) bool {
	switch d.next() {
	case b:
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
