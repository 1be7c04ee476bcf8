package api

import (
	"encoding/json"
	"reflect"
	"strings"
)

// A decodeLevel is what one json.Unmarshal decodes: the document, or the
// schema or list in one of the wrappers (items, additionalProperties,
// additionalItems, dependencies). The API server decodes each wrapper by
// calling json.Unmarshal on its bytes from its UnmarshalJSON, so that each
// level of wrappers nested in another scans and decodes all the levels
// below it again: a schema nested 10,000 levels deep through items, 100
// KB, took 97 s and 1.9 GB. Here the walk decodes each wrapper when it
// ends, from its own level's bytes, in which the wrappers below it are
// already decoded and stand as null; after json.Unmarshal of a level,
// patches put the decoded wrappers in place. Each level's bytes are
// decoded once.
type decodeLevel struct {
	out     []byte
	patches []wrapperPatch
	root    *FieldPath // the path of the level's value
	// err is the first error of a wrapper's decoding, which stops
	// encoding/json at that wrapper as an UnmarshalJSON method's error
	// does; jsons are the spans in out of the JSON values before it,
	// whose UnmarshalJSON errors would have come first.
	err   error
	jsons [][2]int
}

// A wrapperPatch puts val, a decoded wrapper, at path within a level's value,
// unless dead: under a map key given again, whose value json.Unmarshal
// replaced.
type wrapperPatch struct {
	path []*FieldPath // from the level's root, excluded
	val  reflect.Value
	dead bool
}

// decode decodes lv.out into v, a pointer, as json.Unmarshal decodes the
// bytes of the level with its wrappers in them: on a wrapper's error, or
// on the error of a JSON value before it, it stops with that error,
// ahead of the type errors json.Unmarshal keeps for the end.
func (lv *decodeLevel) decode(v any) error {
	err := json.Unmarshal(lv.out, v)
	if lv.err != nil {
		for _, s := range lv.jsons {
			var j JSON
			if err := j.UnmarshalJSON(lv.out[s[0]:s[1]]); err != nil {
				return err
			}
		}
		return lv.err
	}
	if err != nil {
		return err
	}
	root := reflect.ValueOf(v).Elem()
	for _, p := range lv.patches {
		if !p.dead {
			setPath(root, p.path, p.val)
		}
	}
	return nil
}

// setPath sets the value at path within v to val, if it is there.
func setPath(v reflect.Value, path []*FieldPath, val reflect.Value) {
	for v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return // set to null by a later value of the same field
		}
		v = v.Elem()
	}
	s, rest := path[0], path[1:]
	switch v.Kind() {
	case reflect.Struct:
		f := v.FieldByIndex(jsonFields(v.Type())[s.key].Index)
		if len(rest) == 0 {
			f.Set(val)
			return
		}
		setPath(f, rest, val)
	case reflect.Map:
		k := reflect.ValueOf(s.key).Convert(v.Type().Key())
		if len(rest) == 0 {
			v.SetMapIndex(k, val)
			return
		}
		e := v.MapIndex(k)
		if !e.IsValid() {
			return
		}
		c := reflect.New(e.Type()).Elem()
		c.Set(e)
		setPath(c, rest, val)
		v.SetMapIndex(k, c)
	case reflect.Slice:
		if s.index >= v.Len() {
			return // cut by a later, shorter value of the same field
		}
		if len(rest) == 0 {
			v.Index(s.index).Set(val)
			return
		}
		setPath(v.Index(s.index), rest, val)
	}
}

var (
	orBoolType        = reflect.TypeFor[JSONSchemaPropsOrBool]()
	orArrayType       = reflect.TypeFor[JSONSchemaPropsOrArray]()
	orStringArrayType = reflect.TypeFor[JSONSchemaPropsOrStringArray]()
	jsonValueType     = reflect.TypeFor[JSON]()
)

