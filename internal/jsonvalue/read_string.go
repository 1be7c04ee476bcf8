package jsonvalue

import (
	"encoding/json"
	"unicode/utf8"
)

// The Reader's strings: keys, values, and the checks of their syntax.

// key reads an object key, sharing the strings of the common keys of
// Kubernetes objects, the values of crd's model, rather than allocating
// them.
func (r *Reader) key() (string, bool) {
	raw, plain, ok := r.strToken()
	if !ok {
		return "", false
	}
	if plain {
		body := raw[1 : len(raw)-1]
		switch string(body) {
		case "apiVersion":
			return "apiVersion", true
		case "kind":
			return "kind", true
		case "metadata":
			return "metadata", true
		case "spec":
			return "spec", true
		case "status":
			return "status", true
		case "name":
			return "name", true
		case "namespace":
			return "namespace", true
		case "uid":
			return "uid", true
		case "labels":
			return "labels", true
		case "annotations":
			return "annotations", true
		case "managedFields":
			return "managedFields", true
		case "manager":
			return "manager", true
		case "operation":
			return "operation", true
		case "time":
			return "time", true
		case "fieldsType":
			return "fieldsType", true
		case "fieldsV1":
			return "fieldsV1", true
		case "resourceVersion":
			return "resourceVersion", true
		case "generation":
			return "generation", true
		case "creationTimestamp":
			return "creationTimestamp", true
		}
		return r.plain(body), true
	}
	return unquote(raw)
}

// plain returns the text of b, a slice of r.data, sharing r.text's memory
// when b lies in it.
func (r *Reader) plain(b []byte) string {
	// b lies at r.pos-len(b)-1 in data: before the closing quote.
	i := r.pos - 1 - len(b) - r.textAt
	if i >= 0 && i+len(b) <= len(r.text) {
		return r.text[i : i+len(b)]
	}
	return string(b)
}

// maxInterned bounds the strings a Reader shares, and their length.
const (
	maxInterned   = 1024
	maxInternedAt = 32
)

// strValue reads a string as a value. Short strings are shared until
// Reset, boxed once: the values that repeat from object to object
// (kinds, namespaces, managers, times) then cost no allocation.
func (r *Reader) strValue() (any, bool) {
	raw, plain, ok := r.strToken()
	if !ok {
		return nil, false
	}
	if !plain {
		return unquote(raw)
	}
	b := raw[1 : len(raw)-1]
	if len(b) > maxInternedAt {
		return r.plain(b), true
	}
	if r.intern == nil {
		r.intern = make(map[string]any)
	}
	if v, ok := r.intern[string(b)]; ok {
		return v, true
	}
	s := r.plain(b)
	var v any = s
	if len(r.intern) < maxInterned {
		r.intern[s] = v
	}
	return v, true
}

// str reads a string.
func (r *Reader) str() (string, bool) {
	raw, plain, ok := r.strToken()
	if !ok {
		return "", false
	}
	if plain {
		return r.plain(raw[1 : len(raw)-1]), true
	}
	return unquote(raw)
}

// strToken reads a string token, quotes included; plain reports that it
// has no escape and is valid UTF-8, so that its text is its value. It
// checks the syntax as encoding/json's scanner does.
func (r *Reader) strToken() (raw []byte, plain, ok bool) {
	start := r.pos
	i := start + 1
	plain = true
	for i < len(r.data) {
		c := r.data[i]
		switch {
		case c == '"':
			r.pos = i + 1
			return r.data[start:r.pos], plain, true
		case c < ' ':
			return nil, false, false
		case c == '\\':
			plain = false
			if i+1 >= len(r.data) {
				return nil, false, false
			}
			switch r.data[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > len(r.data) {
					return nil, false, false
				}
				for _, h := range r.data[i+2 : i+6] {
					if !isHex(h) {
						return nil, false, false
					}
				}
				i += 6
			default:
				return nil, false, false
			}
		case c < utf8.RuneSelf:
			i++
		default:
			rr, size := utf8.DecodeRune(r.data[i:])
			if rr == utf8.RuneError && size == 1 {
				plain = false
			}
			i += size
		}
	}
	return nil, false, false
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// unquote decodes a string token with escapes or invalid UTF-8 as
// encoding/json does, by calling it: such strings are rare.
func unquote(raw []byte) (string, bool) {
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", false
	}
	return s, true
}
