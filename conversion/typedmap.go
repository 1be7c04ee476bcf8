package conversion

import (
	"encoding"
	"encoding/json"
	"math"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// TypedStep's fast path: instead of encoding the object as JSON and
// decoding the JSON into a From, and the same back from the To, it walks
// the map and the Go value together by reflection. It handles only the Go
// types whose JSON encoding it is sure to reproduce (see typeInfo) and
// only values it is sure encoding/json would convert without an error;
// for anything else it reports false and TypedStep takes the path through
// JSON, which gives the value or the error it always gave.

// typeInfo tells whether the fast path handles a type: booleans, integers,
// float64, strings, pointers, slices (not of bytes), maps with string keys,
// the empty interface, and structs with neither embedded fields nor field
// options other than omitempty, whose JSON names are plain ASCII and
// distinct ignoring case; and no type that has a JSON or text method of its
// own.
type typeInfo struct {
	ok     bool
	fields []fieldInfo // of a struct
}

type fieldInfo struct {
	name      string
	index     int
	omitEmpty bool
}

var typeInfos sync.Map // reflect.Type -> *typeInfo

// The types of the JSON model's containers.
var (
	mapType   = reflect.TypeFor[map[string]any]()
	sliceType = reflect.TypeFor[[]any]()
	anyType   = reflect.TypeFor[any]()
)

var (
	jsonMarshaler   = reflect.TypeFor[json.Marshaler]()
	jsonUnmarshaler = reflect.TypeFor[json.Unmarshaler]()
	textMarshaler   = reflect.TypeFor[encoding.TextMarshaler]()
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
)

func infoOf(t reflect.Type) *typeInfo {
	if ti, ok := typeInfos.Load(t); ok {
		return ti.(*typeInfo)
	}
	ti := buildInfo(t, map[reflect.Type]bool{})
	typeInfos.Store(t, ti)
	return ti
}

// buildInfo computes t's typeInfo; a type that contains itself is not
// handled.
func buildInfo(t reflect.Type, visiting map[reflect.Type]bool) *typeInfo {
	no := &typeInfo{}
	if visiting[t] {
		return no
	}
	visiting[t] = true
	defer delete(visiting, t)
	if t == reflect.TypeFor[json.Number]() {
		return no // encoded as a number
	}
	pt := reflect.PointerTo(t)
	for _, m := range [...]reflect.Type{jsonMarshaler, jsonUnmarshaler, textMarshaler, textUnmarshaler} {
		if t.Implements(m) || pt.Implements(m) {
			return no
		}
	}
	switch t.Kind() {
	case reflect.Bool, reflect.String, reflect.Float64,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return &typeInfo{ok: true}
	case reflect.Interface:
		return &typeInfo{ok: t.NumMethod() == 0}
	case reflect.Pointer:
		return &typeInfo{ok: buildInfo(t.Elem(), visiting).ok}
	case reflect.Slice:
		return &typeInfo{ok: t.Elem().Kind() != reflect.Uint8 && buildInfo(t.Elem(), visiting).ok}
	case reflect.Map:
		return &typeInfo{ok: t.Key() == reflect.TypeFor[string]() && buildInfo(t.Elem(), visiting).ok}
	case reflect.Struct:
		ti := &typeInfo{ok: true}
		for i := range t.NumField() {
			f := t.Field(i)
			if f.Anonymous {
				return no
			}
			if !f.IsExported() {
				continue
			}
			tag, hasTag := f.Tag.Lookup("json")
			if tag == "-" {
				continue
			}
			name, opts, _ := strings.Cut(tag, ",")
			if !hasTag || name == "" {
				name = f.Name
			}
			if !plainName(name) || opts != "" && opts != "omitempty" {
				return no
			}
			for _, g := range ti.fields {
				if strings.EqualFold(g.name, name) {
					return no
				}
			}
			if !buildInfo(f.Type, visiting).ok {
				return no
			}
			ti.fields = append(ti.fields, fieldInfo{name: name, index: i, omitEmpty: opts == "omitempty"})
		}
		return ti
	}
	return no
}

// plainName reports whether name is a JSON field name of ASCII letters,
// digits and _-./ only, which encoding/json takes as it is.
func plainName(name string) bool {
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("_-./", c) >= 0) {
			return false
		}
	}
	return name != ""
}

