package openapi

import (
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/kubeversion/kubeversion/crd/internal/structural"
)

// mustModel builds the structural model of the schema src as crd's
// newStructural would, for the keywords the validator reads. It is
// intended for tests with hard-coded schemas.
func mustModel(t *testing.T, src string) *structural.Structural {
	t.Helper()
	return structuralOf(mustJSON(t, src).(map[string]any))
}

// mustJSON decodes src into crd's JSON model: a number is an int64 when
// written without fraction or exponent and it fits, else a float64.
func mustJSON(t *testing.T, src string) any {
	t.Helper()
	d := json.NewDecoder(strings.NewReader(src))
	d.UseNumber()
	var x any
	if err := d.Decode(&x); err != nil {
		t.Fatalf("decoding %s: %v", src, err)
	}
	return numbers(x)
}

func numbers(x any) any {
	switch x := x.(type) {
	case json.Number:
		if i, err := strconv.ParseInt(string(x), 10, 64); err == nil {
			return i
		}
		f, _ := x.Float64()
		return f
	case []any:
		for i := range x {
			x[i] = numbers(x[i])
		}
	case map[string]any:
		for k, v := range x {
			x[k] = numbers(v)
		}
	}
	return x
}

func structuralOf(m map[string]any) *structural.Structural {
	s := &structural.Structural{ValueValidation: valueValidationOf(m)}
	s.Type, _ = m["type"].(string)
	s.Nullable, _ = m["nullable"].(bool)
	s.XIntOrString, _ = m["x-kubernetes-int-or-string"].(bool)
	if lt, ok := m["x-kubernetes-list-type"].(string); ok {
		s.XListType = &lt
	}
	for _, k := range asList(m["x-kubernetes-list-map-keys"]) {
		s.XListMapKeys = append(s.XListMapKeys, k.(string))
	}
	if items, ok := m["items"].(map[string]any); ok {
		s.Items = structuralOf(items)
	}
	props, _ := m["properties"].(map[string]any)
	for _, k := range slices.Sorted(maps.Keys(props)) {
		s.Properties = append(s.Properties, structural.Property{Name: k, Schema: structuralOf(props[k].(map[string]any))})
	}
	switch ap := m["additionalProperties"].(type) {
	case bool:
		s.AdditionalProperties = &structural.StructuralOrBool{Bool: ap}
	case map[string]any:
		s.AdditionalProperties = &structural.StructuralOrBool{Structural: structuralOf(ap), Bool: true}
	}
	return s
}

func nestedOf(m map[string]any) *structural.Nested {
	n := &structural.Nested{ValueValidation: valueValidationOf(m)}
	n.ForbiddenGenerics.Type, _ = m["type"].(string)
	n.ForbiddenGenerics.Nullable, _ = m["nullable"].(bool)
	if items, ok := m["items"].(map[string]any); ok {
		n.Items = nestedOf(items)
	}
	props, _ := m["properties"].(map[string]any)
	for _, k := range slices.Sorted(maps.Keys(props)) {
		n.Properties = append(n.Properties, structural.NestedProperty{Name: k, Schema: nestedOf(props[k].(map[string]any))})
	}
	_, n.AdditionalProperties = m["additionalProperties"]
	return n
}

func valueValidationOf(m map[string]any) *structural.ValueValidation {
	vv := &structural.ValueValidation{}
	vv.Format, _ = m["format"].(string)
	vv.Pattern, _ = m["pattern"].(string)
	vv.ExclusiveMaximum, _ = m["exclusiveMaximum"].(bool)
	vv.ExclusiveMinimum, _ = m["exclusiveMinimum"].(bool)
	vv.UniqueItems, _ = m["uniqueItems"].(bool)
	vv.Maximum, vv.Minimum, vv.MultipleOf = float(m["maximum"]), float(m["minimum"]), float(m["multipleOf"])
	vv.MaxLength, vv.MinLength = integer(m["maxLength"]), integer(m["minLength"])
	vv.MaxItems, vv.MinItems = integer(m["maxItems"]), integer(m["minItems"])
	vv.MaxProperties, vv.MinProperties = integer(m["maxProperties"]), integer(m["minProperties"])
	vv.Enum, _ = m["enum"].([]any)
	for _, r := range asList(m["required"]) {
		vv.Required = append(vv.Required, r.(string))
	}
	for _, l := range []struct {
		key string
		out *[]structural.Nested
	}{{"allOf", &vv.AllOf}, {"anyOf", &vv.AnyOf}, {"oneOf", &vv.OneOf}} {
		for _, e := range asList(m[l.key]) {
			*l.out = append(*l.out, *nestedOf(e.(map[string]any)))
		}
	}
	if not, ok := m["not"].(map[string]any); ok {
		vv.Not = nestedOf(not)
	}
	return vv
}

func asList(x any) []any {
	l, _ := x.([]any)
	return l
}

func float(x any) *float64 {
	switch x := x.(type) {
	case int64:
		f := float64(x)
		return &f
	case float64:
		return &x
	}
	return nil
}

func integer(x any) *int64 {
	if i, ok := x.(int64); ok {
		return &i
	}
	return nil
}
