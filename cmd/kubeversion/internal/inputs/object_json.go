package inputs

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
)

// JSON returns o as kubectl sends it to the API server: JSON with the
// keys in byte order, as encoding/json's Marshal writes it, byte for byte
// (see appendJSON). It is written once: ReadStream keeps the JSON it
// measures an object by.
func (o Object) JSON() ([]byte, error) {
	if o.json != nil {
		return o.json, nil
	}
	return appendJSON(make([]byte, 0, 4096), o.Fields)
}

// appendJSON appends v, a tree of the values documents read into, as
// encoding/json's Marshal writes it. It writes maps, lists, strings of
// printable ASCII, int64, booleans and null itself, and hands anything
// else (other strings, floats, other types) to Marshal: it is the one
// step of lint that Marshal made slow, 5% to 8% of its CPU on the
// corpora, with its reflection and its sorting of keys through
// reflect.Value.
func appendJSON(dst []byte, v any) ([]byte, error) {
	var w jsonWriter
	return w.append(dst, v, 0)
}

// jsonWriter is appendJSON's walk. It sorts the keys of each mapping, with
// their values, in a list it keeps for the next mapping at the same
// depth: a list per mapping, and a lookup per key, were 93% of its
// allocations and 8% of its time on kueue's Workload CRD.
type jsonWriter struct {
	pairs [][]keyValue // by depth
}

type keyValue struct {
	key   string
	value any
}

func (w *jsonWriter) append(dst []byte, v any, depth int) ([]byte, error) {
	switch v := v.(type) {
	case nil:
		return append(dst, "null"...), nil
	case bool:
		return strconv.AppendBool(dst, v), nil
	case int64:
		return strconv.AppendInt(dst, v, 10), nil
	case string:
		return appendString(dst, v)
	case map[string]any:
		if v == nil {
			return append(dst, "null"...), nil
		}
		for len(w.pairs) <= depth {
			w.pairs = append(w.pairs, nil)
		}
		pairs := w.pairs[depth][:0]
		for k, e := range v {
			pairs = append(pairs, keyValue{k, e})
		}
		slices.SortFunc(pairs, func(a, b keyValue) int { return strings.Compare(a.key, b.key) })
		w.pairs[depth] = pairs
		dst = append(dst, '{')
		for i, p := range pairs {
			if i > 0 {
				dst = append(dst, ',')
			}
			var err error
			if dst, err = appendString(dst, p.key); err != nil {
				return nil, err
			}
			dst = append(dst, ':')
			if dst, err = w.append(dst, p.value, depth+1); err != nil {
				return nil, err
			}
		}
		return append(dst, '}'), nil
	case []any:
		if v == nil {
			return append(dst, "null"...), nil
		}
		dst = append(dst, '[')
		for i, e := range v {
			if i > 0 {
				dst = append(dst, ',')
			}
			var err error
			if dst, err = w.append(dst, e, depth+1); err != nil {
				return nil, err
			}
		}
		return append(dst, ']'), nil
	}
	return appendMarshal(dst, v)
}

// appendString appends s quoted as Marshal quotes it, which escapes <, >
// and & for HTML; strings with other bytes to escape go to Marshal. The
// runs of bytes that need no escape, most of a description, are copied
// whole.
func appendString(dst []byte, s string) ([]byte, error) {
	start := len(dst)
	dst = append(dst, '"')
	run := 0 // where the bytes not yet copied start
	for i := 0; i < len(s); i++ {
		c := s[i]
		if jsonPlain[c] {
			continue
		}
		dst = append(dst, s[run:i]...)
		run = i + 1
		switch {
		case c == '\n':
			dst = append(dst, '\\', 'n')
		case c == '\t':
			dst = append(dst, '\\', 't')
		case c == '\r':
			dst = append(dst, '\\', 'r')
		case c == '"' || c == '\\':
			dst = append(dst, '\\', c)
		case c == '<':
			dst = append(dst, `\u003c`...)
		case c == '>':
			dst = append(dst, `\u003e`...)
		case c == '&':
			dst = append(dst, `\u0026`...)
		default: // another control character, or not ASCII
			return appendMarshal(dst[:start], s)
		}
	}
	dst = append(dst, s[run:]...)
	return append(dst, '"'), nil
}

// jsonPlain tells the bytes appendString copies as they are: printable
// ASCII but for ", \, <, > and &.
var jsonPlain = func() (plain [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		plain[c] = true
	}
	for _, c := range []byte(`"\<>&`) {
		plain[c] = false
	}
	return plain
}()

func appendMarshal(dst []byte, v any) ([]byte, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return append(dst, data...), nil
}