// fromModel sets v, a settable zero value of a handled type, from x, a
// value of the JSON model, as json.Unmarshal(json.Marshal(x), v.Addr())
// would; false when it cannot be sure to.
func fromModel(v reflect.Value, x any, depth int) bool {
	switch x := x.(type) {
	case nil:
		return true // null leaves any value as it is
	case map[string]any:
		if x == nil {
			return true
		}
	case []any:
		if x == nil {
			return true
		}
	}
	if depth >= maxDepth {
		return false
	}
	// The model's own containers, without reflection.
	switch v.Type() {
	case anyType, mapType, sliceType:
		g, ok := generic(x, depth)
		if !ok || reflect.TypeOf(g) != v.Type() && v.Type() != anyType {
			return false
		}
		v.Set(reflect.ValueOf(g))
		return true
	}
	switch v.Kind() {
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		if !fromModel(p.Elem(), x, depth+1) {
			return false
		}
		v.Set(p)
		return true
	case reflect.Interface:
		g, ok := generic(x, depth)
		if ok {
			v.Set(reflect.ValueOf(g))
		}
		return ok
	case reflect.Bool:
		b, ok := x.(bool)
		v.SetBool(b)
		return ok
	case reflect.String:
		s, ok := x.(string)
		v.SetString(s)
		return ok && utf8.ValidString(s)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, ok := x.(int64)
		if !ok || v.OverflowInt(n) {
			return false
		}
		v.SetInt(n)
		return true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n, ok := x.(int64)
		if !ok || n < 0 || v.OverflowUint(uint64(n)) {
			return false
		}
		v.SetUint(uint64(n))
		return true
	case reflect.Float64:
		switch n := x.(type) {
		case int64:
			v.SetFloat(float64(n))
		case float64:
			if math.IsInf(n, 0) || math.IsNaN(n) {
				return false
			}
			v.SetFloat(n)
		default:
			return false
		}
		return true
	case reflect.Slice:
		a, ok := x.([]any)
		if !ok {
			return false
		}
		s := reflect.MakeSlice(v.Type(), len(a), len(a))
		for i, e := range a {
			if !fromModel(s.Index(i), e, depth+1) {
				return false
			}
		}
		v.Set(s)
		return true
	case reflect.Map:
		m, ok := x.(map[string]any)
		if !ok {
			return false
		}
		out := reflect.MakeMapWithSize(v.Type(), len(m))
		et := v.Type().Elem()
		for k, e := range m {
			if !utf8.ValidString(k) {
				return false
			}
			ev := reflect.New(et).Elem()
			if !fromModel(ev, e, depth+1) {
				return false
			}
			out.SetMapIndex(reflect.ValueOf(k), ev)
		}
		v.Set(out)
		return true
	case reflect.Struct:
		m, ok := x.(map[string]any)
		if !ok {
			return false
		}
		fields := infoOf(v.Type()).fields
	keys:
		for k, e := range m {
			for _, f := range fields {
				if f.name == k {
					if !fromModel(v.Field(f.index), e, depth+1) {
						return false
					}
					continue keys
				}
			}
			// encoding/json would match a key that differs only in case
			// by its own folding rules: leave that to it.
			for _, f := range fields {
				if !isASCII(k) || strings.EqualFold(f.name, k) {
					return false
				}
			}
			// An unknown field is ignored, but json.Marshal must accept it.
			if _, ok := generic(e, depth+1); !ok {
				return false
			}
		}
		return true
	}
	return false
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// generic converts x as encoding/json decodes its JSON into an empty
// interface: numbers become float64, and maps and slices are copied.
func generic(orig any, depth int) (any, bool) {
	if depth >= maxDepth {
		return nil, false
	}
	switch x := orig.(type) {
	case nil, bool:
		return orig, true
	case string:
		return orig, utf8.ValidString(x)
	case int64:
		if 0 <= x && x < int64(len(smallFloats)) {
			return smallFloats[x], true
		}
		return float64(x), true
	case float64:
		return orig, !math.IsInf(x, 0) && !math.IsNaN(x)
	case []any:
		if x == nil {
			return nil, true
		}
		a := make([]any, len(x))
		for i, e := range x {
			var ok bool
			if a[i], ok = generic(e, depth+1); !ok {
				return nil, false
			}
		}
		return a, true
	case map[string]any:
		if x == nil {
			return nil, true
		}
		m := make(map[string]any, len(x))
		for k, e := range x {
			g, ok := generic(e, depth+1)
			if !ok || !utf8.ValidString(k) {
				return nil, false
			}
			m[k] = g
		}
		return m, true
	}
	return nil, false
}

// smallFloats are the float64s of the small integers, boxed once.
var smallFloats = func() (f [256]any) {
	for i := range f {
		f[i] = float64(i)
	}
	return f
}()

// toModel returns v, of a handled type, as decodeObject(json.Marshal(v))
// would; false when it cannot be sure to.
func toModel(v reflect.Value, depth int) (any, bool) {
	if depth >= maxDepth {
		return nil, false
	}
	switch v.Type() {
	case anyType, mapType, sliceType:
		return normalize(v.Interface(), depth)
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return nil, true
		}
		e := v.Elem()
		if v.Kind() == reflect.Interface && !infoOf(e.Type()).ok {
			return nil, false
		}
		return toModel(e, depth+1)
	case reflect.Bool:
		return v.Bool(), true
	case reflect.String:
		s := v.String()
		return s, utf8.ValidString(s)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v.Int(), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return numberModel(strconv.AppendUint(nil, v.Uint(), 10))
	case reflect.Float64:
		b, ok := appendFloat(make([]byte, 0, 24), v.Float())
		if !ok {
			return nil, false
		}
		return numberModel(b)
	case reflect.Slice:
		if v.IsNil() {
			return nil, true
		}
		a := make([]any, v.Len())
		for i := range a {
			var ok bool
			if a[i], ok = toModel(v.Index(i), depth+1); !ok {
				return nil, false
			}
		}
		return a, true
	case reflect.Map:
		if v.IsNil() {
			return nil, true
		}
		m := make(map[string]any, v.Len())
		for it := v.MapRange(); it.Next(); {
			k := it.Key().String()
			e, ok := toModel(it.Value(), depth+1)
			if !ok || !utf8.ValidString(k) {
				return nil, false
			}
			m[k] = e
		}
		return m, true
	case reflect.Struct:
		fields := infoOf(v.Type()).fields
		m := make(map[string]any, len(fields))
		for _, f := range fields {
			fv := v.Field(f.index)
			if f.omitEmpty && isEmpty(fv) {
				continue
			}
			e, ok := toModel(fv, depth+1)
			if !ok {
				return nil, false
			}
			m[f.name] = e
		}
		return m, true
	}
	return nil, false
}

