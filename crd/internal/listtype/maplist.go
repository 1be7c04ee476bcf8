package listtype

import "github.com/kubeversion/kubeversion/crd/internal/field"

// validateMap appends what is wrong with list, a map list at path whose
// items are keyed by the fields keys, as the server's validateListMap:
// the first item that is neither an object nor null, or else the items
// whose keys repeat those of an earlier item, with the keys as the value:
// {"name":"a"}, or {} for an item without its key.
func validateMap(errs field.ErrorList, path *field.Path, keys []string, list []any) field.ErrorList {
	for i, x := range list {
		if _, ok := x.(map[string]any); x != nil && !ok {
			return append(errs, field.Invalid(path.Index(i), x, "must be an object for an array of list-type map"))
		}
	}
	if len(list) <= 1 {
		return errs
	}
	if len(keys) == 1 {
		return validateMapKey(errs, path, keys[0], list)
	}
	// Several key fields (or none): each item's key is the object of its
	// key fields.
	itemKeys := make([]any, len(list))
	for i, x := range list {
		key := map[string]any{}
		if x, ok := x.(map[string]any); ok {
			for _, k := range keys {
				if v, ok := x[k]; ok {
					key[k] = v
				}
			}
		}
		itemKeys[i] = key
	}
	dups, err := duplicates(path, itemKeys)
	if err != nil {
		return append(errs, err)
	}
	for _, i := range dups {
		errs = append(errs, field.Duplicate(path.Index(i), itemKeys[i]))
	}
	return errs
}

// validateMapKey is validateMap for the one key field k: each item's key
// is the value of k, or unspecified.
func validateMapKey(errs field.ErrorList, path *field.Path, k string, list []any) field.ErrorList {
	itemKeys := make([]any, len(list))
	for i, x := range list {
		itemKeys[i] = unspecified{}
		if x, ok := x.(map[string]any); ok {
			if v, ok := x[k]; ok {
				itemKeys[i] = v
			}
		}
	}
	dups, err := duplicates(path, itemKeys)
	if err != nil {
		return append(errs, err)
	}
	for _, i := range dups {
		key := map[string]any{}
		if _, ok := itemKeys[i].(unspecified); !ok {
			key[k] = itemKeys[i]
		}
		errs = append(errs, field.Duplicate(path.Index(i), key))
	}
	return errs
}
