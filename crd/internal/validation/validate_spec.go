package validation

import (
	"strings"

	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/field"
	"github.com/kubeversion/kubeversion/crd/internal/names"
)

// validateSpec checks the spec as the API server's
// validateCustomResourceDefinitionSpec does, in its order.
func validateSpec(in *internalSpec, opts options) field.ErrorList {
	errs := validateGroupAndScope(in)
	var schemaErrs field.ErrorList
	opts, schemaErrs = requireSchemas(in, opts)
	errs = append(errs, schemaErrs...)
	errs = append(errs, validateVersions(in, opts)...)
	errs = append(errs, validateSpecNames(in)...)
	errs = append(errs, validateTopLevel(in, opts)...)
	if in.conversion.Strategy != api.NoneConverter && in.PreserveUnknownFields {
		errs = append(errs, field.Invalid(strategyPath, in.conversion.Strategy, "must be None if spec.preserveUnknownFields is true"))
	}
	return append(errs, validateConversion(in.conversion, opts.requireRecognizedReviews, opts.allowInvalidCABundle)...)
}

// validateGroupAndScope checks spec.group and spec.scope.
func validateGroupAndScope(in *internalSpec) field.ErrorList {
	var errs field.ErrorList
	switch g := in.Group; {
	case g == "":
		errs = append(errs, field.Required(field.NewPath("spec", "group"), ""))
	case names.DNS1123Subdomain(g) != nil:
		errs = append(errs, field.Invalid(field.NewPath("spec", "group"), g, strings.Join(names.DNS1123Subdomain(g), ",")))
	case !strings.Contains(g, "."):
		errs = append(errs, field.Invalid(field.NewPath("spec", "group"), g, "should be a domain with at least one dot"))
	}
	switch in.Scope {
	case api.ClusterScoped, api.NamespaceScoped:
	case "":
		errs = append(errs, field.Required(field.NewPath("spec", "scope"), ""))
	default:
		errs = append(errs, field.NotSupported(field.NewPath("spec", "scope"), in.Scope, api.ClusterScoped, api.NamespaceScoped))
	}
	return errs
}

// requireSchemas returns opts requiring structural schemas where the spec
// needs them, and the errors of versions without the schema they must
// have.
func requireSchemas(in *internalSpec, opts options) (options, field.ErrorList) {
	var errs field.ErrorList
	// Pruning (preserveUnknownFields false), defaults and x-kubernetes-
	// extensions need structural schemas.
	// (Whether a schema has defaults matters only with
	// preserveUnknownFields, which few CRDs set: the walk is skipped
	// without.)
	hasDefaults := in.PreserveUnknownFields && in.anySchema(func(s *api.JSONSchemaProps) bool { return s.Default != nil })
	if !in.PreserveUnknownFields || hasDefaults || in.anySchema(usesKubernetesExtension) {
		opts.schema.requireStructuralSchema = true
	}
	if in.topSchema() == nil {
		for i := range in.versions {
			v := &in.versions[i]
			switch {
			case api.HasSchema(v):
			case opts.requireSchema:
				errs = append(errs, field.Required(field.VersionPath(i).Child("schema").Child("openAPIV3Schema"), ""))
			case !in.PreserveUnknownFields && v.Served:
				errs = append(errs, field.Required(field.VersionPath(i).Child("schema").Child("openAPIV3Schema"), "because otherwise all fields are pruned"))
			}
		}
	}
	if in.PreserveUnknownFields && hasDefaults {
		errs = append(errs, field.Invalid(field.NewPath("spec", "preserveUnknownFields"), true, "must be false in order to use defaults in the schema"))
	}
	return opts, errs
}

// validateVersions checks each version, then the list of them and
// spec.version.
func validateVersions(in *internalSpec, opts options) field.ErrorList {
	var errs field.ErrorList
	storage := 0
	unique := true
	seen := make(map[string]bool, len(in.versions))
	for i := range in.versions {
		v := &in.versions[i]
		if v.Storage {
			storage++
		}
		if seen[v.Name] {
			unique = false
		}
		seen[v.Name] = true
		if msgs := names.DNS1035Label(v.Name); msgs != nil {
			errs = append(errs, field.Invalid(field.VersionPath(i).Child("name"), v.Name, strings.Join(msgs, ",")))
		}
		sub := in.subresourcesFor(i)
		errs = append(errs, validateVersion(v, i, sub != nil && sub.Status != nil, opts)...)
	}
	// The server's checks that top-level and per-version fields exclude
	// each other, and that per-version ones differ, cannot fail on a v1
	// object, whose conversion keeps each field in one place, but for one:
	// validating the versions coerces the metadata of their defaults,
	// which can make schemas that differed equal.
	if identicalSchemas(in.versions) {
		errs = append(errs, in.invalidVersions("per-version schemas may not all be set to identical values (top-level validation should be used instead)"))
	}
	if !unique {
		errs = append(errs, in.invalidVersions("must contain unique version names"))
	}
	if storage != 1 {
		errs = append(errs, in.invalidVersions("must have exactly one version marked as storage version"))
	}
	if in.version != "" {
		if msgs := names.DNS1035Label(in.version); msgs != nil {
			errs = append(errs, field.Invalid(field.NewPath("spec", "version"), in.version, strings.Join(msgs, ",")))
		}
	}
	return errs
}

