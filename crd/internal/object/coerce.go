package object

import (
	"fmt"

	"github.com/kubeversion/kubeversion/crd/internal/api"
)

// Coerce does to obj what the API server does to each custom resource it
// converts between versions, s being the schema of obj's version, as
// crd.Coerce documents.
func Coerce(obj map[string]any, s *api.JSONSchemaProps) ([]string, error) {
	_, pruned, err := conversionCoercion.apply(obj, s, true)
	return pruned, err
}

// nestedString is unstructured.NestedString for a field at the root.
func nestedString(obj map[string]any, k string) (string, bool, error) {
	v, ok := obj[k]
	if !ok {
		return "", false, nil
	}
	s, ok := v.(string)
	if !ok {
		return "", false, fmt.Errorf(".%s accessor error: %v is of the type %T, expected string", k, v, v)
	}
	return s, true, nil
}
