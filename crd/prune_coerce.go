package crd

import "fmt"

// Coerce does to obj, a custom resource of the CRD's group and kind read
// from JSON, what the API server does to each such object it converts
// between versions, s being the schema of obj's version
// (unstructuredSchemaCoercer in the server, as its converter sets it up):
//
//   - kind and apiVersion must be strings, apiVersion a group/version, and
//     metadata must read as an ObjectMeta;
//   - fields the schema does not specify are removed, as by [Prune], and so
//     are nulls where the schema neither allows null (nullable) nor has a
//     default;
//   - the apiVersion, kind and metadata of embedded resources must read as
//     well, and their metadata is rewritten as the server writes it;
//   - the metadata at the root is rewritten as the server writes it back:
//     unknown and empty fields dropped, timestamps in UTC.
//
// It returns the paths that [Prune] returns, and an error, with obj
// partly changed, where the server would fail. For example, the metadata
// {"name": "x", "foo": 1} becomes {"name": "x"}, and {"name": 1} gives the
// error
//
//	json: cannot unmarshal number into Go struct field ObjectMeta.name of type string
//
// The server applies this only to objects of the CRD's group and kind;
// callers check that.
func Coerce(obj map[string]any, s *JSONSchemaProps) ([]string, error) {
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
