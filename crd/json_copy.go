package crd

// DeepCopy returns a copy of j that shares no map or slice with it, so
// that changing one leaves the other as it is. The other values (nil,
// bool, string, int64, float64) are immutable and are shared. For example,
//
//	c := JSON{map[string]any{"a": []any{int64(1)}}}.DeepCopy()
//
// gives a new map holding a new slice.
func (j JSON) DeepCopy() JSON {
	return JSON{deepCopyJSON(j.Value)}
}

// deepCopyJSON copies a JSON value: maps and slices are copied, other
// values are immutable.
func deepCopyJSON(x any) any {
	switch x := x.(type) {
	case []any:
		c := make([]any, len(x))
		for i, v := range x {
			c[i] = deepCopyJSON(v)
		}
		return c
	case map[string]any:
		c := make(map[string]any, len(x))
		for k, v := range x {
			c[k] = deepCopyJSON(v)
		}
		return c
	}
	return x
}
