package prune

import "github.com/kubeversion/kubeversion/crd/internal/structural"

// Nulls is the server's PruneNonNullableNullsWithoutDefaults: it removes
// from x the null fields whose schema in s is neither nullable nor has a
// default.
func Nulls(x any, s *structural.Structural) {
	switch x := x.(type) {
	case map[string]any:
		for k, v := range x {
			var sub *structural.Structural
			if s != nil {
				sub, _ = fieldSchema(s, k)
			}
			if v == nil && sub != nil && !sub.Nullable && (sub.Default == nil || *sub.Default == nil) {
				delete(x, k)
			} else {
				Nulls(v, sub)
			}
		}
	case []any:
		items := itemsSchema(s)
		for _, v := range x {
			Nulls(v, items)
		}
	}
}
