package jsonvalue

// Copy returns a copy of v that shares no map or slice with it, so that
// changing one leaves the other as it is. The other values of the model
// (nil, bool, string, int64, float64) are immutable and are shared. A nil
// slice or map becomes an empty one, as crd.JSON's DeepCopy has always
// made it. For example,
//
//	c := Copy(map[string]any{"a": []any{int64(1)}})
//
// gives a new map holding a new slice.
func Copy(v any) any {
	switch v := v.(type) {
	case []any:
		c := make([]any, len(v))
		for i, e := range v {
			c[i] = Copy(e)
		}
		return c
	case map[string]any:
		c := make(map[string]any, len(v))
		for k, e := range v {
			c[k] = Copy(e)
		}
		return c
	}
	return v
}
