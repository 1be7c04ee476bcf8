package jsonvalue

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A Writer encodes values of the JSON model (nil, bool, string, int64,
// float64, []any, map[string]any) as json.Marshal does, byte for byte,
// without reflection. A value it cannot encode that way, another Go type,
// NaN or an infinity, or nesting deeper than MaxDepth (a cycle), is left
// to json.Marshal, for its bytes or its error. Its zero value is ready to
// use; it keeps a scratch list of map entries from one call to the next.
type Writer struct {
	pairs []pair // the entries of the maps being written, sorted
}

type pair struct {
	k string
	v any
}

// MaxDepth bounds the nesting the Writer and the Reader follow
// themselves: deeper values, and cycles, go to json.Marshal, and deeper
// documents to the slow path (encoding/json refuses more than 10000).
const MaxDepth = 1000

// Append appends the JSON of v to dst as json.Marshal(v) writes it. On an
// error of json.Marshal, such as for NaN, it returns dst as it was and the
// error. For example, Append(nil, map[string]any{"b": int64(1), "a": "<"})
// gives {"a":"\u003c","b":1}.
func (w *Writer) Append(dst []byte, v any) ([]byte, error) {
	n := len(dst)
	if out, ok := w.appendValue(dst, v, 0); ok {
		return out, nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return dst[:n], err
	}
	return append(dst[:n], b...), nil
}

// Reset empties w's scratch and clears its whole capacity, so that a
// pooled Writer keeps no value alive, or drops it if it is over limit
// entries.
func (w *Writer) Reset(limit int) {
	if cap(w.pairs) > limit {
		w.pairs = nil
		return
	}
	w.pairs = w.pairs[:cap(w.pairs)]
	clear(w.pairs)
	w.pairs = w.pairs[:0]
}

func (w *Writer) appendValue(dst []byte, v any, depth int) ([]byte, bool) {
	switch v := v.(type) {
	case nil:
		return append(dst, "null"...), true
	case string:
		return AppendString(dst, v), true
	case bool:
		return strconv.AppendBool(dst, v), true
	case int64:
		return strconv.AppendInt(dst, v, 10), true
	case float64:
		return AppendFloat(dst, v)
	case map[string]any:
		return w.appendMap(dst, v, depth)
	case []any:
		if v == nil {
			return append(dst, "null"...), true
		}
		if depth >= MaxDepth {
			return dst, false
		}
		dst = append(dst, '[')
		for i, e := range v {
			if i > 0 {
				dst = append(dst, ',')
			}
			var ok bool
			if dst, ok = w.appendValue(dst, e, depth+1); !ok {
				return dst, false
			}
		}
		return append(dst, ']'), true
	}
	return dst, false
}

func (w *Writer) appendMap(dst []byte, m map[string]any, depth int) ([]byte, bool) {
	if m == nil {
		return append(dst, "null"...), true
	}
	if depth >= MaxDepth {
		return dst, false
	}
	base := len(w.pairs)
	for k, v := range m {
		w.pairs = append(w.pairs, pair{k, v})
	}
	entries := w.pairs[base:]
	slices.SortFunc(entries, func(a, b pair) int { return strings.Compare(a.k, b.k) })
	dst = append(dst, '{')
	ok := true
	for i := range entries {
		// w.pairs may grow under entries: index it afresh.
		e := w.pairs[base+i]
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = AppendString(dst, e.k)
		dst = append(dst, ':')
		if dst, ok = w.appendValue(dst, e.v, depth+1); !ok {
			break
		}
	}
	clear(w.pairs[base:])
	w.pairs = w.pairs[:base]
	return append(dst, '}'), ok
}

// AppendFloat appends f as encoding/json's floatEncoder writes it: like
// ES6, with exponents from 1e21 and below 1e-6, not padded; ok is false
// for NaN and the infinities, which JSON cannot hold. For example,
// AppendFloat(nil, 1e21) gives 1e+21.
func AppendFloat(dst []byte, f float64) ([]byte, bool) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return dst, false
	}
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	dst = strconv.AppendFloat(dst, f, format, -1, 64)
	if format == 'e' {
		// clean up e-09 to e-9
		n := len(dst)
		if n >= 4 && dst[n-4] == 'e' && dst[n-3] == '-' && dst[n-2] == '0' {
			dst[n-2] = dst[n-1]
			dst = dst[:n-1]
		}
	}
	return dst, true
}

const hexDigits = "0123456789abcdef"

// safe says which ASCII bytes encoding/json writes as they are, with HTML
// escaping on: all but control characters, ", \\, <, > and &.
var safe = func() (safe [utf8.RuneSelf]bool) {
	for c := ' '; c < utf8.RuneSelf; c++ {
		safe[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return safe
}()

// AppendString appends s quoted as encoding/json quotes it with HTML
// escaping: <, > and & as \u003c, \u003e, \u0026, control characters
// escaped, invalid UTF-8 as \ufffd, and U+2028 and U+2029 escaped. For
// example, AppendString(nil, "a<b") gives "a\u003cb".
func AppendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		if b := s[i]; b < utf8.RuneSelf {
			if safe[b] {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch b {
			case '\\', '"':
				dst = append(dst, '\\', b)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[b>>4], hexDigits[b&0xF])
			}
			i++
			start = i
			continue
		}
		c, size := utf8.DecodeRuneInString(s[i:])
		if c == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if c == '\u2028' || c == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[c&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
