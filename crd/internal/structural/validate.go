package structural

import (
	"regexp/syntax"

	"github.com/kubeversion/kubeversion/crd/internal/field"
)

// level is where a structural schema sits: at the root, as array items,
// or as an object's field (a property or additionalProperties).
type level int

const (
	rootLevel level = iota
	itemLevel
	fieldLevel
)

// Validate returns what the API server's ValidateStructural finds in s,
// whose root is at path, unsorted: the server sorts them by message,
// which crd prints. For example, {type: object, properties: {spec: {}}}
// gives
//
//	<path>.properties[spec].type: Required value: must not be empty for specified object fields
func Validate(s *Structural, path *field.Path) field.ErrorList {
	errs := invariants(s, rootLevel, path, nil)
	return rootCompleteness(s, path, errs)
}

// invariants appends to errs what the server's
// validateStructuralInvariants finds in s and the nodes below it.
func invariants(s *Structural, lvl level, path *field.Path, errs field.ErrorList) field.ErrorList {
	if s == nil {
		return errs
	}
	if s.Type == "array" && s.Items == nil {
		errs = append(errs, field.Required(path.Child("items"), "must be specified"))
	}
	errs = invariants(s.Items, itemLevel, path.Child("items"), errs)
	if len(s.Properties) > 0 {
		props := path.Child("properties")
		for _, p := range s.Properties {
			errs = invariants(p.Schema, fieldLevel, props.Key(p.Name), errs)
		}
	}
	if s.AdditionalProperties != nil {
		if lvl == rootLevel {
			errs = append(errs, field.Forbidden(path.Child("additionalProperties"), "must not be used at the root"))
		}
		errs = invariants(s.AdditionalProperties.Structural, fieldLevel, path.Child("additionalProperties"), errs)
	}
	errs = extensionInvariants(s, path, errs)
	if vv := s.ValueValidation; vv != nil {
		skipFirstAllOfAnyOf := len(vv.AllOf) > 0 && vv.AllOf[0].ValueValidation != nil && vv.AllOf[0].ValueValidation.IntOrStringAnyOf
		errs = valueValidation(vv, vv.IntOrStringAnyOf, skipFirstAllOfAnyOf, path, errs)
	}
	errs = typeInvariants(s, lvl, path, errs)
	return embeddingInvariants(s, lvl, path, errs)
}

// extensionInvariants appends what is wrong with x-kubernetes-int-or-string
// beside the other extensions of s.
func extensionInvariants(s *Structural, path *field.Path, errs field.ErrorList) field.ErrorList {
	if s.XIntOrString && s.XPreserveUnknownFields {
		errs = append(errs, field.Invalid(path.Child("x-kubernetes-preserve-unknown-fields"), true, "must be false if x-kubernetes-int-or-string is true"))
	}
	if s.XIntOrString && s.XEmbeddedResource {
		errs = append(errs, field.Invalid(path.Child("x-kubernetes-embedded-resource"), true, "must be false if x-kubernetes-int-or-string is true"))
	}
	return errs
}

// typeDetails are the details of a missing type, by level.
var typeDetails = [...]string{
	rootLevel:  "must not be empty at the root",
	itemLevel:  "must not be empty for specified array items",
	fieldLevel: "must not be empty for specified object fields",
}

// typeInvariants appends what is wrong with the type of s.
func typeInvariants(s *Structural, lvl level, path *field.Path, errs field.ErrorList) field.ErrorList {
	switch {
	case s.XEmbeddedResource && s.Type == "":
		errs = append(errs, field.Required(path.Child("type"), "must be object if x-kubernetes-embedded-resource is true"))
	case s.XEmbeddedResource && s.Type != "object":
		errs = append(errs, field.Invalid(path.Child("type"), s.Type, "must be object if x-kubernetes-embedded-resource is true"))
	case s.Type == "" && !s.XIntOrString && !s.XPreserveUnknownFields:
		errs = append(errs, field.Required(path.Child("type"), typeDetails[lvl]))
	}
	if s.XEmbeddedResource && s.AdditionalProperties != nil {
		errs = append(errs, field.Forbidden(path.Child("additionalProperties"), "must not be used if x-kubernetes-embedded-resource is set"))
	}
	if lvl == rootLevel && s.Type != "" && s.Type != "object" {
		errs = append(errs, field.Invalid(path.Child("type"), s.Type, "must be object at the root"))
	}
	return errs
}

