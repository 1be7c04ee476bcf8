package crd

// walkSchema calls visit on s and on every schema below it: properties,
// items (one schema or a list), allOf, oneOf, anyOf, not,
// additionalProperties, patternProperties, dependencies, additionalItems
// and definitions. A nil s is not visited. The order is the order of the
// fields in [JSONSchemaProps], maps in no particular order.
func walkSchema(s *JSONSchemaProps, visit func(*JSONSchemaProps)) {
	if s == nil {
		return
	}
	visit(s)
	for _, p := range s.Properties {
		walkSchema(&p, visit)
	}
	if s.Items != nil {
		walkSchema(s.Items.Schema, visit)
		for i := range s.Items.JSONSchemas {
			walkSchema(&s.Items.JSONSchemas[i], visit)
		}
	}
	for _, list := range [][]JSONSchemaProps{s.AllOf, s.OneOf, s.AnyOf} {
		for i := range list {
			walkSchema(&list[i], visit)
		}
	}
	walkSchema(s.Not, visit)
	if s.AdditionalProperties != nil {
		walkSchema(s.AdditionalProperties.Schema, visit)
	}
	for _, p := range s.PatternProperties {
		walkSchema(&p, visit)
	}
	for _, d := range s.Dependencies {
		walkSchema(d.Schema, visit)
	}
	if s.AdditionalItems != nil {
		walkSchema(s.AdditionalItems.Schema, visit)
	}
	for _, p := range s.Definitions {
		walkSchema(&p, visit)
	}
}
