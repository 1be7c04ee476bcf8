package api

import "github.com/kubeversion/kubeversion/internal/jsonvalue"

// DeepCopy returns a copy of j that shares no map or slice with it, so
// that changing one leaves the other as it is. The other values (nil,
// bool, string, int64, float64) are immutable and are shared. For example,
//
//	c := JSON{map[string]any{"a": []any{int64(1)}}}.DeepCopy()
//
// gives a new map holding a new slice.
func (j JSON) DeepCopy() JSON {
	return JSON{jsonvalue.Copy(j.Value)}
}
