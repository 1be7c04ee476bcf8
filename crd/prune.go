package crd

import (
	"github.com/kubeversion/kubeversion/crd/internal/object"
	"github.com/kubeversion/kubeversion/crd/internal/prune"
	"github.com/kubeversion/kubeversion/crd/internal/structural"
)

// Prune removes from obj, a custom resource read from JSON, every field
// that the schema s does not specify, as the API server does when it
// stores or converts an object (k8s.io/apiextensions-apiserver's
// pruning.PruneWithOptions with isResourceRoot true). It returns the paths
// of the removed fields, sorted as by [slices.Sort], in the server's form:
// "spec.foo", "spec.list[1].bar". It changes nothing but removing fields.
// For example, with the schema
//
//	{"type": "object", "properties": {"spec": {"type": "object", "properties": {"replicas": {"type": "integer"}}}}}
//
// Prune(obj, s) removes spec.replica from
// {"apiVersion": "example.com/v1", "kind": "Foo", "spec": {"replicas": 1, "replica": 2}}
// and returns ["spec.replica"].
//
// Values are those of the JSON model of [JSON]: nil, bool, string, int64,
// float64, []any and map[string]any. As in the server:
//
//   - apiVersion, kind and metadata are kept at the root and in every
//     embedded resource (x-kubernetes-embedded-resource), and never looked
//     into: metadata is not pruned here ([Coerce] does the rest of what
//     the server does to an object, metadata included);
//   - under x-kubernetes-preserve-unknown-fields unknown fields are kept,
//     but the properties the schema does specify are pruned by their
//     schemas;
//   - a field matched by additionalProperties is pruned by its schema;
//     where additionalProperties is a boolean, an object in such a field
//     loses all its fields;
//   - a nil s removes everything but apiVersion, kind and metadata.
//
// A schema the server could not have accepted as structural (items given
// as a list of schemas) is read as if items were absent.
func Prune(obj map[string]any, s *JSONSchemaProps) []string {
	if obj == nil {
		return nil
	}
	return prune.Resource(obj, structural.PruningFor(s, obj))
}

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
	return object.Coerce(obj, s)
}
