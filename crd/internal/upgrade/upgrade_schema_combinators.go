package upgrade

import (
	"encoding/json"
	"reflect"
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
func (c *schemaComparison) combinators(old, new *api.JSONSchemaProps, at *place) {
	oldLeft, newLeft := unmatchedSubschemas(old.AllOf, new.AllOf)
	if len(oldLeft) == len(newLeft) {
		for i, j := range newLeft {
			child := at.below("allOf", strconv.Itoa(j), true, sameField)
			c.node(&old.AllOf[oldLeft[i]], &new.AllOf[j], &child)
		}
	} else if len(newLeft) > 0 {
		c.add(checkAllOfChanged, at.path()+".allOf", at.field(), strconv.Itoa(len(newLeft))+" allOf subschemas added: objects must now match them too")
	}
	if oldLeft, newLeft := unmatchedSubschemas(old.AnyOf, new.AnyOf); (len(oldLeft) > 0 && len(new.AnyOf) > 0) || (len(old.AnyOf) == 0 && len(newLeft) > 0) {
		c.add(checkAnyOfChanged, keywordPath(at.path(), "anyOf", len(new.AnyOf) > 0), at.field(),
			"anyOf changes: objects valid before may match none of its subschemas")
	}
	if oldLeft, newLeft := unmatchedSubschemas(old.OneOf, new.OneOf); len(oldLeft) > 0 || len(newLeft) > 0 {
		c.add(checkOneOfChanged, keywordPath(at.path(), "oneOf", len(new.OneOf) > 0), at.field(),
			"oneOf changes: objects valid before may match none, or more than one, of its subschemas")
	}
	if new.Not != nil && (old.Not == nil || !reflect.DeepEqual(old.Not, new.Not) && subschemaKey(*old.Not) != subschemaKey(*new.Not)) {
		c.add(checkNotChanged, at.path()+".not", at.field(), "not added or changed: objects valid before may match it")
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
	switch {
	case len(old) == 0 || len(new) == 0:
		// Nothing to match: most schemas have no combinators, and the
		// maps below cost every node three.
		return indices(len(old)), indices(len(new))
	case reflect.DeepEqual(old, new):
		// Unchanged, as most are: each matches its own, without the
		// JSON of each (the anyOf of every quantity of a pod template).
		return nil, nil
	}
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

// indices returns 0 to n-1, or nil for 0.
func indices(n int) []int {
	if n == 0 {
		return nil
	}
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}
