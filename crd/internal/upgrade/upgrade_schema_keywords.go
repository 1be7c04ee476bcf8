package upgrade

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/internal/jsonvalue"
)

// keywords compares the keywords of one node that crdify judges, as crdify
// does: a change is reported when objects valid before may be invalid
// after, or when clients see another value (default, nullable, format).
// The findings come in the order of the steps below.
func (c *schemaComparison) keywords(old, new *api.JSONSchemaProps, at *place) {
	c.typeChange(old, new, at)
	c.enum(old, new, at)
	if !defaultsEqual(old.Default, new.Default) {
		c.add(checkDefaultChanged, keywordPath(at.path(), "default", new.Default != nil), at.field(),
			"default changes from "+jsonText(old.Default)+" to "+jsonText(new.Default)+": objects written without it read differently")
	}
	c.bounds(old, new, at)
	c.required(old.Required, new.Required, at)
	c.pattern(old.Pattern, new.Pattern, at)
	c.flags(old, new, at)
	c.topology(old, new, at)
	c.rules(old.XValidations, new.XValidations, at)
}

// typeChange reports a type removed, widened (integer to number) or
// changed.
func (c *schemaComparison) typeChange(old, new *api.JSONSchemaProps, at *place) {
	switch {
	case old.Type == new.Type:
	case new.Type == "":
		// More values are accepted now, the old ones included: no stored
		// object breaks, but clients may read values of another type.
		accepted := "values of any type"
		if new.XIntOrString {
			accepted = "integers and strings"
		}
		c.add(checkTypeRemoved, at.path(), at.field(),
			"type "+strconv.Quote(old.Type)+" removed: "+accepted+" are accepted, and clients that expect "+strconv.Quote(old.Type)+" may get others")
	case old.Type == "integer" && new.Type == "number":
		// Every stored integer is a number: nothing stored breaks.
		c.add(checkTypeWidened, keywordPath(at.path(), "type", true), at.field(),
			`type changes from "integer" to "number": stored objects stay valid, but clients that expect integers may get fractions`)
	default:
		c.add(checkTypeChanged, keywordPath(at.path(), "type", true), at.field(),
			"type changes from "+strconv.Quote(old.Type)+" to "+strconv.Quote(new.Type)+": stored objects and clients of the old type break")
	}
}

// bounds reports the maximums tightened, then the minimums.
func (c *schemaComparison) bounds(old, new *api.JSONSchemaProps, at *place) {
	if msg := maxTightened(old.Maximum, new.Maximum, old.ExclusiveMaximum, new.ExclusiveMaximum, formatFloat); msg != "" {
		c.add(checkMaximumTightened, keywordPath(at.path(), "maximum", new.Maximum != nil), at.field(), "maximum "+msg)
	}
	c.bound(checkMaxLengthTightened, "maxLength", old.MaxLength, new.MaxLength, true, at)
	c.bound(checkMaxItemsTightened, "maxItems", old.MaxItems, new.MaxItems, true, at)
	c.bound(checkMaxPropertiesTightened, "maxProperties", old.MaxProperties, new.MaxProperties, true, at)
	if msg := minTightened(old.Minimum, new.Minimum, old.ExclusiveMinimum, new.ExclusiveMinimum, formatFloat); msg != "" {
		c.add(checkMinimumTightened, keywordPath(at.path(), "minimum", new.Minimum != nil), at.field(), "minimum "+msg)
	}
	c.bound(checkMinLengthTightened, "minLength", old.MinLength, new.MinLength, false, at)
	c.bound(checkMinItemsTightened, "minItems", old.MinItems, new.MinItems, false, at)
	c.bound(checkMinPropertiesTightened, "minProperties", old.MinProperties, new.MinProperties, false, at)
}

// required reports the properties newly required, in new's order, each
// once.
func (c *schemaComparison) required(old, new []string, at *place) {
	seen := make(map[string]bool, len(old))
	for _, r := range old {
		seen[r] = true
	}
	var added []string
	for _, r := range new {
		if !seen[r] {
			seen[r] = true
			added = append(added, r)
		}
	}
	if len(added) > 0 {
		c.add(checkRequiredAdded, at.path()+".required", at.field(),
			"newly required: "+strings.Join(added, ", ")+": clients without them fail validation; a stored object without them"+ratchetedObject)
	}
}

// pattern reports a pattern added or changed; one removed allows more,
// and one written differently that means the same (see samePattern)
// changes nothing. A pattern that accepts every string the old one did
// (see coversPattern) is pattern-loosened.
func (c *schemaComparison) pattern(old, new string, at *place) {
	switch {
	case old == new || new == "" || samePattern(old, new):
	case old != "" && coversPattern(new, old):
		c.add(checkPatternLoosened, at.path()+".pattern", at.field(), "pattern loosens from "+strconv.Quote(old)+" to "+strconv.Quote(new)+": every value valid before still is; the controller may now get values the old pattern refused")
	case old == "":
		c.add(checkPatternChanged, at.path()+".pattern", at.field(), "pattern "+strconv.Quote(new)+" added")
	default:
		c.add(checkPatternChanged, at.path()+".pattern", at.field(), "pattern changes from "+strconv.Quote(old)+" to "+strconv.Quote(new))
	}
}

// flags reports nullable and format changed, and uniqueItems added.
func (c *schemaComparison) flags(old, new *api.JSONSchemaProps, at *place) {
	if old.Nullable != new.Nullable {
		c.add(checkNullableChanged, keywordPath(at.path(), "nullable", new.Nullable), at.field(),
			"nullable changes from "+strconv.FormatBool(old.Nullable)+" to "+strconv.FormatBool(new.Nullable))
	}
	if old.Format != new.Format {
		c.add(checkFormatChanged, keywordPath(at.path(), "format", new.Format != ""), at.field(),
			"format changes from "+strconv.Quote(old.Format)+" to "+strconv.Quote(new.Format))
	}
	if !old.UniqueItems && new.UniqueItems {
		c.add(checkUniqueItemsAdded, at.path()+".uniqueItems", at.field(), "items must now be unique")
	}
}