// normalize returns x as decodeObject(json.Marshal(x)) would: maps and
// slices copied, and a float64 that json.Marshal writes as an integer
// made an int64.
func normalize(orig any, depth int) (any, bool) {
	if depth >= maxDepth {
		return nil, false
	}
	switch x := orig.(type) {
	case nil, bool, int64:
		return orig, true
	case string:
		return orig, utf8.ValidString(x)
	case float64:
		switch {
		case math.IsInf(x, 0) || math.IsNaN(x):
			return nil, false
		case x == math.Trunc(x):
			// json.Marshal may write it as an integer, its shortest digits
			// padded with zeros, which ParseInt may take.
			var buf [32]byte
			b, _ := appendFloat(buf[:0], x)
			return numberModel(b)
		}
		return orig, true
	case []any:
		if x == nil {
			return nil, true
		}
		a := make([]any, len(x))
		for i, e := range x {
			var ok bool
			if a[i], ok = normalize(e, depth+1); !ok {
				return nil, false
			}
		}
		return a, true
	case map[string]any:
		if x == nil {
			return nil, true
		}
		m := make(map[string]any, len(x))
		for k, e := range x {
			n, ok := normalize(e, depth+1)
			if !ok || !utf8.ValidString(k) {
				return nil, false
			}
			m[k] = n
		}
		return m, true
	}
	v := reflect.ValueOf(orig)
	if !infoOf(v.Type()).ok {
		return nil, false
	}
	return toModel(v, depth+1)
}

// numberModel reads the JSON number text as the reader does.
func numberModel(text []byte) (any, bool) {
	r := reader{data: text}
	n, ok := r.number()
	return n, ok && r.pos == len(text)
}

// isEmpty is encoding/json's isEmptyValue, for omitempty.
func isEmpty(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Interface, reflect.Pointer:
		return v.IsZero()
	}
	return false
}
