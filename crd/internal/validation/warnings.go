package validation

import (
	"slices"
	"strconv"
	"strings"

	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/field"
	"github.com/kubeversion/kubeversion/crd/internal/strfmt"
)

// WarningsOnCreate returns the warnings the registry strategy's
// WarningsOnCreate gives for creating c, in its order: a warning
// `unrecognized format "<format>"` for every schema whose format the
// server does not recognize (see strfmt.Recognized, at
// strfmt.DefaultCompatibility), one per schema that has it; then, sorted
// and each once, a warning for x-kubernetes-list-type: set over items of
// type object or array. Each warning is at the field it comes from, the
// first one where a warning stands for several, written as a path of the
// v1 object (see [warner]).
func WarningsOnCreate(c *api.CustomResourceDefinition) []field.Warning {
	w := schemaWarnings(c)
	return append(w.formats, w.sets...)
}

// WarningsOnUpdate returns the warnings the registry strategy's
// WarningsOnUpdate gives for replacing old by c: those of WarningsOnCreate
// that old does not have already, that is the unrecognized formats whose
// name no schema of old has (each time c has it), then the list-type
// warnings that old does not give. A nil old gives those of
// WarningsOnCreate.
func WarningsOnUpdate(c, old *api.CustomResourceDefinition) []field.Warning {
	if old == nil {
		return WarningsOnCreate(c)
	}
	was := schemaWarnings(old)
	oldFormats := map[string]bool{}
	for _, f := range was.names {
		oldFormats[f] = true
	}
	oldSets := map[string]bool{}
	for _, s := range was.sets {
		oldSets[s.Message] = true
	}
	now := schemaWarnings(c)
	var out []field.Warning
	for i, f := range now.formats {
		if !oldFormats[now.names[i]] {
			out = append(out, f)
		}
	}
	for _, s := range now.sets {
		if !oldSets[s.Message] {
			out = append(out, s)
		}
	}
	return out
}

// warnings are the warnings of a CRD's schemas: the unrecognized formats
// in the server's order, with the name of each format, and the list-type
// warnings sorted by message, each once.
type warnings struct {
	formats []field.Warning
	names   []string
	sets    []field.Warning
}

// schemaWarnings returns the warnings of c's schemas. As the server reads
// the internal form of c, a schema that is the same in every version is
// read once, at the first version, and otherwise each version's in turn.
func schemaWarnings(c *api.CustomResourceDefinition) warnings {
	var w warner
	versions := c.Spec.Versions
	if len(versions) > 0 && api.Hoist(versions).Schema {
		versions = versions[:1]
	}
	for i := range versions {
		s := versions[i].Schema
		if s == nil || s.OpenAPIV3Schema == nil || !hasWarnings(s.OpenAPIV3Schema) {
			continue
		}
		w.at = field.VersionPath(i).Child("schema").Child("openAPIV3Schema")
		w.walk(s.OpenAPIV3Schema)
	}
	return warnings{formats: w.formats, names: w.names, sets: w.sets.sorted()}
}

// hasWarnings reports whether s or a schema below it gives a warning,
// without allocating, so that the walk with paths and sorted names runs
// only on the schemas that need one.
func hasWarnings(s *api.JSONSchemaProps) bool {
	found := false
	api.WalkSchema(s, func(s *api.JSONSchemaProps) {
		found = found || unrecognized(s) || setOfType(s) != ""
	})
	return found
}

// unrecognized reports whether the format of s is one the server does not
// recognize for its type: the check of GetUnrecognizedFormats, which
// reads a missing type as "" and x-kubernetes-int-or-string not at all.
func unrecognized(s *api.JSONSchemaProps) bool {
	return !strfmt.Recognized(s.Type, s.Format, strfmt.DefaultCompatibility)
}