// enum reports an enum added where there was none, and values removed or
// added.
func (c *schemaComparison) enum(old, new *api.JSONSchemaProps, at *place) {
	if len(new.Enum) == 0 {
		return // no enum, or none any more: every value is allowed
	}
	if slices.EqualFunc(old.Enum, new.Enum, func(a, b api.JSON) bool { return jsonvalue.Equal(a.Value, b.Value) }) {
		return
	}
	if len(old.Enum) == 0 {
		c.add(checkEnumAdded, at.path()+".enum", at.field(), "enum added where any value was allowed: "+joinJSON(new.Enum))
		return
	}
	removed, added := enumDiff(old.Enum, new.Enum), enumDiff(new.Enum, old.Enum)
	if len(removed) > 0 {
		c.add(checkEnumValueRemoved, at.path()+".enum", at.field(), "enum values removed: "+joinJSON(removed)+": clients that use them fail validation; a stored object with one"+ratcheted)
	}
	if len(added) > 0 {
		c.add(checkEnumValueAdded, at.path()+".enum", at.field(), "enum values added: "+joinJSON(added)+": clients that know only the old values may not handle them")
	}
}

// enumDiff returns the values of a not in b, in a's order.
func enumDiff(a, b []api.JSON) []api.JSON {
	in := make(map[string]bool, len(b))
	for _, v := range b {
		in[jsonText(&v)] = true
	}
	var out []api.JSON
	for _, v := range a {
		if !in[jsonText(&v)] {
			out = append(out, v)
		}
	}
	return out
}

// rules reports x-kubernetes-validations rules added or removed; a rule is
// its rule, reason and optionalOldSelf, as in crdify. CEL is not judged.
func (c *schemaComparison) rules(old, new []api.ValidationRule, at *place) {
	key := func(r api.ValidationRule) string {
		k := r.Rule + "\x00"
		if r.Reason != nil {
			k += *r.Reason
		}
		if r.OptionalOldSelf != nil {
			k += "\x00" + strconv.FormatBool(*r.OptionalOldSelf)
		}
		return k
	}
	diff := func(a, b []api.ValidationRule) []string {
		in := make(map[string]bool, len(b))
		for _, r := range b {
			in[key(r)] = true
		}
		var out []string
		for _, r := range a {
			if !in[key(r)] {
				out = append(out, strconv.Quote(r.Rule))
			}
		}
		return out
	}
	var parts []string
	if added := diff(new, old); len(added) > 0 {
		parts = append(parts, "added "+strings.Join(added, ", "))
	}
	if removed := diff(old, new); len(removed) > 0 {
		parts = append(parts, "removed "+strings.Join(removed, ", "))
	}
	if len(parts) > 0 {
		c.add(checkValidationRulesChanged, keywordPath(at.path(), "x-kubernetes-validations", len(new) > 0), at.field(),
			"x-kubernetes-validations rules "+strings.Join(parts, "; ")+": CEL rules are not judged, review them by hand")
	}
}

// bound reports a tightened maxLength, maxItems, maxProperties (isMax) or
// minLength, minItems, minProperties.
func (c *schemaComparison) bound(check, keyword string, old, new *int64, isMax bool, at *place) {
	format := func(i int64) string { return strconv.FormatInt(i, 10) }
	var msg string
	if isMax {
		msg = maxTightened(old, new, false, false, format)
	} else {
		msg = minTightened(old, new, false, false, format)
	}
	if msg == "" {
		return
	}
	c.add(check, keywordPath(at.path(), keyword, new != nil), at.field(), keyword+" "+msg)
}

// maxTightened describes how an upper bound became tighter: added,
// lowered, or made exclusive; "" if it did not.
func maxTightened[T int64 | float64](old, new *T, oldExcl, newExcl bool, format func(T) string) string {
	switch {
	case new == nil:
		return ""
	case old == nil:
		return format(*new) + " added where there was no bound"
	case *new < *old:
		return "lowered from " + format(*old) + " to " + format(*new)
	case *new == *old && newExcl && !oldExcl:
		return format(*new) + " made exclusive"
	}
	return ""
}

// minTightened is maxTightened for a lower bound.
func minTightened[T int64 | float64](old, new *T, oldExcl, newExcl bool, format func(T) string) string {
	switch {
	case new == nil:
		return ""
	case old == nil:
		return format(*new) + " added where there was no bound"
	case *new > *old:
		return "raised from " + format(*old) + " to " + format(*new)
	case *new == *old && newExcl && !oldExcl:
		return format(*new) + " made exclusive"
	}
	return ""
}

func formatFloat(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// defaultsEqual reports whether two defaults are the same JSON value.
func defaultsEqual(a, b *api.JSON) bool {
	if a == nil || b == nil {
		return a == b
	}
	return jsonvalue.Equal(a.Value, b.Value)
}

// jsonText returns v as JSON, "none" for nil.
func jsonText(v *api.JSON) string {
	if v == nil {
		return "none"
	}
	b, err := json.Marshal(v.Value)
	if err != nil { // NaN or an infinity, which JSON cannot hold
		return "invalid JSON value"
	}
	return string(b)
}

// joinJSON returns the values as JSON, separated by ", ".
func joinJSON(vs []api.JSON) string {
	s := make([]string, len(vs))
	for i := range vs {
		s[i] = jsonText(&vs[i])
	}
	return strings.Join(s, ", ")
}