// validateSpecNames checks spec.names, defaulted.
func validateSpecNames(in *internalSpec) field.ErrorList {
	var errs field.ErrorList
	for _, n := range []struct{ name, value string }{
		{"plural", in.names.Plural}, {"singular", in.names.Singular},
		{"kind", in.names.Kind}, {"listKind", in.names.ListKind},
	} {
		if n.value == "" {
			errs = append(errs, field.Required(field.NewPath("spec", "names", n.name), ""))
		}
	}
	return append(errs, validateNames(&in.names, namesPath)...)
}

// validateTopLevel checks what the server's conversion hoisted to the
// top level: the schema, subresources, printer columns and selectable
// fields that every version shares.
func validateTopLevel(in *internalSpec, opts options) field.ErrorList {
	var errs field.ErrorList
	var schema modeled
	if in.validation != nil {
		schema = modelOf(in.validation.OpenAPIV3Schema)
		errs = append(errs, validateSchema(schema, in.anyStatusEnabled(), opts.schema, validationSchemaPath, in.version)...)
	}
	errs = append(errs, validateSubresources(in.subresources, subresourcesPath)...)
	errs = append(errs, validateColumns(in.columns, columnsPath)...)
	if len(in.selectableFields) > 0 {
		if in.validation == nil {
			errs = append(errs, field.Invalid(selectableFieldsPath, "", "may only be set when validations.schema is included"))
		} else {
			errs = append(errs, validateSelectableFields(in.selectableFields, schema,
				unconvertedSchemaPath, selectableFieldsPath, "", opts)...)
		}
	}
	return errs
}

// validateVersion checks the version at index i as
// validateCustomResourceDefinitionVersion.
func validateVersion(v *api.Version, i int, statusEnabled bool, opts options) field.ErrorList {
	if v.DeprecationWarning == nil && v.Schema == nil && v.Subresources == nil &&
		len(v.AdditionalPrinterColumns) == 0 && len(v.SelectableFields) == 0 {
		return nil // nothing to check, and no path to build
	}
	path := field.VersionPath(i)
	var errs field.ErrorList
	for _, msg := range deprecationWarningErrors(v.Deprecated, v.DeprecationWarning) {
		errs = append(errs, field.Invalid(path.Child("deprecationWarning"), v.DeprecationWarning, msg))
	}
	var schema modeled
	if v.Schema != nil {
		schema = modelOf(v.Schema.OpenAPIV3Schema)
		errs = append(errs, validateSchema(schema, statusEnabled, opts.schema, path.Child("schema").Child("openAPIV3Schema"), v.Name)...)
	}
	errs = append(errs, validateSubresources(v.Subresources, path.Child("subresources"))...)
	errs = append(errs, validateColumns(v.AdditionalPrinterColumns, path.Child("additionalPrinterColumns"))...)
	if len(v.SelectableFields) > 0 {
		if !api.HasSchema(v) {
			errs = append(errs, field.Invalid(path.Child("selectableFields"), "", "may only be set when `version.schema.openAPIV3Schema` is not included"))
		} else {
			errs = append(errs, validateSelectableFields(v.SelectableFields, schema,
				path.Child("schema").Child("openAPIV3Schema"), path.Child("selectableFields"), v.Name, opts)...)
		}
	}
	return errs
}

// invalidVersions is the error of spec.versions with detail; the list
// prints as the server converted it before validation began.
func (in *internalSpec) invalidVersions(detail string) *field.Error {
	e := field.Invalid(field.NewPath("spec", "versions"), in.Versions, detail)
	field.SetHoisting(e, &in.hoisting)
	return e
}

// identicalSchemas reports whether every version has a schema and all
// are equal, as the server's hasIdenticalPerVersionSchema does.
func identicalSchemas(versions []api.Version) bool {
	for i := range versions {
		if versions[i].Schema == nil || !api.SemanticEqual(versions[i].Schema, versions[0].Schema) {
			return false
		}
	}
	return len(versions) > 0
}

// anySchema reports whether pred holds for some schema, at any depth, of
// the internal spec.
func (in *internalSpec) anySchema(pred func(*api.JSONSchemaProps) bool) bool {
	found := false
	for _, s := range in.schemas() {
		api.WalkSchema(s, func(s *api.JSONSchemaProps) { found = found || pred(s) })
		if found {
			return true
		}
	}
	return false
}

// usesKubernetesExtension reports whether s uses an x-kubernetes-
// extension that needs a structural schema: any but x-kubernetes-map-type.
func usesKubernetesExtension(s *api.JSONSchemaProps) bool {
	return s.XEmbeddedResource || s.XPreserveUnknownFields != nil || s.XIntOrString ||
		len(s.XListMapKeys) > 0 || s.XListType != nil || len(s.XValidations) > 0
}