// embeddingInvariants appends what is wrong with kind, apiVersion and
// metadata at the root or in an embedded resource, and with the
// properties of an embedded resource.
func embeddingInvariants(s *Structural, lvl level, path *field.Path, errs field.ErrorList) field.ErrorList {
	checkMetadata := lvl == rootLevel || s.XEmbeddedResource
	for _, name := range [...]string{"kind", "apiVersion"} {
		if p := s.Property(name); p != nil && checkMetadata && p.Type != "string" {
			errs = append(errs, field.Invalid(path.Child("properties").Key(name).Child("type"), p.Type, "must be string"))
		}
	}
	if m := s.Property("metadata"); m != nil {
		errs = metadataInvariants(m, checkMetadata, lvl, path.Child("properties").Key("metadata"), errs)
	}
	if s.XEmbeddedResource && !s.XPreserveUnknownFields && len(s.Properties) == 0 {
		errs = append(errs, field.Required(path.Child("properties"), "must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields"))
	}
	return errs
}

// metadataInvariants appends what is wrong with the schema m of
// metadata: it must be an object at the root and in embedded resources,
// and at the root say nothing but the properties name and generateName
// (whose schemas are not looked at), a type and a default.
func metadataInvariants(m *Structural, checkMetadata bool, lvl level, path *field.Path, errs field.ErrorList) field.ErrorList {
	if checkMetadata && m.Type != "object" {
		errs = append(errs, field.Invalid(path.Child("type"), m.Type, "must be object"))
	}
	if lvl != rootLevel {
		return errs
	}
	name := m.Property("name") != nil
	generateName := m.Property("generateName") != nil
	onlyNames := name && generateName && len(m.Properties) == 2 || (name || generateName) && len(m.Properties) == 1
	if len(m.Properties) > 0 && !onlyNames || m.Items != nil || m.AdditionalProperties != nil ||
		m.isGenericSet() || m.Extensions.isSet() || m.XValidations || m.ValueValidation != nil {
		errs = append(errs, field.Forbidden(path, "must not specify anything other than name and generateName, but metadata is implicitly specified"))
	}
	return errs
}

// valueValidation appends what the server's validateValueValidation
// finds in vv: the schemas under anyOf, allOf, oneOf and not, and the
// pattern. skipAnyOf and skipFirstAllOfAnyOf leave out the int-or-string
// patterns.
func valueValidation(vv *ValueValidation, skipAnyOf, skipFirstAllOfAnyOf bool, path *field.Path, errs field.ErrorList) field.ErrorList {
	if !skipAnyOf {
		for i := range vv.AnyOf {
			errs = nestedValueValidation(&vv.AnyOf[i], false, path.Child("anyOf").Index(i), errs)
		}
	}
	for i := range vv.AllOf {
		errs = nestedValueValidation(&vv.AllOf[i], skipFirstAllOfAnyOf && i == 0, path.Child("allOf").Index(i), errs)
	}
	for i := range vv.OneOf {
		errs = nestedValueValidation(&vv.OneOf[i], false, path.Child("oneOf").Index(i), errs)
	}
	if vv.Not != nil {
		errs = nestedValueValidation(vv.Not, false, path.Child("not"), errs)
	}
	if vv.Pattern != "" {
		// The server calls regexp.Compile, whose only errors are those
		// of parsing (compiling a parsed expression cannot fail): parsing
		// alone finds them, at a third of the cost.
		if _, err := syntax.Parse(vv.Pattern, syntax.Perl); err != nil {
			errs = append(errs, field.Invalid(path.Child("pattern"), vv.Pattern, "must be a valid regular expression, but isn't: "+err.Error()))
		}
	}
	return errs
}
