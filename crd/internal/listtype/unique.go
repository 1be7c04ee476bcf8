package listtype

import (
	"github.com/kubeversion/kubeversion/crd/internal/field"
	"github.com/kubeversion/kubeversion/internal/jsonvalue"
)

// unspecified is the key of a map list's item that lacks its key field,
// or that is null: unequal to every value, even null.
type unspecified struct{}

// duplicates returns the index of the second occurrence of each item of
// list that occurs more than once, in order, as the server's
// validateListSet: for ["a", "b", "a", "a", "b"] it gives [2, 4].
// Scalars are compared as Go values (int64(1) != float64(1)), objects and
// lists by their JSON. An item whose JSON cannot be written (NaN, which
// no JSON document holds) is the error "internal error".
func duplicates(path *field.Path, list []any) ([]int, *field.Error) {
	if len(list) <= 1 {
		return nil, nil
	}
	var (
		scalars   map[any]int
		compounds map[string]int
		w         jsonvalue.Writer
		buf       []byte
		dups      []int
	)
	for i, x := range list {
		var times int
		switch x.(type) {
		case map[string]any, []any:
			var err error
			buf, err = w.Append(buf[:0], x)
			if err != nil {
				e := field.Invalid(path.Index(i), x, "internal error")
				return nil, e
			}
			if compounds == nil {
				compounds = make(map[string]int, len(list))
			}
			times = compounds[string(buf)]
			compounds[string(buf)] = times + 1
		default:
			if scalars == nil {
				scalars = make(map[any]int, len(list))
			}
			times = scalars[x]
			scalars[x] = times + 1
		}
		if times == 1 {
			dups = append(dups, i)
		}
	}
	return dups, nil
}
