package openapi

import (
	"fmt"
	"strings"

	"github.com/kubeversion/kubeversion/crd/internal/structural"
	"github.com/kubeversion/kubeversion/internal/jsonvalue"
)

// correlated is a new value and the old value it is correlated with, as
// k8s.io/apiserver's common.CorrelatedObject over the structural schema:
// the field of an object with the same field of the old object, when the
// schema has a property or an additionalProperties schema for it; the
// item of a list of x-kubernetes-list-type map with the old item of the
// same keys. Items of other lists (atomic, set) correlate with nothing.
// The nil *correlated is a value without an old one.
type correlated struct {
	value, old any
	schema     *structural.Structural
	equal      *bool               // cached result of isEqual
	children   map[any]*correlated // by field name (string) or index (int)
	byKey      *mapList            // the old items, once the first is looked up
}

// key returns the correlation of the field k of the value, or nil: when
// c is nil, when the new or the old value is no object or lacks k, or
// when the schema has neither a property k nor an additionalProperties
// schema.
func (c *correlated) key(k string) *correlated {
	if c == nil || c.schema == nil {
		return nil
	}
	if child, ok := c.children[k]; ok {
		return child
	}
	value, ok1 := c.value.(map[string]any)
	old, ok2 := c.old.(map[string]any)
	if !ok1 || !ok2 {
		return nil
	}
	nv, ok1 := value[k]
	ov, ok2 := old[k]
	if !ok1 || !ok2 {
		return nil
	}
	s := c.schema.Property(k)
	if s == nil && c.schema.AdditionalProperties != nil {
		s = c.schema.AdditionalProperties.Structural
	}
	if s == nil {
		return nil
	}
	return c.add(k, &correlated{value: nv, old: ov, schema: s})
}

// index returns the correlation of the item i of the value, or nil: when
// c is nil, when the new or the old value is no list, when the list is
// not of type map, or when no old item has the keys of the new one.
func (c *correlated) index(i int) *correlated {
	if c == nil || c.schema == nil {
		return nil
	}
	if child, ok := c.children[i]; ok {
		return child
	}
	value, ok1 := c.value.([]any)
	old, ok2 := c.old.([]any)
	if !ok1 || !ok2 || i >= len(value) || listType(c.schema) != "map" {
		return nil
	}
	if c.byKey == nil {
		c.byKey = newMapList(c.schema, old)
	}
	ov := c.byKey.get(value[i])
	if ov == nil || c.schema.Items == nil {
		return nil
	}
	return c.add(i, &correlated{value: value[i], old: ov, schema: c.schema.Items})
}

func (c *correlated) add(k any, child *correlated) *correlated {
	if c.children == nil {
		c.children = make(map[any]*correlated)
	}
	c.children[k] = child
	return child
}

func listType(s *structural.Structural) string {
	if s.XListType == nil {
		return ""
	}
	return *s.XListType
}

// isEqual is CachedDeepEqual: whether the value is unchanged. A nil c
// is not. Objects are equal when they have the same fields and each
// field correlates and is equal, so that an object with a field the
// schema says nothing of (under x-kubernetes-preserve-unknown-fields or
// additionalProperties true) is never equal. Two empty lists are equal.
// Lists of type map are equal when they have the same length and each
// item has an equal old item of the same keys, in any order; other lists,
// and scalars, when they are deeply equal, int64(1) differing from
// float64(1).
func (c *correlated) isEqual() bool {
	if c == nil {
		return false
	}
	if c.equal != nil {
		return *c.equal
	}
	eq := c.compare()
	c.equal = &eq
	return eq
}

func (c *correlated) compare() bool {
	if c.value == nil || c.old == nil {
		return c.value == nil && c.old == nil
	}
	switch value := c.value.(type) {
	case []any:
		old, ok := c.old.([]any)
		if !ok || len(old) != len(value) {
			return false
		}
		if len(value) == 0 {
			return true
		}
		if listType(c.schema) != "map" {
			return jsonvalue.Equal(old, value)
		}
		for i := range value {
			if !c.index(i).isEqual() {
				return false
			}
		}
		return true
	case map[string]any:
		old, ok := c.old.(map[string]any)
		if !ok || len(old) != len(value) {
			return false
		}
		for k := range value {
			if !c.key(k).isEqual() {
				return false
			}
		}
		return true
	}
	switch c.old.(type) {
	case []any, map[string]any:
		return false
	}
	return jsonvalue.Equal(c.old, c.value)
}

// mapList finds the old item of a list of type map with the keys of a
// new one, as common.MapList: the first old item whose keys are all
// present and scalar and equal. With one key, values of different types
// differ (1 is not 1.0); with several, floats are compared as printed
// with %f, so that 0.1 and 0.1000001 are the same key.
type mapList struct {
	keys  []string
	items map[any]map[string]any
}

func newMapList(s *structural.Structural, old []any) *mapList {
	m := &mapList{keys: s.XListMapKeys, items: make(map[any]map[string]any)}
	if s.Type != "array" || len(m.keys) == 0 {
		return m
	}
	for _, item := range old {
		obj, ok := item.(map[string]any)
		if !ok {
			continue
		}
		if k, ok := m.key(obj); ok {
			if _, seen := m.items[k]; !seen {
				m.items[k] = obj
			}
		}
	}
	return m
}

// get returns the old item with the keys of x, or nil.
func (m *mapList) get(x any) any {
	obj, ok := x.(map[string]any)
	if !ok || len(m.keys) == 0 {
		return nil
	}
	k, ok := m.key(obj)
	if !ok {
		return nil
	}
	if item, ok := m.items[k]; ok {
		return item
	}
	return nil
}

// key is the key of obj, and false when a key is missing or no scalar.
func (m *mapList) key(obj map[string]any) (any, bool) {
	if len(m.keys) == 1 {
		v, ok := obj[m.keys[0]]
		switch v.(type) {
		case bool, float64, int64, string:
			return v, ok
		}
		return nil, false
	}
	var b strings.Builder
	for _, k := range m.keys {
		switch v := obj[k].(type) {
		case bool:
			fmt.Fprintf(&b, "\x00%t", v)
		case float64:
			fmt.Fprintf(&b, "\x00%f", v)
		case int64:
			fmt.Fprintf(&b, "\x00%d", v)
		case string:
			fmt.Fprintf(&b, "\x00%q", v)
		default:
			return nil, false
		}
	}
	return b.String(), true
}
