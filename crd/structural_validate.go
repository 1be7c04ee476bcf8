package crd

import (
	"regexp"
	"sort"

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

// validateStructural returns what the API server's ValidateStructural
// finds in s, a schema that structuralError accepts, whose root is at
// path. Like the server, it sorts the errors by their message. For
// example, {type: object, properties: {spec: {}}} gives
//
//	<path>.properties[spec].type: Required value: must not be empty for specified object fields
func validateStructural(s *JSONSchemaProps, root string) ErrorList {
	path := field.NewPath(root)
	errs := structuralInvariants(s, rootLevel, path)
	errs = append(errs, valueCompleteness(s, s, path, path)...)
	if len(errs) < 2 {
		return errs
	}
	msgs := make([]string, len(errs))
	for i, e := range errs {
		msgs[i] = e.Error()
	}
	sort.Sort(byMessage{errs, msgs})
	return errs
}

// byMessage sorts errors by their messages, computed once.
type byMessage struct {
	errs ErrorList
	msgs []string
}

func (b byMessage) Len() int           { return len(b.errs) }
func (b byMessage) Less(i, j int) bool { return b.msgs[i] < b.msgs[j] }
func (b byMessage) Swap(i, j int) {
	b.errs[i], b.errs[j] = b.errs[j], b.errs[i]
	b.msgs[i], b.msgs[j] = b.msgs[j], b.msgs[i]
}

// structuralInvariants checks one node of the structural view and the
// nodes below it, as the server's validateStructuralInvariants.
func structuralInvariants(s *JSONSchemaProps, lvl level, path *field.Path) ErrorList {
	if s == nil {
		return nil
	}
	var errs ErrorList
	items := structuralItems(s)
	if s.Type == "array" && items == nil {
		errs = append(errs, required(path.At("items"), "must be specified"))
	}
	errs = append(errs, structuralInvariants(items, itemLevel, path.Child("items"))...)
	for _, k := range schemaKeys(s.Properties) {
		p := s.Properties[k]
		errs = append(errs, structuralInvariants(&p, fieldLevel, path.Child("properties").Key(k))...)
	}
	if s.AdditionalProperties != nil {
		if lvl == rootLevel {
			errs = append(errs, forbidden(path.At("additionalProperties"), "must not be used at the root"))
		}
		errs = append(errs, structuralInvariants(s.AdditionalProperties.Schema, fieldLevel, path.Child("additionalProperties"))...)
	}

	preserve := preservesUnknownFields(s)
	if s.XIntOrString && preserve {
		errs = append(errs, invalid(path.At("x-kubernetes-preserve-unknown-fields"), true, "must be false if x-kubernetes-int-or-string is true"))
	}
	if s.XIntOrString && s.XEmbeddedResource {
		errs = append(errs, invalid(path.At("x-kubernetes-embedded-resource"), true, "must be false if x-kubernetes-int-or-string is true"))
	}

	skipAnyOf := isIntOrStringAnyOf(s.AnyOf)
	skipFirstAllOfAnyOf := len(s.AllOf) > 0 && isIntOrStringAnyOf(s.AllOf[0].AnyOf)
	errs = append(errs, valueValidation(s, skipAnyOf, skipFirstAllOfAnyOf, path)...)

	checkMetadata := lvl == rootLevel || s.XEmbeddedResource
	switch {
	case s.XEmbeddedResource && s.Type == "":
		errs = append(errs, required(path.At("type"), "must be object if x-kubernetes-embedded-resource is true"))
	case s.XEmbeddedResource && s.Type != "object":
		errs = append(errs, invalid(path.At("type"), s.Type, "must be object if x-kubernetes-embedded-resource is true"))
	case s.Type == "" && !s.XIntOrString && !preserve:
		errs = append(errs, required(path.At("type"), [...]string{
			rootLevel:  "must not be empty at the root",
			itemLevel:  "must not be empty for specified array items",
			fieldLevel: "must not be empty for specified object fields",
		}[lvl]))
	}
	if s.XEmbeddedResource && s.AdditionalProperties != nil {
		errs = append(errs, forbidden(path.At("additionalProperties"), "must not be used if x-kubernetes-embedded-resource is set"))
	}
	if lvl == rootLevel && s.Type != "" && s.Type != "object" {
		errs = append(errs, invalid(path.At("type"), s.Type, "must be object at the root"))
	}
	for _, name := range [...]string{"kind", "apiVersion"} {
		if p, found := s.Properties[name]; found && checkMetadata && p.Type != "string" {
			errs = append(errs, invalid(path.Child("properties").Key(name).At("type"), p.Type, "must be string"))
		}
	}
	if m, found := s.Properties["metadata"]; found {
		errs = append(errs, metadataInvariants(&m, checkMetadata, lvl, path.Child("properties").Key("metadata"))...)
	}
	if s.XEmbeddedResource && !preserve && len(s.Properties) == 0 {
		errs = append(errs, required(path.At("properties"), "must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields"))
	}
	return errs
}

// metadataInvariants checks the schema m of metadata: an object at the
// root and in embedded resources, and at the root nothing but the
// properties name and generateName (whose schemas are not looked at), a
// type and a default.
func metadataInvariants(m *JSONSchemaProps, checkMetadata bool, lvl level, path *field.Path) ErrorList {
	var errs ErrorList
	if checkMetadata && m.Type != "object" {
		errs = append(errs, invalid(path.At("type"), m.Type, "must be object"))
	}
	if lvl != rootLevel {
		return errs
	}
	_, name := m.Properties["name"]
	_, generateName := m.Properties["generateName"]
	onlyNames := name && generateName && len(m.Properties) == 2 || (name || generateName) && len(m.Properties) == 1
	if len(m.Properties) > 0 && !onlyNames || structuralItems(m) != nil || m.AdditionalProperties != nil ||
		hasGenerics(m) || hasExtensions(m) || m.XValidations != nil || hasValueValidation(m) {
		errs = append(errs, forbidden(path.String(), "must not specify anything other than name and generateName, but metadata is implicitly specified"))
	}
	return errs
}

// valueValidation checks the value validations of s (anyOf, allOf, oneOf,
// not, pattern), as the server's validateValueValidation. skipAnyOf and
// skipFirstAllOfAnyOf leave out the int-or-string patterns.
func valueValidation(s *JSONSchemaProps, skipAnyOf, skipFirstAllOfAnyOf bool, path *field.Path) ErrorList {
	var errs ErrorList
	if !skipAnyOf {
		for i := range s.AnyOf {
			errs = append(errs, nestedValueValidation(&s.AnyOf[i], false, path.Child("anyOf").Index(i))...)
		}
	}
	for i := range s.AllOf {
		errs = append(errs, nestedValueValidation(&s.AllOf[i], skipFirstAllOfAnyOf && i == 0, path.Child("allOf").Index(i))...)
	}
	for i := range s.OneOf {
		errs = append(errs, nestedValueValidation(&s.OneOf[i], false, path.Child("oneOf").Index(i))...)
	}
	errs = append(errs, nestedValueValidation(s.Not, false, path.Child("not"))...)
	if s.Pattern != "" {
		if _, err := regexp.Compile(s.Pattern); err != nil {
			errs = append(errs, invalid(path.At("pattern"), s.Pattern, "must be a valid regular expression, but isn't: "+err.Error()))
		}
	}
	return errs
}

// nestedValueValidation checks a schema under allOf, anyOf, oneOf or not:
// it may only validate values, not say what they are.
func nestedValueValidation(s *JSONSchemaProps, skipAnyOf bool, path *field.Path) ErrorList {
	if s == nil {
		return nil
	}
	errs := valueValidation(s, skipAnyOf, false, path)
	errs = append(errs, nestedValueValidation(structuralItems(s), false, path.Child("items"))...)
	for _, k := range schemaKeys(s.Properties) {
		p := s.Properties[k]
		errs = append(errs, nestedValueValidation(&p, false, path.Child("properties").Key(k))...)
	}
	must := func(keyword, detail string) {
		errs = append(errs, forbidden(path.At(keyword), detail))
	}
	if s.Type != "" {
		must("type", "must be empty to be structural")
	}
	if nestedAdditionalProperties(s) {
		must("additionalProperties", "must be undefined to be structural")
	}
	if s.Default != nil {
		must("default", "must be undefined to be structural")
	}
	if s.Title != "" {
		must("title", "must be empty to be structural")
	}
	if s.Description != "" {
		must("description", "must be empty to be structural")
	}
	if s.Nullable {
		must("nullable", "must be false to be structural")
	}
	if preservesUnknownFields(s) {
		must("x-kubernetes-preserve-unknown-fields", "must be false to be structural")
	}
	if s.XEmbeddedResource {
		must("x-kubernetes-embedded-resource", "must be false to be structural")
	}
	if s.XIntOrString {
		must("x-kubernetes-int-or-string", "must be false to be structural")
	}
	if len(s.XListMapKeys) > 0 {
		must("x-kubernetes-list-map-keys", "must be empty to be structural")
	}
	if s.XListType != nil {
		must("x-kubernetes-list-type", "must be undefined to be structural")
	}
	if s.XMapType != nil {
		must("x-kubernetes-map-type", "must be undefined to be structural")
	}
	if len(s.XValidations) > 0 {
		must("x-kubernetes-validations", "must be empty to be structural")
	}
	if _, found := s.Properties["metadata"]; found {
		errs = append(errs, forbidden(path.Child("properties").Key("metadata").String(), "must not be specified in a nested context"))
	}
	return errs
}
