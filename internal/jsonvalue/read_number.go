package jsonvalue

import "strconv"

// Number returns the value of text, one JSON number and nothing else, as
// a Reader reads it: an int64 if strconv.ParseInt accepts it, else a
// float64; false if text is not a JSON number or is out of the range of
// float64. Unlike a Reader's, its argument does not escape: a number
// written into a buffer on the stack may be read from there. For example,
// Number([]byte("1e3")) gives float64(1000), true and Number([]byte("7"))
// int64(7), true.
func Number(text []byte) (any, bool) {
	r := Reader{data: text}
	v, ok := r.number()
	if !ok || r.pos != len(text) {
		return nil, false
	}
	return v, true
}

// number reads a number as the slow path does (see [Reader]): an int64
// if ParseInt accepts it, else a float64; out of range, it reports false.
func (r *Reader) number() (any, bool) {
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
