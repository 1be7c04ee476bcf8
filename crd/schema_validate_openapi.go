package crd

import "strconv"

// openAPIV3Types are the values of type the API server accepts, sorted as
// its error message lists them.
var openAPIV3Types = []string{"array", "boolean", "integer", "number", "object", "string"}

// keywordRules is the state that the API server's specStandardValidatorV3
// carries down a schema: whether defaults are allowed (and why not), and
// whether the schema describes the metadata of a resource.
type keywordRules struct {
	allowDefaults            bool
	disallowDefaultsReason   string
	insideResourceMeta       bool
	requireValidPropertyType bool
}

func (r keywordRules) withForbiddenDefaults(reason string) keywordRules {
	r.allowDefaults = false
	r.disallowDefaultsReason = reason
	return r
}

// openAPISchema checks s, at path, and the schemas below it as the API
// server's ValidateCustomResourceDefinitionOpenAPISchema does, leaving out
// what needs CEL. Map keys (properties, definitions, dependencies) are
// visited in sorted order, where the server's order is random.
func openAPISchema(s *JSONSchemaProps, path string, rules keywordRules, isRoot bool, opts schemaOptions) ErrorList {
	if s == nil {
		return nil
	}
	errs := checkKeywords(s, path, rules)
	if s.UniqueItems {
		errs = append(errs, forbidden(path+".uniqueItems", "uniqueItems cannot be set to true since the runtime complexity becomes quadratic"))
	}
	if ap := s.AdditionalProperties; ap != nil {
		if len(s.Properties) != 0 && (!ap.Allows || ap.Schema != nil) {
			errs = append(errs, forbidden(path+".additionalProperties", "additionalProperties and properties are mutual exclusive"))
		}
		sub := rules
		if rules.insideResourceMeta {
			// Pruning a default without the value it applies to is
			// ambiguous.
			sub = rules.withForbiddenDefaults("inside additionalProperties applying to object metadata")
		}
		errs = append(errs, openAPISchema(ap.Schema, path+".additionalProperties", sub, false, opts)...)
	}
	for _, k := range schemaKeys(s.Properties) {
		sub := rules
		if (isRoot || s.XEmbeddedResource) && (k == "metadata" || k == "kind" || k == "apiVersion") {
			sub.insideResourceMeta = true
			if isRoot {
				sub = sub.withForbiddenDefaults("in top-level " + k)
			}
		}
		p := s.Properties[k]
		errs = append(errs, openAPISchema(&p, keyPath(path+".properties", k), sub, false, opts)...)
	}
	errs = append(errs, openAPISchema(s.Not, path+".not", rules, false, opts)...)
	for _, kw := range [...]struct {
		name string
		list []JSONSchemaProps
	}{{"allOf", s.AllOf}, {"oneOf", s.OneOf}, {"anyOf", s.AnyOf}} {
		for i := range kw.list {
			errs = append(errs, openAPISchema(&kw.list[i], indexPath(path+"."+kw.name, i), rules, false, opts)...)
		}
	}
	for _, k := range schemaKeys(s.Definitions) {
		d := s.Definitions[k]
		errs = append(errs, openAPISchema(&d, keyPath(path+".definitions", k), rules, false, opts)...)
	}
	if s.Items != nil {
		errs = append(errs, openAPISchema(s.Items.Schema, path+".items", rules, false, opts)...)
		for i := range s.Items.JSONSchemas {
			errs = append(errs, openAPISchema(&s.Items.JSONSchemas[i], indexPath(path+".items", i), rules, false, opts)...)
		}
	}
	for _, k := range schemaKeys(s.Dependencies) {
		errs = append(errs, openAPISchema(s.Dependencies[k].Schema, keyPath(path+".dependencies", k), rules, false, opts)...)
	}
	if s.XPreserveUnknownFields != nil && !*s.XPreserveUnknownFields {
		errs = append(errs, invalid(path+".x-kubernetes-preserve-unknown-fields", false, "must be true or undefined"))
	}
	errs = append(errs, checkListAndMapTypes(s, path, opts)...)
	return append(errs, checkValidationRules(s, path)...)
}

// checkKeywords checks the keywords of one schema, as the API server's
// specStandardValidatorV3.validate.
func checkKeywords(s *JSONSchemaProps, path string, rules keywordRules) ErrorList {
	var errs ErrorList
	if rules.requireValidPropertyType && s.Type != "" && !isOpenAPIV3Type(s.Type) {
		errs = append(errs, unsupportedValue(path+".type", s.Type, openAPIV3Types))
	}
	if s.Default != nil && !rules.allowDefaults {
		detail := "must not be set"
		if rules.disallowDefaultsReason != "" {
			detail += " " + rules.disallowDefaultsReason
		}
		errs = append(errs, forbidden(path+".default", detail))
	}
	if s.ID != "" {
		errs = append(errs, forbidden(path+".id", "id is not supported"))
	}
	if s.AdditionalItems != nil {
		errs = append(errs, forbidden(path+".additionalItems", "additionalItems is not supported"))
	}
	if len(s.PatternProperties) != 0 {
		errs = append(errs, forbidden(path+".patternProperties", "patternProperties is not supported"))
	}
	if len(s.Definitions) != 0 {
		errs = append(errs, forbidden(path+".definitions", "definitions is not supported"))
	}
	if s.Dependencies != nil {
		errs = append(errs, forbidden(path+".dependencies", "dependencies is not supported"))
	}
	if s.Ref != nil {
		errs = append(errs, forbidden(path+".$ref", "$ref is not supported"))
	}
	if s.Type == "null" {
		errs = append(errs, forbidden(path+".type", "type cannot be set to null, use nullable as an alternative"))
	}
	if s.Items != nil && len(s.Items.JSONSchemas) != 0 {
		errs = append(errs, forbidden(path+".items", "items must be a schema object and not an array"))
	}
	if rules.insideResourceMeta && s.XEmbeddedResource {
		errs = append(errs, forbidden(path+".x-kubernetes-embedded-resource", "must not be used inside of resource meta"))
	}
	return errs
}

func isOpenAPIV3Type(t string) bool {
	for _, v := range openAPIV3Types {
		if t == v {
			return true
		}
	}
	return false
}

// keyPath returns path with the map key k, as k8s.io/apimachinery's
// field.Path writes it: keyPath("x.properties", "spec") is
// "x.properties[spec]".
func keyPath(path, k string) string {
	return path + "[" + k + "]"
}

// indexPath returns path with the list index i: "x.allOf[0]".
func indexPath(path string, i int) string {
	return path + "[" + strconv.Itoa(i) + "]"
}
