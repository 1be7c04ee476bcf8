package conversion

import (
	"github.com/kubeversion/kubeversion/internal/jsonvalue"
	"math"
	"reflect"
	"strconv"
	"unicode/utf8"
)

// The way back of TypedStep's walk: from a Go value to the JSON model.

// maxDepth bounds the nesting TypedStep's walk follows, as it bounds the
// Handler's reader's; deeper values take the slow path.
const maxDepth = jsonvalue.MaxDepth

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
		return jsonvalue.Number(strconv.AppendUint(nil, v.Uint(), 10))
	case reflect.Float64:
		b, ok := jsonvalue.AppendFloat(make([]byte, 0, 24), v.Float())
		if !ok {
			return nil, false
		}
		return jsonvalue.Number(b)
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
			b, _ := jsonvalue.AppendFloat(buf[:0], x)
			return jsonvalue.Number(b)
		}
		return orig, true
	case []any:
		return copySlice(x, depth, normalize)
	case map[string]any:
		return copyMap(x, depth, normalize)
	}
	v := reflect.ValueOf(orig)
	if !infoOf(v.Type()).ok {
		return nil, false
	}
	return toModel(v, depth+1)
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
