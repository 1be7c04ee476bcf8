package object

import (
	"fmt"
	"strings"

	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/objectmeta"
	"github.com/kubeversion/kubeversion/crd/internal/prune"
	"github.com/kubeversion/kubeversion/crd/internal/structural"
)

// coercion says how the server's unstructuredSchemaCoercer treats an
// object: a request's reports unknown fields; what etcd holds has its
// malformed metadata dropped and a generation of 0 made 1; an object
// converted between versions gets neither.
type coercion struct {
	reportUnknown    bool
	dropMalformed    bool
	repairGeneration bool
}

var (
	requestCoercion    = coercion{reportUnknown: true}
	storedCoercion     = coercion{dropMalformed: true, repairGeneration: true}
	conversionCoercion = coercion{}
)

// coerce does to obj what the server's coercer does with the options of
// how: kind, apiVersion and metadata read; when obj is of the CRD's group
// and kind, pruning by the schema of obj's version, the removal of nulls
// the schema neither allows nor defaults, and the coercion of embedded
// resources; metadata rewritten as the server writes it. It returns the
// unknown fields, when how reports them, in the server's order: those of
// the metadata, the pruned ones, then those of embedded metadata.
func (how coercion) coerce(obj map[string]any, c *api.CustomResourceDefinition) ([]string, error) {
	kind, _ := obj["kind"].(string)
	apiVersion, _ := obj["apiVersion"].(string)
	var schema *api.JSONSchemaProps
	ofKind := false
	if group, version, err := splitGroupVersion(apiVersion); err == nil && group == c.Spec.Group && kind == c.Spec.Names.Kind {
		v, err := findVersion(c, version)
		if err != nil {
			return nil, err
		}
		schema, ofKind = v.Schema.OpenAPIV3Schema, true
	}
	unknown, _, err := how.apply(obj, schema, ofKind)
	return unknown, err
}

// apply is coerce with the schema s of obj's version; ofKind tells
// whether obj is of the CRD's group and kind. It also returns the pruned fields, even
// with an error, which comes from the embedded resources.
func (how coercion) apply(obj map[string]any, s *api.JSONSchemaProps, ofKind bool) (unknown, pruned []string, err error) {
	kind, foundKind, err := nestedString(obj, "kind")
	if err != nil {
		return nil, nil, err
	}
	apiVersion, foundAPIVersion, err := nestedString(obj, "apiVersion")
	if err != nil {
		return nil, nil, err
	}
	meta, foundMeta, err := how.readMeta(obj)
	if err != nil {
		return nil, nil, err
	}
	if foundMeta && how.reportUnknown {
		unknown = objectmeta.UnknownFields("metadata", obj["metadata"])
	}
	if strings.Count(apiVersion, "/") > 1 {
		return nil, nil, fmt.Errorf("unexpected GroupVersion string: %v", apiVersion)
	}
	if ofKind {
		m := structural.PruningFor(s, obj)
		pruned = prune.Resource(obj, m)
		unknown = append(unknown, pruned...)
		prune.Nulls(obj, m)
		if how.dropMalformed {
			objectmeta.DropMalformed(obj, m, false)
		} else {
			paths, err := objectmeta.CoerceReporting(nil, obj, m, false)
			if err != nil {
				return nil, pruned, err
			}
			unknown = append(unknown, paths...)
		}
		if how.repairGeneration && meta.Generation == 0 {
			meta.Generation = 1
			meta.Normalized["generation"] = int64(1)
		}
	}
	if !how.reportUnknown {
		unknown = nil
	}
	if foundKind {
		obj["kind"] = kind
	}
	if foundAPIVersion {
		obj["apiVersion"] = apiVersion
	}
	if foundMeta {
		obj["metadata"] = meta.Normalized
	}
	return unknown, pruned, nil
}

// readMeta reads obj's metadata as GetObjectMetaWithOptions does: an
// error where it does not read, unless how drops malformed fields.
func (how coercion) readMeta(obj map[string]any) (objectmeta.Meta, bool, error) {
	v, ok := obj["metadata"]
	if !ok {
		return objectmeta.Meta{}, false, nil
	}
	m, err := objectmeta.Read(v)
	if err == nil || !how.dropMalformed {
		return m, true, err
	}
	if _, isObj := v.(map[string]any); !isObj && v != nil {
		return m, false, fmt.Errorf("invalid metadata: expected object, got %T", v)
	}
	m, _ = objectmeta.Read(objectmeta.ReadDropping(v))
	return m, true, nil
}
