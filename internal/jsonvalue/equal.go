package jsonvalue

// Equal reports whether a and b are equal as reflect.DeepEqual finds
// values of the model equal, without reflection: the same types, maps
// with the same keys, slices of the same length, both nil or neither, and
// equal elements. int64(1) and float64(1) differ, and NaN equals nothing,
// as in DeepEqual. For example,
//
//	Equal([]any{int64(1)}, []any{int64(1)}) // true
//	Equal(int64(1), float64(1))             // false
func Equal(a, b any) bool {
	switch a := a.(type) {
	case []any:
		b, ok := b.([]any)
		if !ok || len(a) != len(b) || (a == nil) != (b == nil) {
			return false
		}
		for i := range a {
			if !Equal(a[i], b[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || len(a) != len(b) || (a == nil) != (b == nil) {
			return false
		}
		for k, av := range a {
			bv, ok := b[k]
			if !ok || !Equal(av, bv) {
				return false
			}
		}
		return true
	case float64:
		b, ok := b.(float64)
		return ok && a == b
	}
	return a == b
}
