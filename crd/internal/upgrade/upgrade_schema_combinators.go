package upgrade

import (
	"encoding/json"
	"strconv"

	"github.com/kubeversion/kubeversion/crd/internal/api"
)

// combinators compares allOf, anyOf, oneOf and not, as crdify does, with
// one difference: removing allOf subschemas, not or anyOf, and adding
// anyOf branches, loosen the schema, and are not reported. The order of the
// subschemas does not matter.
//
//   - allOf: subschemas added are all-of-changed. The subschemas in both,
//     documentation aside, are set aside; with as many left on both sides,
//     each left is compared with the one left at its rank, since a tighter
//     subschema tightens the whole.
//   - anyOf: a net new anyOf, or a branch removed or changed, is
//     any-of-changed; branches only added, or anyOf removed whole, are not.
//   - oneOf: any change is one-of-changed: a branch added can make objects
//     match two branches, and so fail.
//   - not: added or changed is not-changed; a tighter not is a looser
//     schema, so its keywords are not compared one by one.
func (c *schemaComparison) combinators(old, new *api.JSONSchemaProps, path, field string) {
	oldLeft, newLeft := unmatchedSubschemas(old.AllOf, new.AllOf)
	if len(oldLeft) == len(newLeft) {
		for i, j := range newLeft {
			c.node(&old.AllOf[oldLeft[i]], &new.AllOf[j], path+".allOf["+strconv.Itoa(j)+"]", field)
		}
	} else if len(newLeft) > 0 {
		c.add(checkAllOfChanged, path+".allOf", field, strconv.Itoa(len(newLeft))+" allOf subschemas added: objects must now match them too")
	}
	if oldLeft, newLeft := unmatchedSubschemas(old.AnyOf, new.AnyOf); (len(oldLeft) > 0 && len(new.AnyOf) > 0) || (len(old.AnyOf) == 0 && len(newLeft) > 0) {
		c.add(checkAnyOfChanged, keywordPath(path, "anyOf", len(new.AnyOf) > 0), field,
			"anyOf changes: objects valid before may match none of its subschemas")
	}
	if oldLeft, newLeft := unmatchedSubschemas(old.OneOf, new.OneOf); len(oldLeft) > 0 || len(newLeft) > 0 {
		c.add(checkOneOfChanged, keywordPath(path, "oneOf", len(new.OneOf) > 0), field,
			"oneOf changes: objects valid before may match none, or more than one, of its subschemas")
	}
	if new.Not != nil && (old.Not == nil || subschemaKey(*old.Not) != subschemaKey(*new.Not)) {
		c.add(checkNotChanged, path+".not", field, "not added or changed: objects valid before may match it")
	}
}

// keywordPath returns the path a finding on keyword points to:
// path.keyword if the new schema has keyword, else path, the node.
func keywordPath(path, keyword string, present bool) string {
	if present {
		return path + "." + keyword
	}
	return path
}

// subschemaKey returns s as JSON without its top-level documentation, to
// compare subschemas as crdify does.
func subschemaKey(s api.JSONSchemaProps) string {
	s.Description, s.Title, s.Example, s.ExternalDocs = "", "", nil, nil
	b, err := json.Marshal(s)
	if err != nil { // a value JSON cannot hold: never equal to another
		return "\x00" + err.Error()
	}
	return string(b)
}

// unmatchedSubschemas returns the indices, in order, of the subschemas of
// old and of new that the other does not hold, documentation aside, each
// subschema of one matching at most one of the other.
func unmatchedSubschemas(old, new []api.JSONSchemaProps) (oldLeft, newLeft []int) {
	count := make(map[string]int, len(old))
	for _, s := range old {
		count[subschemaKey(s)]++
	}
	matched := make(map[string]int, len(old))
	for j, s := range new {
		k := subschemaKey(s)
		if count[k] > 0 {
			count[k]--
			matched[k]++
			continue
		}
		newLeft = append(newLeft, j)
	}
	for i, s := range old {
		k := subschemaKey(s)
		if matched[k] > 0 {
			matched[k]--
			continue
		}
		oldLeft = append(oldLeft, i)
	}
	return oldLeft, newLeft
}
