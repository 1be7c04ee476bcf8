package jsonvalue

// The Reader's cursor: reading a document a token or a value at a time,
// for a caller that knows its shape, as conversion's Handler knows a
// ConversionReview's.

// Start readies r to read data from its first byte, with [Reader.Next],
// [Reader.Value], [Reader.Fields] and the others. For example, after
// Start([]byte(` [1]`)), Next() returns '['.
func (r *Reader) Start(data []byte) {
	r.data, r.pos = data, 0
}

// isSpace reports whether c is JSON white space.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r'
}

func (r *Reader) skipSpace() {
	for r.pos < len(r.data) && isSpace(r.data[r.pos]) {
		r.pos++
	}
}

// Next skips white space and returns the next byte without reading it,
// or 0 at the end. A NUL byte of the input reads 0 too: compare Next with
// a byte that JSON allows there, never with 0, and ask AtEnd whether the
// input is over. For example, after Start([]byte(` {}`)), Next() == '{'.
func (r *Reader) Next() byte {
	r.skipSpace()
	if r.pos < len(r.data) {
		return r.data[r.pos]
	}
	return 0
}

// AtEnd skips white space and reports whether the input is over. For
// example, after Start([]byte(" \n")), AtEnd() is true.
func (r *Reader) AtEnd() bool {
	r.skipSpace()
	return r.pos == len(r.data)
}

// Consume skips white space and the byte c, reporting whether it was
// there; if not, it reads nothing more. For example, after
// Start([]byte(` ,1`)), Consume(',') is true and Consume(']') false.
func (r *Reader) Consume(c byte) bool {
	if r.Next() != c {
		return false
	}
	r.pos++
	return true
}

// Value reads the next value, after white space, returning it and its
// text, which is a slice of the data; false when it is not sure to read
// it as the slow path does (see [Reader]). The strings of an object or
// array read share the memory of one copy of its text, so that they keep
// none of the rest of the data alive. For example, after
// Start([]byte(` [1,"a"] ,`)), Value() returns []any{int64(1), "a"},
// []byte(`[1,"a"]`), true.
func (r *Reader) Value() (v any, raw []byte, ok bool) {
	r.skipSpace()
	start := r.pos
	switch r.Next() {
	case '{', '[':
		v, ok = r.ownStrings()
	default:
		v, ok = r.value(0)
	}
	if !ok {
		return nil, nil, false
	}
	return v, r.data[start:r.pos], true
}

// StringValue reads the next value, after white space, if it is a
// string; false if it is not, or is not valid JSON. For example, after
// Start([]byte(` "a\u00e9"`)), StringValue() returns "aé", true.
func (r *Reader) StringValue() (string, bool) {
	if r.Next() != '"' {
		return "", false
	}
	return r.str()
}

// Fields reads an object of known fields, whose names have no escape:
// for each field, after its colon, it calls field with the name, which
// reads the value (with the Reader's other methods) and returns the
// field's number, below len(seen), and whether it could read the value.
// An unknown field (for which field returns false), a field given twice,
// a name with an escape, or a value that field could not read makes
// Fields return false; the values read by then, such as the first of a
// field given twice, are for the slow path to read again, not to use.
// For example, Fields(make([]bool, 1), f) reads {"uid":"u"} with f
// calling StringValue for "uid" and returning 0, true.
func (r *Reader) Fields(seen []bool, field func(name []byte) (int, bool)) bool {
	if !r.Consume('{') {
		return false
	}
	if r.Consume('}') {
		return true
	}
	for {
		if r.Next() != '"' {
			return false
		}
		raw, plain, ok := r.strToken()
		if !ok || !plain || !r.Consume(':') {
			return false
		}
		i, ok := field(raw[1 : len(raw)-1])
		if !ok || seen[i] {
			return false
		}
		seen[i] = true
		if !r.Consume(',') {
			return r.Consume('}')
		}
	}
}
