package objectmeta

import (
	"strconv"

	"github.com/kubeversion/kubeversion/crd/internal/field"
	"github.com/kubeversion/kubeversion/crd/internal/structural"
)

// UnknownFields returns the paths of the fields of v, metadata at path,
// that an ObjectMeta does not have, as the server's strict decoding of
// metadata reports them (GetObjectMetaWithOptions with
// ReturnUnknownFieldPaths): in sorted order, the fields of owner
// references and managed fields included. For example, at path
// "metadata", {"name": "a", "nmae": "b"} gives ["metadata.nmae"]. A v that
// is not an object gives none.
func UnknownFields(path string, v any) []string {
	obj, ok := v.(map[string]any)
	if !ok {
		return nil
	}
	var paths []string
	for _, k := range sortedKeys(obj) {
		typ, known := metaFieldTypes[k]
		switch {
		case !known:
			paths = append(paths, path+"."+k)
		case typ == "[]v1.OwnerReference":
			paths = unknownInList(paths, path+"."+k, obj[k], ownerReferenceTypes)
		case typ == "[]v1.ManagedFieldsEntry":
			paths = unknownInList(paths, path+"."+k, obj[k], managedFieldTypes)
		}
	}
	return paths
}

// unknownInList appends the unknown fields of the objects in the list v
// at path, whose fields are those of known.
func unknownInList(paths []string, path string, v any, known map[string]string) []string {
	list, _ := v.([]any)
	for i, x := range list {
		obj, ok := x.(map[string]any)
		if !ok {
			continue
		}
		for _, k := range sortedKeys(obj) {
			if _, ok := known[k]; !ok {
				paths = append(paths, path+"["+strconv.Itoa(i)+"]."+k)
			}
		}
	}
	return paths
}

// CoerceReporting is [Coerce], which also returns the unknown fields of
// the metadata of the embedded resources it rewrites, as the server's
// CoerceWithOptions with ReturnUnknownFieldPaths does: in the order of
// the walk, each resource's after those of the resources met before it.
func CoerceReporting(path *field.Path, x any, s *structural.Structural, isResourceRoot bool) ([]string, *field.Error) {
	var paths []string
	var err *field.Error
	typeMetaFields(path, x, s, isResourceRoot, func(path *field.Path, obj map[string]any, k string) bool {
		if k == "metadata" {
			paths = append(paths, UnknownFields(path.Child("metadata").String(), obj[k])...)
		}
		err = coerceField(path, obj, k)
		return err == nil
	})
	return paths, err
}
