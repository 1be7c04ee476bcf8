package openapi

import (
	"fmt"

	"github.com/kubeversion/kubeversion/internal/jsonvalue"
)

// checkList is kube-openapi's schemaSliceValidator: the items, then
// minItems, maxItems and uniqueItems.
func (v *Validator) checkList(x []any, nd node, path string) *result {
	r := &result{}
	if items, ok := v.items(nd); ok {
		for i, e := range x {
			items.corr = nd.corr.index(i)
			r.merge(v.validate(e, items, fmt.Sprintf("%s[%d]", path, i)))
		}
	}
	vv := nd.vv
	size := int64(len(x))
	if vv.MinItems != nil && size < *vv.MinItems {
		r.add(Error{Code: Other, Name: path, Value: size,
			Message: fmt.Sprintf("%s in body should have at least %d items", path, *vv.MinItems)})
	}
	if vv.MaxItems != nil && size > *vv.MaxItems {
		r.add(Error{Code: MaxItems, Name: path, Actual: size, Limit: *vv.MaxItems,
			Message: fmt.Sprintf("%s in body should have at most %d items", path, *vv.MaxItems)})
	}
	if vv.UniqueItems && hasDuplicates(x) {
		r.add(Error{Code: Other, Name: path,
			Message: fmt.Sprintf("%s in body shouldn't contain duplicates", path)})
	}
	r.match++
	return r
}

// hasDuplicates reports whether two items of x are deeply equal. Like the
// server's check, it compares every pair.
func hasDuplicates(x []any) bool {
	for i := range x {
		for j := range i {
			if jsonvalue.Equal(x[j], x[i]) {
				return true
			}
		}
	}
	return false
}
