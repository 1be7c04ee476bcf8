package api

import (
	"encoding/json"
	"reflect"
	"strconv"
)

// fieldWalker copies a JSON value token by token, following the Go type it
// will be decoded into. It drops the keys that name no field exactly, so
// that encoding/json, which matches field names case-insensitively, cannot
// read "Storage" as "storage", and it records them, with the duplicate
// keys, as the API server's strict decoding does. Values of a type with its
// own UnmarshalJSON (JSON, the schema-or-bool wrappers) are copied as they
// are; their methods decode them without the strict checks.
type fieldWalker struct {
	strict      bool
	depth       int // of the object or array being read; 0 outside any
	decodeLevel     // being read
	fields      []StrictField
	seen        map[StrictField]bool
	// structName names the innermost struct being read, for the errors
	// of wrappers.
	structName string
}

var unmarshalerType = reflect.TypeFor[json.Unmarshaler]()

func (w *fieldWalker) value(dec *json.Decoder, t reflect.Type, path *FieldPath) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	return w.valueFrom(dec, tok, t, path)
}

func (w *fieldWalker) valueFrom(dec *json.Decoder, tok json.Token, t reflect.Type, path *FieldPath) error {
	held := t
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if isWrapper(t) {
		return w.wrapper(dec, tok, held, t, path)
	}
	if t == jsonValueType && w.decodeLevel.err == nil {
		start := len(w.out)
		if err := w.copyFrom(dec, tok); err != nil {
			return err
		}
		w.jsons = append(w.jsons, [2]int{start, len(w.out)})
		return nil
	}
	if reflect.PointerTo(t).Implements(unmarshalerType) {
		return w.copyFrom(dec, tok)
	}
	switch tok {
	case json.Delim('{'):
		if t.Kind() == reflect.Struct || t.Kind() == reflect.Map && t.Key().Kind() == reflect.String {
			return w.object(dec, t, path)
		}
	case json.Delim('['):
		if t.Kind() == reflect.Slice && t.Elem().Kind() != reflect.Uint8 {
			return w.array(dec, t, path)
		}
	}
	return w.copyFrom(dec, tok)
}

// enter counts one more level of nesting, opened by c, and fails as the
// API server's decoder does past MaxDepth. The json.Decoder's Token,
// unlike its Decode, has no limit of its own.
func (w *fieldWalker) enter(c byte) error {
	if w.depth++; w.depth > MaxDepth {
		return depthError{c}
	}
	return nil
}

// The marks of a key in an object: present, and reported as which error.
const (
	keySeen = 1 << iota
	keyDuplicate
	keyUnknown
)

func (w *fieldWalker) object(dec *json.Decoder, t reflect.Type, path *FieldPath) error {
	if err := w.enter('{'); err != nil {
		return err
	}
	w.out = append(w.out, '{')
	var fields map[string]reflect.StructField
	if t.Kind() == reflect.Struct {
		fields = jsonFields(t)
		defer func(name string) { w.structName = name }(w.structName)
		w.structName = t.Name()
	}
	// The patches under each key of a map, which a later value of the
	// same key replaces.
	var under map[string]int
	// Each key is reported once per object, so that a key repeated many
	// times costs no path string after the first.
	keys := map[string]uint8{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		key := tok.(string) // the decoder guarantees a string key
		child := path.Field(key, fields != nil)
		var ft reflect.Type
		if fields == nil {
			ft = t.Elem()
			if at, ok := under[key]; ok {
				for i := range w.patches[at:] {
					w.patches[at+i].dead = true
				}
			}
			if under == nil {
				under = map[string]int{}
			}
			under[key] = len(w.patches)
		} else {
			f, ok := fields[key]
			if !ok {
				if keys[key]&keyUnknown == 0 {
					keys[key] |= keyUnknown
					w.report("unknown field", &child)
				}
				if err := w.skip(dec); err != nil {
					return err
				}
				continue
			}
			ft = f.Type
		}
		if m := keys[key]; m&keySeen != 0 && m&keyDuplicate == 0 {
			keys[key] |= keyDuplicate
			w.report("duplicate field", &child)
		}
		keys[key] |= keySeen
		if w.out[len(w.out)-1] != '{' {
			w.out = append(w.out, ',')
		}
		w.out = appendString(w.out, key)
		w.out = append(w.out, ':')
		if err := w.value(dec, ft, &child); err != nil {
			return err
		}
	}
	if _, err := dec.Token(); err != nil {
		return err
	}
	w.out = append(w.out, '}')
	w.depth--
	return nil
}

func (w *fieldWalker) array(dec *json.Decoder, t reflect.Type, path *FieldPath) error {
	if err := w.enter('['); err != nil {
		return err
	}
	w.out = append(w.out, '[')
	for i := 0; dec.More(); i++ {
		if i > 0 {
			w.out = append(w.out, ',')
		}
		child := path.Element(i)
		if err := w.value(dec, t.Elem(), &child); err != nil {
			return err
		}
	}
	if _, err := dec.Token(); err != nil {
		return err
	}
	w.out = append(w.out, ']')
	w.depth--
	return nil
}

// skip reads the next value and drops it, counting its nesting.
func (w *fieldWalker) skip(dec *json.Decoder) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	n := len(w.out)
	err = w.copyFrom(dec, tok)
	w.out = w.out[:n]
	return err
}

// copyFrom copies the value that starts with tok unchanged.
func (w *fieldWalker) copyFrom(dec *json.Decoder, tok json.Token) error {
	switch tok := tok.(type) {
	case json.Delim:
		if err := w.enter(byte(tok)); err != nil {
			return err
		}
		w.out = append(w.out, byte(tok))
		for i := 0; dec.More(); i++ {
			if i > 0 {
				w.out = append(w.out, ',')
			}
			if tok == '{' {
				key, err := dec.Token()
				if err != nil {
					return err
				}
				w.out = appendString(w.out, key.(string))
				w.out = append(w.out, ':')
			}
			next, err := dec.Token()
			if err != nil {
				return err
			}
			if err := w.copyFrom(dec, next); err != nil {
				return err
			}
		}
		end, err := dec.Token()
		if err != nil {
			return err
		}
		w.out = append(w.out, byte(end.(json.Delim)))
		w.depth--
	case string:
		w.out = appendString(w.out, tok)
	case json.Number:
		w.out = append(w.out, tok...)
	case bool:
		w.out = strconv.AppendBool(w.out, tok)
	case nil:
		w.out = append(w.out, "null"...)
	}
	return nil
}

func appendString(b []byte, s string) []byte {
	q, _ := json.Marshal(s) // a string always marshals
	return append(b, q...)
}
