package validation

import (
	"fmt"

	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/field"
)

// validateSchema checks one openAPIV3Schema m (a nil wire schema: none)
// found at root ("spec.versions[0].schema.openAPIV3Schema" or
// "spec.validation.openAPIV3Schema") of the named version, as the API server's
// validateCustomResourceDefinitionValidation does; its CEL rules are
// judged by opts.cel, if any. statusEnabled tells whether the status
// subresource is enabled for the schema's version. For example, a schema {type: object,
// nullable: true} at "spec.versions[0].schema.openAPIV3Schema" gives
//
//	spec.versions[0].schema.openAPIV3Schema.nullable: Forbidden: nullable cannot be true at the root
//
// The errors come in the server's order: the root under a status
// subresource, nullable at the root, then (when opts require a structural
// schema) the structural rules sorted by message or else the defaults,
// then the keywords, walking the schema depth first, then the errors of
// CEL rules, which are compiled only where the schema is structural, its
// defaults valid and no keyword error lies at or below the rule. That the
// schema cannot be read as a structural one at all is reported last, and
// only when nothing else is.
func validateSchema(m modeled, statusEnabled bool, opts schemaOptions, root *field.Path, version string) field.ErrorList {
	s := m.wire
	if s == nil {
		return nil
	}
	var errs field.ErrorList
	if statusEnabled {
		errs = append(errs, checkStatusRoot(s, root)...)
	}
	if s.Nullable {
		errs = append(errs, field.Forbidden(root.Child("nullable"), "nullable cannot be true at the root"))
	}
	var notStructural *field.Error
	compileCEL := false // as the server makes its CEL context
	if opts.requireStructuralSchema {
		if m.notStructural != "" {
			notStructural = field.Invalid(root, "", m.notStructural)
		} else if e := validateStructural(m.model, root); len(e) > 0 {
			errs = append(errs, e...)
		} else {
			var all field.ErrorList // the server's errors of the defaults, CEL rules run
			if opts.cel != nil {
				all = opts.cel.DefaultErrors(&CELSchema{Field: root.String(), Schema: s, Version: version, CRD: opts.crd, Old: opts.old, RequirePrunedDefaults: opts.requirePrunedDefaults})
			}
			e := validateDefaults(m.model, root, true, opts.requirePrunedDefaults)
			e = append(e, without(all, e)...)
			errs = append(errs, e...)
			compileCEL = len(e) == 0 && opts.cel != nil
		}
	}
	before := len(errs)
	rules := keywordRules{
		allowDefaults:            opts.allowDefaults,
		disallowDefaultsReason:   opts.disallowDefaultsReason,
		requireValidPropertyType: opts.requireValidPropertyType,
	}
	w := schemaWalk{opts: opts, errs: errs}
	w.visit(s, root, rules, true)
	errs = w.errs
	if compileCEL {
		errs = append(errs, opts.cel.CheckCEL(&CELSchema{
			Field: root.String(), Schema: s, Version: version, CRD: opts.crd, Old: opts.old,
			RequirePrunedDefaults: opts.requirePrunedDefaults, Invalid: invalidBelow(errs[before:]),
		})...)
	}
	if len(errs) == 0 && notStructural != nil {
		errs = append(errs, notStructural)
	}
	return errs
}

// allowedAtStatusRoot are the keywords (by the Go names of the API
// server's internal type) that the root of a schema may have when the
// status subresource is enabled, so that the status part keeps its
// validation when it is taken out as properties["status"].
var allowedAtStatusRoot = []string{"Description", "Type", "Format", "Title", "Maximum", "ExclusiveMaximum", "Minimum", "ExclusiveMinimum", "MaxLength", "MinLength", "Pattern", "MaxItems", "MinItems", "UniqueItems", "MultipleOf", "Required", "Items", "Properties", "ExternalDocs", "Example", "XPreserveUnknownFields", "XValidations"}

// checkStatusRoot checks the root s of a schema under the status
// subresource. As the API server does, it looks at the set keywords in
// the order of its internal type's fields and stops at the first one that
// is wrong: a type other than object, or a keyword not allowed there. An
// empty list or map counts as set.
func checkStatusRoot(s *api.JSONSchemaProps, root *field.Path) field.ErrorList {
	for _, f := range setKeywords(s) {
		if f == "Type" {
			if s.Type != "object" {
				return field.ErrorList{field.Invalid(root.Child("type"), s.Type, `only "object" is allowed as the type at the root of the schema if the status subresource is enabled`)}
			}
			continue
		}
		if !isAllowedAtStatusRoot(f) {
			return field.ErrorList{field.Invalid(root, s, fmt.Sprintf("only %v fields are allowed at the root of the schema if the status subresource is enabled", allowedAtStatusRoot))}
		}
	}
	return nil
}

func isAllowedAtStatusRoot(f string) bool {
	for _, v := range allowedAtStatusRoot {
		if f == v {
			return true
		}
	}
	return false
}

// setKeywords returns the Go names of the fields of the API server's
// internal JSONSchemaProps that s sets, in that type's field order.
func setKeywords(s *api.JSONSchemaProps) []string {
	var set []string
	add := func(name string, isSet bool) {
		if isSet {
			set = append(set, name)
		}
	}
	add("ID", s.ID != "")
	add("Schema", s.Schema != "")
	add("Ref", s.Ref != nil)
	add("Description", s.Description != "")
	add("Type", s.Type != "")
	add("Nullable", s.Nullable)
	add("Format", s.Format != "")
	add("Title", s.Title != "")
	add("Default", s.Default != nil)
	add("Maximum", s.Maximum != nil)
	add("ExclusiveMaximum", s.ExclusiveMaximum)
	add("Minimum", s.Minimum != nil)
	add("ExclusiveMinimum", s.ExclusiveMinimum)
	add("MaxLength", s.MaxLength != nil)
	add("MinLength", s.MinLength != nil)
	add("Pattern", s.Pattern != "")
	add("MaxItems", s.MaxItems != nil)
	add("MinItems", s.MinItems != nil)
	add("UniqueItems", s.UniqueItems)
	add("MultipleOf", s.MultipleOf != nil)
	add("Enum", s.Enum != nil)
	add("MaxProperties", s.MaxProperties != nil)
	add("MinProperties", s.MinProperties != nil)
	add("Required", s.Required != nil)
	add("Items", s.Items != nil)
	add("AllOf", s.AllOf != nil)
	add("OneOf", s.OneOf != nil)
	add("AnyOf", s.AnyOf != nil)
	add("Not", s.Not != nil)
	add("Properties", s.Properties != nil)
	add("AdditionalProperties", s.AdditionalProperties != nil)
	add("PatternProperties", s.PatternProperties != nil)
	add("Dependencies", s.Dependencies != nil)
	add("AdditionalItems", s.AdditionalItems != nil)
	add("Definitions", s.Definitions != nil)
	add("ExternalDocs", s.ExternalDocs != nil)
	add("Example", s.Example != nil)
	add("XPreserveUnknownFields", s.XPreserveUnknownFields != nil)
	add("XEmbeddedResource", s.XEmbeddedResource)
	add("XIntOrString", s.XIntOrString)
	add("XListMapKeys", s.XListMapKeys != nil)
	add("XListType", s.XListType != nil)
	add("XMapType", s.XMapType != nil)
	add("XValidations", s.XValidations != nil)
	return set
}
