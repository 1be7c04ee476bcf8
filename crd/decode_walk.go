package crd

import (
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"sync"
)

// fieldWalker copies a JSON value token by token, following the Go type it
// will be decoded into. It drops the keys that name no field exactly, so
// that encoding/json, which matches field names case-insensitively, cannot
// read "Storage" as "storage", and it records them, with the duplicate
// keys, as the API server's strict decoding does. Values of a type with its
// own UnmarshalJSON (JSON, the schema-or-bool wrappers) are copied as they
// are; their methods decode them without the strict checks.
type fieldWalker struct {
	strict bool
	out    []byte
	fields []StrictField
	seen   map[StrictField]bool
}

var unmarshalerType = reflect.TypeFor[json.Unmarshaler]()

func (w *fieldWalker) value(dec *json.Decoder, t reflect.Type, path string) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	return w.valueFrom(dec, tok, t, path)
}

func (w *fieldWalker) valueFrom(dec *json.Decoder, tok json.Token, t reflect.Type, path string) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
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

func (w *fieldWalker) object(dec *json.Decoder, t reflect.Type, path string) error {
	w.out = append(w.out, '{')
	var fields map[string]reflect.Type
	if t.Kind() == reflect.Struct {
		fields = jsonFields(t)
	}
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		key := tok.(string) // the decoder guarantees a string key
		child := key
		if path != "" {
			child = path + "." + key
		}
		var ft reflect.Type
		if fields == nil {
			ft = t.Elem()
		} else {
			f, ok := fields[key]
			if !ok {
				w.report("unknown field", child)
				var skip json.RawMessage
				if err := dec.Decode(&skip); err != nil {
					return err
				}
				continue
			}
			ft = f
		}
		if seen[key] {
			w.report("duplicate field", child)
		}
		seen[key] = true
		if w.out[len(w.out)-1] != '{' {
			w.out = append(w.out, ',')
		}
		w.out = appendString(w.out, key)
		w.out = append(w.out, ':')
		if err := w.value(dec, ft, child); err != nil {
			return err
		}
	}
	if _, err := dec.Token(); err != nil {
		return err
	}
	w.out = append(w.out, '}')
	return nil
}

func (w *fieldWalker) array(dec *json.Decoder, t reflect.Type, path string) error {
	w.out = append(w.out, '[')
	for i := 0; dec.More(); i++ {
		if i > 0 {
			w.out = append(w.out, ',')
		}
		if err := w.value(dec, t.Elem(), path+"["+strconv.Itoa(i)+"]"); err != nil {
			return err
		}
	}
	if _, err := dec.Token(); err != nil {
		return err
	}
	w.out = append(w.out, ']')
	return nil
}

// copyFrom copies the value that starts with tok unchanged.
func (w *fieldWalker) copyFrom(dec *json.Decoder, tok json.Token) error {
	switch tok := tok.(type) {
	case json.Delim:
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

// report records a strict decoding error: each once, at most 100, as the
// API server's decoder does.
func (w *fieldWalker) report(kind, path string) {
	if !w.strict || len(w.fields) >= 100 {
		return
	}
	f := StrictField{kind, path}
	if w.seen[f] {
		return
	}
	if w.seen == nil {
		w.seen = map[StrictField]bool{}
	}
	w.seen[f] = true
	w.fields = append(w.fields, f)
}

func appendString(b []byte, s string) []byte {
	q, _ := json.Marshal(s) // a string always marshals
	return append(b, q...)
}

var fieldCache sync.Map // reflect.Type -> map[string]reflect.Type

// jsonFields returns the fields of struct type t by their JSON names.
func jsonFields(t reflect.Type) map[string]reflect.Type {
	if m, ok := fieldCache.Load(t); ok {
		return m.(map[string]reflect.Type)
	}
	m := map[string]reflect.Type{}
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		m[name] = f.Type
	}
	fieldCache.Store(t, m)
	return m
}
