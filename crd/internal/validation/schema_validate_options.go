package validation

import (
	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/field"
	"github.com/kubeversion/kubeversion/crd/internal/structural"
)

// schemaOptions are the rules on schemas that an update relaxes when the
// live object already broke them: the schema part of the API server's
// validationOptions.
type schemaOptions struct {
	// allowDefaults permits default in schemas; the server always sets
	// it, so disallowDefaultsReason stays empty.
	allowDefaults          bool
	disallowDefaultsReason string
	// requireValidPropertyType: type must be one of the OpenAPI v3 types.
	requireValidPropertyType bool
	// requireStructuralSchema: schemas must be structural. The spec
	// forces it too: see validateSpec.
	requireStructuralSchema bool
	// requirePrunedDefaults: defaults must not change when pruned.
	requirePrunedDefaults bool
	// requireAtomicSetType: the items of a set must be atomic.
	requireAtomicSetType bool
	// requireMapListKeysMapSetValidation: items of sets and map lists
	// must not be nullable, and map keys must be required or defaulted.
	requireMapListKeysMapSetValidation bool

	// cel, if not nil, judges the CEL rules of the schemas of crd, which
	// replaces old on update (old is nil on create).
	cel      CELChecker
	crd, old *api.CustomResourceDefinition
}

// createSchemaOptions returns the schema options of a create: every rule
// applies.
func createSchemaOptions() schemaOptions {
	return schemaOptions{
		allowDefaults:                      true,
		requireValidPropertyType:           true,
		requireStructuralSchema:            true,
		requirePrunedDefaults:              true,
		requireAtomicSetType:               true,
		requireMapListKeysMapSetValidation: true,
	}
}

// updateSchemaOptions returns the schema options of an update from old:
// a rule that one of old's schemas breaks is not applied, so that old can
// still be changed.
func updateSchemaOptions(old *api.CustomResourceDefinition) schemaOptions {
	return schemaOptions{
		allowDefaults:                      true,
		requireValidPropertyType:           !anySchema(&old.Spec, hasInvalidType),
		requireStructuralSchema:            !anyRoot(&old.Spec, isNonStructural),
		requirePrunedDefaults:              !anyRoot(&old.Spec, hasUnprunedDefaults),
		requireAtomicSetType:               !anySchema(&old.Spec, hasNonAtomicSetItems),
		requireMapListKeysMapSetValidation: !anySchema(&old.Spec, hasInvalidMapListKeysMapSet),
	}
}

// anySchema reports whether pred holds for some schema in some version
// of spec, or below one.
func anySchema(spec *api.Spec, pred func(*api.JSONSchemaProps) bool) bool {
	for i := range spec.Versions {
		v := &spec.Versions[i]
		if api.HasSchema(v) && schemaHas(v.Schema.OpenAPIV3Schema, pred) {
			return true
		}
	}
	return false
}

// anyRoot reports whether pred holds for the openAPIV3Schema of some
// version of spec.
func anyRoot(spec *api.Spec, pred func(*api.JSONSchemaProps) bool) bool {
	for i := range spec.Versions {
		v := &spec.Versions[i]
		if api.HasSchema(v) && pred(v.Schema.OpenAPIV3Schema) {
			return true
		}
	}
	return false
}

// schemaHas reports whether pred holds for s or a schema below it.
func schemaHas(s *api.JSONSchemaProps, pred func(*api.JSONSchemaProps) bool) bool {
	found := false
	api.WalkSchema(s, func(s *api.JSONSchemaProps) {
		found = found || pred(s)
	})
	return found
}

func hasInvalidType(s *api.JSONSchemaProps) bool {
	return s.Type != "" && !isOpenAPIV3Type(s.Type)
}

func hasDefault(s *api.JSONSchemaProps) bool {
	return s.Default != nil
}

func isNonStructural(s *api.JSONSchemaProps) bool {
	return !isStructural(s)
}

// hasUnprunedDefaults reports whether s, the root of a schema, is
// structural and has a default that pruning would change, as the API
// server's schemaHasUnprunedDefaults.
func hasUnprunedDefaults(s *api.JSONSchemaProps) bool {
	return schemaHas(s, hasDefault) && isStructural(s) && pruningChangesDefaults(s)
}

// hasNonAtomicSetItems reports whether s is a set whose items are not
// atomic.
func hasNonAtomicSetItems(s *api.JSONSchemaProps) bool {
	if s.XListType == nil || *s.XListType != "set" || structural.Items(s) == nil {
		return false
	}
	return len(checkSetItems(s.Items.Schema, field.NewPath(""))) > 0
}

func hasInvalidMapListKeysMapSet(s *api.JSONSchemaProps) bool {
	return len(checkMapListKeysMapSet(s, field.NewPath(""))) > 0
}
