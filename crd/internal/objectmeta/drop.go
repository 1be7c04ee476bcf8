package objectmeta

import (
	"github.com/kubeversion/kubeversion/crd/internal/field"
	"github.com/kubeversion/kubeversion/crd/internal/structural"
)

// DropMalformed is the server's objectmeta.Coerce with DropInvalidFields,
// as its check of pruned defaults calls it: in every embedded resource in
// x (and in x when isResourceRoot), apiVersion and kind that are not
// strings are deleted, and metadata that is an object or null is
// rewritten keeping the fields that read well one by one (see
// [ReadDropping]). Metadata of another type stays as it is.
func DropMalformed(x any, s *structural.Structural, isResourceRoot bool) {
	resources(nil, x, s, isResourceRoot, func(_ *field.Path, obj map[string]any) bool {
		for _, k := range [...]string{"apiVersion", "kind"} {
			if v, ok := obj[k]; ok {
				if _, isString := v.(string); !isString {
					delete(obj, k)
				}
			}
		}
		if v, ok := obj["metadata"]; ok {
			if _, isObj := v.(map[string]any); isObj || v == nil {
				obj["metadata"] = ReadDropping(v)
			}
		}
		return true
	})
}

// ReadDropping reads v, an object or null, as metadata field by field, as
// the server's GetObjectMetaWithOptions with DropMalformedFields does when
// the whole does not read: a field that does not read alone is dropped.
// It returns the metadata as the server writes it back.
func ReadDropping(v any) map[string]any {
	if m, err := Read(v); err == nil {
		return m.Normalized
	}
	obj := v.(map[string]any)
	kept := map[string]any{}
	for k, x := range obj {
		if _, err := Read(map[string]any{k: x}); err == nil {
			kept[k] = x
		}
	}
	m, _ := Read(kept)
	return m.Normalized
}
