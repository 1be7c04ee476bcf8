package structural

import "github.com/kubeversion/kubeversion/crd/internal/api"

// The API server checks a schema a second time through a "structural"
// view of it (k8s.io/apiextensions-apiserver/pkg/apiserver/schema). Its
// model is package structural, which New builds. The helpers
// below read JSONSchemaProps the way NewStructural converts it, for that
// builder and for the engines that still walk the wire type, so that all
// agree on what is set.
// In that view an empty properties map is no properties, items: [] is no
// items, and empty lists of enum, allOf, anyOf and oneOf are none; but an
// empty required, x-kubernetes-list-map-keys or x-kubernetes-validations
// list, an empty externalDocs and a nested empty properties map are set.

// UnsupportedField names the first keyword of s that a structural schema
// cannot hold, as the API server's validateUnsupportedFields does.
func UnsupportedField(s *api.JSONSchemaProps) string {
	switch {
	case s.ID != "":
		return "OpenAPIV3Schema 'id' is not supported"
	case s.Schema != "":
		return "OpenAPIV3Schema 'schema' is not supported"
	case s.Ref != nil && *s.Ref != "":
		return "OpenAPIV3Schema '$ref' is not supported"
	case len(s.PatternProperties) > 0:
		return "OpenAPIV3Schema 'patternProperties' is not supported"
	case len(s.Dependencies) > 0:
		return "OpenAPIV3Schema 'dependencies' is not supported"
	case s.AdditionalItems != nil:
		return "OpenAPIV3Schema 'additionalItems' is not supported"
	case len(s.Definitions) > 0:
		return "OpenAPIV3Schema 'definitions' is not supported"
	}
	return ""
}

// Items returns the schema of items in the structural view: nil
// for items: [] as for no items.
func Items(s *api.JSONSchemaProps) *api.JSONSchemaProps {
	if s.Items == nil {
		return nil
	}
	return s.Items.Schema
}

// PreservesUnknownFields reports whether x-kubernetes-preserve-unknown-fields
// is true.
func PreservesUnknownFields(s *api.JSONSchemaProps) bool {
	return s.XPreserveUnknownFields != nil && *s.XPreserveUnknownFields
}

// hasValueValidation reports whether the value validations of s, as the
// structural view keeps them, are set.
func hasValueValidation(s *api.JSONSchemaProps) bool {
	return s.Format != "" || s.Maximum != nil || s.ExclusiveMaximum || s.Minimum != nil ||
		s.ExclusiveMinimum || s.MaxLength != nil || s.MinLength != nil || s.Pattern != "" ||
		s.MaxItems != nil || s.MinItems != nil || s.UniqueItems || s.MultipleOf != nil ||
		len(s.Enum) > 0 || s.MaxProperties != nil || s.MinProperties != nil || s.Required != nil ||
		len(s.AllOf) > 0 || len(s.OneOf) > 0 || len(s.AnyOf) > 0 || s.Not != nil
}

// hasExtensions reports whether s sets an x-kubernetes-* keyword other
// than x-kubernetes-validations, as the structural view keeps them.
func hasExtensions(s *api.JSONSchemaProps) bool {
	return PreservesUnknownFields(s) || s.XEmbeddedResource || s.XIntOrString ||
		s.XListMapKeys != nil || s.XListType != nil || s.XMapType != nil
}

// hasGenerics reports whether s sets description, title, nullable,
// externalDocs or example: the generic keywords other than type and
// default.
func hasGenerics(s *api.JSONSchemaProps) bool {
	return s.Description != "" || s.Title != "" || s.Nullable || s.ExternalDocs != nil || s.Example != nil
}

// nestedAdditionalProperties reports whether additionalProperties is set
// in a schema under allOf, anyOf, oneOf or not, where false counts as
// unset.
func nestedAdditionalProperties(s *api.JSONSchemaProps) bool {
	return s.AdditionalProperties != nil && (s.AdditionalProperties.Schema != nil || s.AdditionalProperties.Allows)
}

// isBareType reports whether s, under anyOf, says nothing but type t: one
// half of the int-or-string pattern.
func isBareType(s *api.JSONSchemaProps, t string) bool {
	return s.Type == t && !hasValueValidation(s) && Items(s) == nil && s.Properties == nil &&
		!nestedAdditionalProperties(s) && !hasGenerics(s) && s.Default == nil && !hasExtensions(s) &&
		s.XValidations == nil
}

// isIntOrStringAnyOf reports whether anyOf is exactly [{type: integer},
// {type: string}].
func isIntOrStringAnyOf(anyOf []api.JSONSchemaProps) bool {
	return len(anyOf) == 2 && isBareType(&anyOf[0], "integer") && isBareType(&anyOf[1], "string")
}
