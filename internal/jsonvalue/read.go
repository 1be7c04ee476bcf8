package jsonvalue

// A Reader decodes JSON into the value model in one pass over the bytes,
// without reflection, as encoding/json with UseNumber decodes it when
// each json.Number is then made an int64 by strconv.ParseInt or, failing
// that, a float64 by strconv.ParseFloat (how crd.JSON reads). It decodes
// only what it is sure to decode that way: on anything else, invalid
// JSON, a number out of the range of float64, or nesting deeper than
// MaxDepth, it reports false, and the caller takes that slow path, which
// gives the value or the error. For example, Read([]byte(`{"a":[1,2.5]}`))
// gives map[string]any{"a": []any{int64(1), 2.5}}, true, and
// Read([]byte(`[1e400]`)) gives nil, false.
//
// Its zero value is ready to use. A Reader keeps scratch lists, and the
// short strings it shares between the values it reads (see
// [Reader.StringValue]), from one read to the next: reuse one, from a
// sync.Pool, to make reading cheap, and Reset it before putting it back.
// A Reader is not safe for concurrent use.
type Reader struct {
	data    []byte
	pos     int
	stack   []any  // elements of the arrays being read
	entries []pair // entries of the objects being read
	// text is a copy of data from textAt on, whose substrings are the
	// plain strings read there.
	text   string
	textAt int
	// intern holds the short strings read, boxed; made on first use.
	intern map[string]any
}

// Read decodes data, one JSON value and nothing else but white space, or
// reports false when it is not sure to decode it as the slow path does
// (see [Reader]). For example, Read([]byte(` {"a":true} `)) gives
// map[string]any{"a": true}, true and Read([]byte(`{} x`)) nil, false.
func (r *Reader) Read(data []byte) (any, bool) {
	r.Start(data)
	v, _, ok := r.Value()
	if !ok || !r.AtEnd() {
		return nil, false
	}
	return v, true
}

// Reset readies r for a pool: it forgets the data it read and the strings
// it shares, and empties its scratch lists, clearing their whole capacity
// so that no value read stays alive, or drops a list longer than limit
// values. A read that fails leaves its values on the lists: Reset clears
// them wherever they are.
func (r *Reader) Reset(limit int) {
	clear(r.intern)
	*r = Reader{stack: emptied(r.stack, limit), entries: emptied(r.entries, limit), intern: r.intern}
}

// emptied returns s with no elements and its whole capacity cleared, or
// nil if that capacity is over limit.
func emptied[T any](s []T, limit int) []T {
	if cap(s) > limit {
		return nil
	}
	s = s[:cap(s)]
	clear(s)
	return s[:0]
}

// ownStrings reads an object or array at r.pos whose strings share the
// memory of one copy of its text: one allocation for them all rather than
// one each, and none of the other bytes of data kept alive by them.
func (r *Reader) ownStrings() (any, bool) {
	end := skipObject(r.data, r.pos)
	if end < 0 {
		return nil, false
	}
	r.text, r.textAt = string(r.data[r.pos:end]), r.pos
	v, ok := r.value(0)
	r.text = ""
	return v, ok
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
func (r *Reader) value(depth int) (any, bool) {
	switch r.Next() {
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

func (r *Reader) literal(lit string) bool {
	if len(r.data)-r.pos < len(lit) || string(r.data[r.pos:r.pos+len(lit)]) != lit {
		return false
	}
	r.pos += len(lit)
	return true
}

// object reads an object starting at r.pos, at '{'.
func (r *Reader) object(depth int) (map[string]any, bool) {
	if depth >= MaxDepth {
		return nil, false
	}
	r.pos++ // '{'
	if r.Next() == '}' {
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
		if r.Next() != '"' {
			return nil, false
		}
		k, ok := r.key()
		if !ok || !r.Consume(':') {
			return nil, false
		}
		v, ok := r.value(depth + 1)
		if !ok {
			return nil, false
		}
		r.entries = append(r.entries, pair{k, v})
		switch r.Next() {
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
// capacity, as Copy's has.
func (r *Reader) array(depth int) ([]any, bool) {
	if depth >= MaxDepth {
		return nil, false
	}
	r.pos++ // '['
	if r.Next() == ']' {
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
		switch r.Next() {
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
