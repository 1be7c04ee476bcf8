package crd

import (
	"encoding/json"
	"strconv"
)

// combinators compares allOf, anyOf, oneOf and not, as crdify does, with
// one difference: removing allOf subschemas or not loosens the schema, and
// is not reported.
//
//   - allOf: subschemas added are all-of-changed. With as many subschemas
//     on both sides, each is compared with the one at its index, since a
//     tighter subschema tightens the whole.
//   - anyOf, oneOf: any change but documentation is any-of-changed or
//     one-of-changed: a branch added to oneOf can make objects match two
//     branches, and so fail.
//   - not: added or changed is not-changed; a tighter not is a looser
//     schema, so its keywords are not compared one by one.
func (c *schemaComparison) combinators(old, new *JSONSchemaProps, path, field string) {
	if len(old.AllOf) == len(new.AllOf) {
		for i := range old.AllOf {
			c.node(&old.AllOf[i], &new.AllOf[i], path+".allOf["+strconv.Itoa(i)+"]", field)
		}
	} else if added := countAdded(old.AllOf, new.AllOf); added > 0 {
		c.add(checkAllOfChanged, path+".allOf", field, strconv.Itoa(added)+" allOf subschemas added: objects must now match them too")
	}
	if !sameSubschemas(old.AnyOf, new.AnyOf) {
		c.add(checkAnyOfChanged, at(path, "anyOf", len(new.AnyOf) > 0), field,
			"anyOf changes: objects valid before may match none of its subschemas")
	}
	if !sameSubschemas(old.OneOf, new.OneOf) {
		c.add(checkOneOfChanged, at(path, "oneOf", len(new.OneOf) > 0), field,
			"oneOf changes: objects valid before may match none, or more than one, of its subschemas")
	}
	if new.Not != nil && (old.Not == nil || !sameSubschemas([]JSONSchemaProps{*old.Not}, []JSONSchemaProps{*new.Not})) {
		c.add(checkNotChanged, path+".not", field, "not added or changed: objects valid before may match it")
	}
}

// at returns path.keyword if present, else path.
func at(path, keyword string, present bool) string {
	if present {
		return path + "." + keyword
	}
	return path
}

// subschemaKey returns s as JSON without its top-level documentation, to
// compare subschemas as crdify does.
func subschemaKey(s JSONSchemaProps) string {
	s.Description, s.Title, s.Example, s.ExternalDocs = "", "", nil, nil
	b, err := json.Marshal(s)
	if err != nil { // a value JSON cannot hold: never equal to another
		return "\x00" + err.Error()
	}
	return string(b)
}

// sameSubschemas reports whether a and b hold the same subschemas in the
// same order, documentation aside.
func sameSubschemas(a, b []JSONSchemaProps) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if subschemaKey(a[i]) != subschemaKey(b[i]) {
			return false
		}
	}
	return true
}

// countAdded returns how many subschemas of new are not in old.
func countAdded(old, new []JSONSchemaProps) int {
	in := make(map[string]bool, len(old))
	for _, s := range old {
		in[subschemaKey(s)] = true
	}
	n := 0
	for _, s := range new {
		if !in[subschemaKey(s)] {
			n++
		}
	}
	return n
}