func isWrapper(t reflect.Type) bool {
	return t == orBoolType || t == orArrayType || t == orStringArrayType
}

// wrapper reads the value of a wrapper of type t, held as type held (t or
// a pointer to it), at path: it writes null for it in the level's bytes
// and records the decoded wrapper as a patch, or its error.
func (w *fieldWalker) wrapper(dec *json.Decoder, tok json.Token, held, t reflect.Type, path *FieldPath) error {
	w.out = append(w.out, "null"...)
	val := reflect.New(t)
	var err error
	if d, ok := tok.(json.Delim); ok && (d == '{' || t != orBoolType) {
		// A schema, or a list of schemas or of names: a level of its own.
		target := reflect.TypeFor[JSONSchemaProps]()
		if d == '[' {
			target = reflect.TypeFor[[]JSONSchemaProps]()
			if t == orStringArrayType {
				target = reflect.TypeFor[[]string]()
			}
		}
		inner := reflect.New(target)
		saved, strict := w.decodeLevel, w.strict
		w.decodeLevel, w.strict = decodeLevel{root: path}, false
		if err := w.valueFrom(dec, tok, target, path); err != nil {
			return err
		}
		lv := w.decodeLevel
		w.decodeLevel, w.strict = saved, strict
		if err = lv.decode(inner.Interface()); err == nil {
			setWrapper(val.Elem(), inner.Elem())
		}
	} else {
		// A literal, or an array for additionalProperties: small, and
		// decoded by the wrapper's own method.
		saved := w.out
		w.out = nil
		if err := w.copyFrom(dec, tok); err != nil {
			return err
		}
		lit := w.out
		w.out = saved
		if tok == nil && held.Kind() == reflect.Pointer {
			val = reflect.Zero(held) // json.Unmarshal sets a nil pointer
		} else {
			err = val.Interface().(json.Unmarshaler).UnmarshalJSON(lit)
		}
	}
	if held.Kind() != reflect.Pointer {
		val = val.Elem()
	}
	if err != nil {
		if w.decodeLevel.err == nil {
			w.decodeLevel.err = w.errorContext(err, path)
		}
		return nil
	}
	var steps []*FieldPath
	for p := path; p != w.root; p = p.parent {
		steps = append(steps, p)
	}
	for i, j := 0, len(steps)-1; i < j; i, j = i+1, j-1 {
		steps[i], steps[j] = steps[j], steps[i]
	}
	w.patches = append(w.patches, wrapperPatch{path: steps, val: val})
	return nil
}

// setWrapper sets w, a wrapper, to what its UnmarshalJSON makes of the
// decoded value v.
func setWrapper(w, v reflect.Value) {
	switch x := v.Addr().Interface().(type) {
	case *JSONSchemaProps:
		w.FieldByName("Schema").Set(reflect.ValueOf(x))
		if w.Type() == orBoolType {
			w.FieldByName("Allows").SetBool(true)
		}
	case *[]JSONSchemaProps:
		w.FieldByName("JSONSchemas").Set(v)
	case *[]string:
		w.FieldByName("Property").Set(v)
	}
}

// errorContext adds to err, the error of the wrapper at path, what
// json.Unmarshal of the level adds to an UnmarshalJSON method's type
// error: the struct that holds the wrapper, and the names of the struct
// fields that lead to it from the level's root.
func (w *fieldWalker) errorContext(err error, path *FieldPath) error {
	te, ok := err.(*json.UnmarshalTypeError)
	if !ok {
		return err
	}
	var names []string
	for p := path; p != w.root; p = p.parent {
		if p.isField {
			names = append(names, p.key)
		}
	}
	for i, j := 0, len(names)-1; i < j; i, j = i+1, j-1 {
		names[i], names[j] = names[j], names[i]
	}
	if te.Field != "" {
		names = append(names, te.Field)
	}
	te.Struct = w.structName
	te.Field = strings.Join(names, ".")
	return te
}
