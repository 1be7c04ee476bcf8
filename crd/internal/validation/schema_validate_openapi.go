package validation

import (
	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/field"
	"github.com/kubeversion/kubeversion/crd/internal/structural"
)

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

// schemaWalk checks a schema and the schemas below it as the API server's
// ValidateCustomResourceDefinitionOpenAPISchema does, leaving out what
// needs CEL, and collects the errors in its order. Map keys (properties,
// definitions, dependencies) are visited in sorted order, where the
// server's order is random.
type schemaWalk struct {
	opts schemaOptions
	errs field.ErrorList
}

// visit checks s, at path, and what is below it. It reports whether s
// converts to the API server's structural view (see structural.New),
// worked out on the way so that each rule's fieldPath check does not walk
// s again. The errors come in the server's order: the keywords of s, the
// properties, the combinators, what stops the conversion, then the
// extensions and rules of s.
func (w *schemaWalk) visit(s *api.JSONSchemaProps, path *field.Path, rules keywordRules, isRoot bool) (converts bool) {
	if s == nil {
		return true
	}
	converts = structural.UnsupportedField(s) == "" &&
		(s.XPreserveUnknownFields == nil || *s.XPreserveUnknownFields) &&
		(s.Items == nil || len(s.Items.JSONSchemas) == 0)
	w.errs = append(w.errs, checkKeywords(s, path, rules)...)
	if s.UniqueItems {
		w.errs = append(w.errs, field.Forbidden(path.Child("uniqueItems"), "uniqueItems cannot be set to true since the runtime complexity becomes quadratic"))
	}
	converts = w.visitProperties(s, path, rules, isRoot) && converts
	converts = w.visitCombinators(s, path, rules) && converts
	converts = w.visitItems(s, path, rules) && converts
	if s.XPreserveUnknownFields != nil && !*s.XPreserveUnknownFields {
		w.errs = append(w.errs, field.Invalid(path.Child("x-kubernetes-preserve-unknown-fields"), false, "must be true or undefined"))
	}
	w.errs = append(w.errs, checkListAndMapTypes(s, path, w.opts)...)
	w.errs = append(w.errs, checkValidationRules(s, path, converts)...)
	return converts
}

// visitProperties visits additionalProperties and then the properties of
// s, where the metadata of a resource forbids defaults, and reports
// whether they all convert.
func (w *schemaWalk) visitProperties(s *api.JSONSchemaProps, path *field.Path, rules keywordRules, isRoot bool) bool {
	converts := true
	if ap := s.AdditionalProperties; ap != nil {
		if len(s.Properties) != 0 && (!ap.Allows || ap.Schema != nil) {
			w.errs = append(w.errs, field.Forbidden(path.Child("additionalProperties"), "additionalProperties and properties are mutual exclusive"))
		}
		sub := rules
		if rules.insideResourceMeta {
			// Pruning a default without the value it applies to is
			// ambiguous.
			sub = rules.withForbiddenDefaults("inside additionalProperties applying to object metadata")
		}
		converts = w.visit(ap.Schema, path.Child("additionalProperties"), sub, false)
	}
	for _, k := range api.SortedKeys(s.Properties) {
		sub := rules
		if (isRoot || s.XEmbeddedResource) && (k == "metadata" || k == "kind" || k == "apiVersion") {
			sub.insideResourceMeta = true
			if isRoot {
				sub = sub.withForbiddenDefaults("in top-level " + k)
			}
		}
		converts = w.visitProperty(s.Properties[k], path.Property(k), sub) && converts
	}
	return converts
}

// visitCombinators visits not, allOf, oneOf and anyOf, and reports whether
// they all convert.
func (w *schemaWalk) visitCombinators(s *api.JSONSchemaProps, path *field.Path, rules keywordRules) bool {
	converts := w.visit(s.Not, path.Child("not"), rules, false)
	for _, kw := range [...]struct {
		name string
		list []api.JSONSchemaProps
	}{{"allOf", s.AllOf}, {"oneOf", s.OneOf}, {"anyOf", s.AnyOf}} {
		for i := range kw.list {
			converts = w.visit(&kw.list[i], path.Child(kw.name).Index(i), rules, false) && converts
		}
	}
	return converts
}

// visitItems visits definitions, items and dependencies, and reports
// whether items, written as one schema, converts. Below definitions,
// dependencies and a list of items nothing is converted: their presence
// alone stops the conversion.
func (w *schemaWalk) visitItems(s *api.JSONSchemaProps, path *field.Path, rules keywordRules) bool {
	for _, k := range api.SortedKeys(s.Definitions) {
		d := s.Definitions[k]
		w.visit(&d, path.Child("definitions").Key(k), rules, false)
	}
	converts := true
	if s.Items != nil {
		converts = w.visit(s.Items.Schema, path.Child("items"), rules, false)
		for i := range s.Items.JSONSchemas {
			w.visit(&s.Items.JSONSchemas[i], path.Child("items").Index(i), rules, false)
		}
	}
	for _, k := range api.SortedKeys(s.Dependencies) {
		w.visit(s.Dependencies[k].Schema, path.Child("dependencies").Key(k), rules, false)
	}
	return converts
}

// checkKeywords checks the keywords of one schema, as the API server's
// specStandardValidatorV3.validate.
func checkKeywords(s *api.JSONSchemaProps, path *field.Path, rules keywordRules) field.ErrorList {
	var errs field.ErrorList
	if rules.requireValidPropertyType && s.Type != "" && !isOpenAPIV3Type(s.Type) {
		errs = append(errs, field.NotSupported(path.Child("type"), s.Type, openAPIV3Types...))
	}
	if s.Default != nil && !rules.allowDefaults {
		detail := "must not be set"
		if rules.disallowDefaultsReason != "" {
			detail += " " + rules.disallowDefaultsReason
		}
		errs = append(errs, field.Forbidden(path.Child("default"), detail))
	}
	if s.ID != "" {
		errs = append(errs, field.Forbidden(path.Child("id"), "id is not supported"))
	}
	if s.AdditionalItems != nil {
		errs = append(errs, field.Forbidden(path.Child("additionalItems"), "additionalItems is not supported"))
	}
	if len(s.PatternProperties) != 0 {
		errs = append(errs, field.Forbidden(path.Child("patternProperties"), "patternProperties is not supported"))
	}
	if len(s.Definitions) != 0 {
		errs = append(errs, field.Forbidden(path.Child("definitions"), "definitions is not supported"))
	}
	if s.Dependencies != nil {
		errs = append(errs, field.Forbidden(path.Child("dependencies"), "dependencies is not supported"))
	}
	if s.Ref != nil {
		errs = append(errs, field.Forbidden(path.Child("$ref"), "$ref is not supported"))
	}
	if s.Type == "null" {
		errs = append(errs, field.Forbidden(path.Child("type"), "type cannot be set to null, use nullable as an alternative"))
	}
	if s.Items != nil && len(s.Items.JSONSchemas) != 0 {
		errs = append(errs, field.Forbidden(path.Child("items"), "items must be a schema object and not an array"))
	}
	if rules.insideResourceMeta && s.XEmbeddedResource {
		errs = append(errs, field.Forbidden(path.Child("x-kubernetes-embedded-resource"), "must not be used inside of resource meta"))
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

// visitProperty is visit of a property's schema. The copy is its
// parameter, not a variable of visit's loop, which the compiler would
// move to the heap; inlined, it would be one again.
//
//go:noinline
func (w *schemaWalk) visitProperty(s api.JSONSchemaProps, path *field.Path, rules keywordRules) bool {
	return w.visit(&s, path, rules, false)
}
