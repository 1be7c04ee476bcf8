package migrate

import (
	"cmp"
	"slices"
)

// sortFailures sorts failures in key order, the order of the list, so that
// reports of the same run read the same whatever the concurrency.
func sortFailures(f []Failure) {
	slices.SortFunc(f, func(a, b Failure) int {
		return cmp.Compare(objectKey(a.Namespace, a.Name), objectKey(b.Namespace, b.Name))
	})
}
