package object

import (
	"fmt"
	"math"
	"strings"

	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/field"
)

// validateScale is the strategy's ValidateScaleSpec and
// ValidateScaleStatus: the replicas that the scale subresource reads must
// be integers from 0 to 2^31-1 where obj has them, and the label
// selector a string. The errors are at the paths as sc writes them, such
// as ".spec.replicas".
func validateScale(obj map[string]any, sc *api.ScaleSubresource) field.ErrorList {
	if sc == nil {
		return nil
	}
	var errs field.ErrorList
	for _, path := range [...]string{sc.SpecReplicasPath, sc.StatusReplicasPath} {
		n, err := nestedInt64(obj, path)
		switch {
		case err != nil:
			errs = append(errs, field.Invalid(scalePath(path), n, err.Error()))
		case n < 0:
			errs = append(errs, field.Invalid(scalePath(path), n, "should be a non-negative integer"))
		case n > math.MaxInt32:
			errs = append(errs, field.Invalid(scalePath(path), n, fmt.Sprintf("should be less than or equal to %v", math.MaxInt32)))
		}
	}
	if sc.LabelSelectorPath != nil {
		if err := nestedStringAt(obj, *sc.LabelSelectorPath); err != nil {
			errs = append(errs, field.Invalid(scalePath(*sc.LabelSelectorPath), "", err.Error()))
		}
	}
	return errs
}

// scalePath is the path of the field at a scale path, such as
// ".spec.replicas", as the server builds it: the scale path as one child
// of nothing.
func scalePath(path string) *field.Path {
	return (*field.Path)(nil).ChildPath(path)
}

// nestedField is unstructured.NestedFieldNoCopy at path, a scale path
// such as ".spec.replicas": the value and whether it is there.
func nestedField(obj map[string]any, path string) (any, []string, bool, error) {
	fields := strings.Split(strings.TrimPrefix(path, "."), ".")
	var v any = obj
	for i, f := range fields {
		if v == nil {
			return nil, fields, false, nil
		}
		m, ok := v.(map[string]any)
		if !ok {
			return nil, fields, false, fmt.Errorf("%v accessor error: %v is of the type %T, expected map[string]interface{}", accessorPath(fields[:i+1]), v, v)
		}
		if v, ok = m[f]; !ok {
			return nil, fields, false, nil
		}
	}
	return v, fields, true, nil
}

// nestedInt64 is unstructured.NestedInt64: 0 when absent or on error.
func nestedInt64(obj map[string]any, path string) (int64, error) {
	v, fields, found, err := nestedField(obj, path)
	if !found || err != nil {
		return 0, err
	}
	n, ok := v.(int64)
	if !ok {
		return 0, fmt.Errorf("%v accessor error: %v is of the type %T, expected int64", accessorPath(fields), v, v)
	}
	return n, nil
}

// nestedStringAt is the error of unstructured.NestedString.
func nestedStringAt(obj map[string]any, path string) error {
	v, fields, found, err := nestedField(obj, path)
	if !found || err != nil {
		return err
	}
	if _, ok := v.(string); !ok {
		return fmt.Errorf("%v accessor error: %v is of the type %T, expected string", accessorPath(fields), v, v)
	}
	return nil
}

// accessorPath is how unstructured's accessors write fields in errors.
func accessorPath(fields []string) string {
	return "." + strings.Join(fields, ".")
}