// setOfType returns the type of the items of s when s is a list of type
// set whose items are objects or arrays, which server-side apply and CEL
// cannot compare, else "". Items given as a list of schemas are not
// looked at, as the server does not.
func setOfType(s *api.JSONSchemaProps) string {
	if s.XListType == nil || *s.XListType != "set" || s.Items == nil || s.Items.Schema == nil {
		return ""
	}
	if t := s.Items.Schema.Type; t == "object" || t == "array" {
		return t
	}
	return ""
}

// warner walks a schema as the server's SchemaHas does, depth first,
// each schema before those below it: items (one schema, then a list),
// allOf, anyOf, oneOf, not, properties, additionalProperties,
// patternProperties, additionalItems, definitions and dependencies. The
// server visits the schemas of a map in random order; here they come in
// sorted name order. at is the path of the schema being visited, which
// the walk builds as it goes.
type warner struct {
	at      *field.Path
	formats []field.Warning
	names   []string // of the formats
	sets    setWarnings
}

func (w *warner) walk(s *api.JSONSchemaProps) {
	if s.Format != "" && unrecognized(s) {
		w.formats = append(w.formats, field.NewWarning(w.at.Child("format"), "unrecognized format "+strconv.Quote(s.Format)))
		w.names = append(w.names, s.Format)
	}
	if t := setOfType(s); t != "" {
		w.sets.add(w.at.Child("x-kubernetes-list-type"), "x-kubernetes-list-type: set for items of type "+strconv.Quote(t)+
			" is not supported by server-side apply or CEL validation rules")
	}
	if s.Items != nil {
		w.below(s.Items.Schema, w.at.Child("items"))
		for i := range s.Items.JSONSchemas {
			w.below(&s.Items.JSONSchemas[i], w.at.Child("items").Index(i))
		}
	}
	w.list(s.AllOf, "allOf")
	w.list(s.AnyOf, "anyOf")
	w.list(s.OneOf, "oneOf")
	w.below(s.Not, w.at.Child("not"))
	w.named(s.Properties, "properties")
	if s.AdditionalProperties != nil {
		w.below(s.AdditionalProperties.Schema, w.at.Child("additionalProperties"))
	}
	w.named(s.PatternProperties, "patternProperties")
	if s.AdditionalItems != nil {
		w.below(s.AdditionalItems.Schema, w.at.Child("additionalItems"))
	}
	w.named(s.Definitions, "definitions")
	for _, name := range api.SortedKeys(s.Dependencies) {
		w.below(s.Dependencies[name].Schema, w.at.Child("dependencies").Key(name))
	}
}

// below walks s, if not nil, at path, and comes back to the schema above.
func (w *warner) below(s *api.JSONSchemaProps, path *field.Path) {
	if s == nil {
		return
	}
	up := w.at
	w.at = path
	w.walk(s)
	w.at = up
}

// list walks the schemas of list, the keyword name of the schema visited.
func (w *warner) list(list []api.JSONSchemaProps, name string) {
	for i := range list {
		w.below(&list[i], w.at.Child(name).Index(i))
	}
}

// named walks the schemas of m, the keyword name of the schema visited,
// in sorted name order.
func (w *warner) named(m map[string]api.JSONSchemaProps, name string) {
	if len(m) == 0 {
		return
	}
	for _, k := range api.SortedKeys(m) {
		s := m[k]
		w.below(&s, w.at.Child(name).Key(k))
	}
}

// setWarnings are the list-type warnings found, each message once, at the
// first field that gave it.
type setWarnings []field.Warning

func (ws *setWarnings) add(path *field.Path, msg string) {
	for _, w := range *ws {
		if w.Message == msg {
			return
		}
	}
	*ws = append(*ws, field.NewWarning(path, msg))
}

// sorted returns the warnings sorted by message, as the server's
// sets.List returns them.
func (ws setWarnings) sorted() []field.Warning {
	slices.SortFunc(ws, func(a, b field.Warning) int { return strings.Compare(a.Message, b.Message) })
	return ws
}
