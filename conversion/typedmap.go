package conversion

import (
	"math"
	"reflect"
	"strings"
	"unicode/utf8"
)

// TypedStep's fast path: instead of encoding the object as JSON and
// decoding the JSON into a From, and the same back from the To, it walks
// the map and the Go value together by reflection. It handles only the Go
// types whose JSON encoding it is sure to reproduce (see typeInfo) and
// only values it is sure encoding/json would convert without an error;
// for anything else it reports false and TypedStep takes the path through
// JSON, which gives the value or the error it always gave.

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
	case reflect.Slice:
		return fromSlice(v, x, depth)
	case reflect.Map:
		return fromMap(v, x, depth)
	case reflect.Struct:
		return fromStruct(v, x, depth)
	}
	return fromScalar(v, x)
}

// fromScalar sets v, a bool, string, integer or float64, to x; false when
// x is of another type or does not fit.
func fromScalar(v reflect.Value, x any) bool {
	switch v.Kind() {
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
	}
	return false
}

// fromSlice sets v, a slice, to the elements of x, a []any.
func fromSlice(v reflect.Value, x any, depth int) bool {
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
}

// fromMap sets v, a map with string keys, to the entries of x, a
// map[string]any.
func fromMap(v reflect.Value, x any, depth int) bool {
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
}

// fromStruct sets the fields of v, a struct, from the keys of x, a
// map[string]any, matched to the JSON names of its fields. A key that
// matches none only by case folding, or whose value json.Marshal would
// refuse, takes the slow path.
func fromStruct(v reflect.Value, x any, depth int) bool {
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

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// copySlice and copyMap copy a slice or a map of the generic model, each
// element passed through f at depth+1, as generic and normalize do: a nil
// slice or map becomes nil, and an element f refuses, or a key that is
// not UTF-8, makes the copy fail.
func copySlice(x []any, depth int, f func(any, int) (any, bool)) (any, bool) {
	if x == nil {
		return nil, true
	}
	a := make([]any, len(x))
	for i, e := range x {
		var ok bool
		if a[i], ok = f(e, depth+1); !ok {
			return nil, false
		}
	}
	return a, true
}

func copyMap(x map[string]any, depth int, f func(any, int) (any, bool)) (any, bool) {
	if x == nil {
		return nil, true
	}
	m := make(map[string]any, len(x))
	for k, e := range x {
		v, ok := f(e, depth+1)
		if !ok || !utf8.ValidString(k) {
			return nil, false
		}
		m[k] = v
	}
	return m, true
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
		return copySlice(x, depth, generic)
	case map[string]any:
		return copyMap(x, depth, generic)
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
