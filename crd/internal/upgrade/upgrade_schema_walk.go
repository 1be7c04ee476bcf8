package upgrade

import (
	"slices"
	"strconv"
	"strings"

	"github.com/kubeversion/kubeversion/crd/internal/api"
)

// schemaComparison compares an old schema with a new one, node by node,
// and collects the findings. walkSchema visits one schema; this walks two
// in step, through the same children, so that each old node meets the
// new node at the same place.
type schemaComparison struct {
	version  string
	from     string // Finding.From
	prefix   string
	findings []Finding
	// pairs are the old and new child schemas of each depth, the first
	// pairsUsed of them in use (see takePair).
	pairs     []*[2]api.JSONSchemaProps
	pairsUsed int
}

// takePair returns the pair of schemas that node copies the children of
// the schemas at the next depth into; node gives it back when it returns.
func (c *schemaComparison) takePair() *[2]api.JSONSchemaProps {
	if c.pairsUsed == len(c.pairs) {
		c.pairs = append(c.pairs, new([2]api.JSONSchemaProps))
	}
	c.pairsUsed++
	return c.pairs[c.pairsUsed-1]
}

func (c *schemaComparison) add(check, path, field, msg string) {
	switch check {
	case checkMaximumTightened, checkMaxLengthTightened, checkMaxItemsTightened, checkMaxPropertiesTightened,
		checkMinimumTightened, checkMinLengthTightened, checkMinItemsTightened, checkMinPropertiesTightened,
		checkPatternChanged, checkEnumAdded:
		msg += ": values it refuses fail validation; a stored object with one" + ratcheted
	}
	c.findings = append(c.findings, Finding{Check: check, Field: path, Version: c.version, From: c.from, Message: c.prefix + fieldName(field) + ": " + msg})
}

// What validation ratcheting (on by default since Kubernetes 1.30, GA in
// 1.33) still allows after a rule is tightened: the API server ignores
// errors at values an update leaves as they were, and so at an object
// left as it was, where a newly required field is missing.
const (
	ratcheted       = " can still be updated without changing that value since Kubernetes 1.30 (validation ratcheting), not before"
	ratchetedObject = " can still be updated without changing that object since Kubernetes 1.30 (validation ratcheting), not before"
)

// fieldName returns how messages name the object field at path.
func fieldName(path string) string {
	if path == "" {
		return "the object"
	}
	return path
}

// node compares old with new, the schemas at at, then their children.
func (c *schemaComparison) node(old, new *api.JSONSchemaProps, at *place) {
	c.keywords(old, new, at)
	var unjudged []string
	// One copy of each child schema for the whole loop, and for all the
	// nodes at this depth: node keeps no pointer to it, a copy per
	// property cost most of the time, and a pair per node went to the
	// heap (17 MB of the 297 MB that lint allocated on the operators'
	// corpus).
	pair := c.takePair()
	defer func() { c.pairsUsed-- }()
	o, n := &pair[0], &pair[1]
	for _, name := range api.SortedKeys(old.Properties) {
		var ok bool
		*o = old.Properties[name]
		if *n, ok = new.Properties[name]; !ok {
			where := at.path()
			if len(new.Properties) > 0 {
				where += ".properties"
			}
			msg := "removed from the schema: clients that set it fail or lose it, and stored values are pruned"
			if keepsUnknown(new) {
				msg = "removed from the schema: unknown fields are kept here, but it is no longer validated"
			}
			c.add(checkFieldRemoved, where, joinField(at.field(), name), msg)
			continue
		}
		child := at.property(name)
		c.node(o, n, &child)
	}
	switch oi, ni := old.Items, new.Items; {
	case oi == nil && ni == nil:
	case oi == nil || ni == nil || (oi.Schema == nil) != (ni.Schema == nil) || len(oi.JSONSchemas) != len(ni.JSONSchemas):
		unjudged = append(unjudged, "items")
	case oi.Schema != nil:
		child := at.below("items", "", false, itemField)
		c.node(oi.Schema, ni.Schema, &child)
	default:
		for i := range oi.JSONSchemas {
			child := at.below("items", strconv.Itoa(i), true, itemField)
			c.node(&oi.JSONSchemas[i], &ni.JSONSchemas[i], &child)
		}
	}
	c.combinators(old, new, at)
	unjudged = c.orBool("additionalProperties", old.AdditionalProperties, new.AdditionalProperties, at, unjudged)
	unjudged = c.orBool("additionalItems", old.AdditionalItems, new.AdditionalItems, at, unjudged)
	unjudged = c.schemaMap("patternProperties", old.PatternProperties, new.PatternProperties, at, itemField, unjudged)
	unjudged = c.schemaMap("definitions", old.Definitions, new.Definitions, at, sameField, unjudged)
	unjudged = c.dependencies(old.Dependencies, new.Dependencies, at, unjudged)
	unjudged = append(unjudged, unjudgedKeywords(old, new)...)
	if len(unjudged) > 0 {
		slices.Sort(unjudged)
		c.add(checkUnhandledChange, at.path(), at.field(), "changes this check cannot judge, review them by hand: "+strings.Join(unjudged, ", "))
	}
}

// orBool compares additionalProperties or additionalItems, below the
// nodes at at, and returns unjudged with name added when the change is not
// to a schema kept on both sides.
func (c *schemaComparison) orBool(name string, old, new *api.JSONSchemaPropsOrBool, at *place, unjudged []string) []string {
	switch {
	case old == nil && new == nil:
	case old == nil || new == nil || old.Allows != new.Allows || (old.Schema == nil) != (new.Schema == nil):
		unjudged = append(unjudged, name)
	case old.Schema != nil:
		child := at.below(name, "", false, itemField)
		c.node(old.Schema, new.Schema, &child)
	}
	return unjudged
}

// schemaMap compares patternProperties or definitions: the schemas under
// keys in both, whose field is how, and name is unjudged if the keys
// differ.
func (c *schemaComparison) schemaMap(name string, old, new map[string]api.JSONSchemaProps, at *place, how fieldStep, unjudged []string) []string {
	changed := len(old) != len(new)
	for _, k := range api.SortedKeys(old) {
		n, ok := new[k]
		if !ok {
			changed = true
			continue
		}
		o := old[k]
		child := at.below(name, k, true, how)
		c.node(&o, &n, &child)
	}
	if changed {
		unjudged = append(unjudged, name)
	}
	return unjudged
}

// dependencies compares dependencies as schemaMap does, with lists of
// property names compared whole.
func (c *schemaComparison) dependencies(old, new map[string]api.JSONSchemaPropsOrStringArray, at *place, unjudged []string) []string {
	changed := len(old) != len(new)
	for _, k := range api.SortedKeys(old) {
		o := old[k]
		n, ok := new[k]
		switch {
		case !ok || (o.Schema == nil) != (n.Schema == nil) || !slices.Equal(o.Property, n.Property):
			changed = true
		case o.Schema != nil:
			child := at.below("dependencies", k, true, sameField)
			c.node(o.Schema, n.Schema, &child)
		}
	}
	if changed {
		unjudged = append(unjudged, "dependencies")
	}
	return unjudged
}

// CompareNode returns the findings of comparing one schema node, old, with
// new, and what is below them, with no version and the paths starting at
// the node: the comparison of the schema checks, for tests that run it on
// single schemas.
func CompareNode(old, new *api.JSONSchemaProps) []Finding {
	c := schemaComparison{}
	root := rootPlace("", "")
	c.node(old, new, &root)
	return c.findings
}
