package api

import "slices"

// WalkSchema calls visit on s and on every schema below it: properties,
// items (one schema or a list), allOf, oneOf, anyOf, not,
// additionalProperties, patternProperties, dependencies, additionalItems
// and definitions. A nil s is not visited. The order is the order of the
// fields in [JSONSchemaProps], maps in no particular order.
//
// The pointer visit gets is valid only during the call: a schema in a map,
// which cannot be pointed to, is visited in a copy that the walk reuses,
// so that a walk allocates nothing per schema.
func WalkSchema(s *JSONSchemaProps, visit func(*JSONSchemaProps)) {
	var w schemaWalker
	w.walk(s, 0, visit)
}

// schemaWalker holds the copies of map values of one WalkSchema, one for
// each depth, as a schema in a map is visited only while its siblings
// wait. (visit is passed along rather than kept here, so that the
// closures callers give stay on their stack.)
type schemaWalker struct {
	copies []JSONSchemaProps
}

func (w *schemaWalker) walk(s *JSONSchemaProps, depth int, visit func(*JSONSchemaProps)) {
	if s == nil {
		return
	}
	visit(s)
	w.walkMap(s.Properties, depth, visit)
	if s.Items != nil {
		w.walk(s.Items.Schema, depth+1, visit)
		for i := range s.Items.JSONSchemas {
			w.walk(&s.Items.JSONSchemas[i], depth+1, visit)
		}
	}
	for _, list := range [...][]JSONSchemaProps{s.AllOf, s.OneOf, s.AnyOf} {
		for i := range list {
			w.walk(&list[i], depth+1, visit)
		}
	}
	w.walk(s.Not, depth+1, visit)
	if s.AdditionalProperties != nil {
		w.walk(s.AdditionalProperties.Schema, depth+1, visit)
	}
	w.walkMap(s.PatternProperties, depth, visit)
	for _, d := range s.Dependencies {
		w.walk(d.Schema, depth+1, visit)
	}
	if s.AdditionalItems != nil {
		w.walk(s.AdditionalItems.Schema, depth+1, visit)
	}
	w.walkMap(s.Definitions, depth, visit)
}

// walkMap walks the schemas of m, below a schema at depth, each in the
// copy of that depth. A copy made before the list of copies grew stays
// where it was, so the schemas above still point to what they visit.
func (w *schemaWalker) walkMap(m map[string]JSONSchemaProps, depth int, visit func(*JSONSchemaProps)) {
	if len(m) == 0 {
		return // the common case, three times a schema: no iterator to start
	}
	for _, p := range m {
		for len(w.copies) <= depth {
			w.copies = append(w.copies, JSONSchemaProps{})
		}
		w.copies[depth] = p
		w.walk(&w.copies[depth], depth+1, visit)
	}
}

// SortedKeys returns the keys of m sorted: the order in which this package
// visits properties, definitions and dependencies, and the fields of a
// value.
func SortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
