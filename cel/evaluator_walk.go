package cel

import (
	"context"
	"slices"

	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	schemacel "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/model"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/cel/common"
)

// node is a schemacel.Validator, the server's validator of a schema and
// those below it, taken apart: rules is the validator of the schema's own
// rules alone, and the others are the validators below it. The server
// walks an object's fields in map order, which Go makes random, so that
// the order of the errors of sibling fields, and which rules run before
// the cost budget runs out, change from one request to the next; walking
// the nodes visits fields in sorted order, each visit as the server's
// walk makes it, and gives one of the server's answers every time.
type node struct {
	rules                *schemacel.Validator
	schema               *structuralschema.Structural
	items                *node
	additionalProperties *node
	properties           map[string]*node
	allOf                []*node
}

// newNode takes v apart; nil for nil.
func newNode(v *schemacel.Validator) *node {
	if v == nil {
		return nil
	}
	rules := *v
	rules.Items, rules.AdditionalProperties, rules.Properties, rules.AllOfValidators = nil, nil, nil, nil
	n := &node{rules: &rules, schema: v.Schema, items: newNode(v.Items), additionalProperties: newNode(v.AdditionalProperties)}
	if v.Properties != nil {
		n.properties = make(map[string]*node, len(v.Properties))
		for name, p := range v.Properties {
			n.properties[name] = newNode(&p)
		}
	}
	for _, a := range v.AllOfValidators {
		n.allOf = append(n.allOf, newNode(a))
	}
	return n
}

// ratchet is the server's ratchetingOptions: the correlation of the
// visited value with its old value, nil where they cannot be correlated,
// and the nearest parent's that can.
type ratchet struct {
	current, nearestParent *common.CorrelatedObject
}

// option returns the option of the server's Validate that makes a
// validator of rules alone ratchet its errors as r does: the errors of a
// node are ratcheted when the node, or else its nearest correlatable
// parent, equals its old value (shouldRatchetError).
func (r ratchet) option() schemacel.Option {
	if r.current != nil {
		return schemacel.WithRatcheting(r.current)
	}
	return schemacel.WithRatcheting(r.nearestParent)
}

// key is the server's ratchetingOptions.key.
func (r ratchet) key(field string) ratchet {
	if r.current == nil {
		return r
	} else if r.nearestParent == nil && (field == "apiVersion" || field == "kind") {
		return ratchet{}
	}
	return ratchet{current: r.current.Key(field), nearestParent: r.current}
}

// index is the server's ratchetingOptions.index.
func (r ratchet) index(i int) ratchet {
	if r.current == nil {
		return r
	}
	return ratchet{current: r.current.Index(i), nearestParent: r.current}
}

// validate is the server's Validator.validate, with fields in sorted
// order.
func (n *node) validate(ctx context.Context, path *field.Path, obj, old any, r ratchet, budget int64) (field.ErrorList, int64) {
	if n == nil || obj == nil {
		return nil, budget
	}
	errs, budget := n.rules.Validate(ctx, path, n.schema, obj, old, budget, r.option())
	if budget < 0 {
		return errs, budget
	}
	for _, a := range n.allOf {
		var more field.ErrorList
		more, budget = a.validate(ctx, path, obj, old, ratchet{nearestParent: r.nearestParent}, budget)
		errs = append(errs, more...)
		if budget < 0 {
			return errs, budget
		}
	}
	var more field.ErrorList
	switch obj := obj.(type) {
	case []any:
		oldList, _ := old.([]any)
		more, budget = n.validateList(ctx, path, obj, oldList, r, budget)
	case map[string]any:
		oldMap, _ := old.(map[string]any)
		more, budget = n.validateMap(ctx, path, obj, oldMap, r, budget)
	}
	return append(errs, more...), budget
}

// validateMap is the server's Validator.validateMap, with fields in
// sorted order.
func (n *node) validateMap(ctx context.Context, path *field.Path, obj, old map[string]any, r ratchet, budget int64) (errs field.ErrorList, _ int64) {
	if obj == nil {
		return nil, budget
	}
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	correlatable := schemacel.MapIsCorrelatable(n.schema.XMapType)
	oldOf := func(k string) any {
		if correlatable {
			return old[k]
		}
		return nil
	}
	if n.additionalProperties != nil {
		for _, k := range keys {
			var more field.ErrorList
			more, budget = n.additionalProperties.validate(ctx, path.Key(k), obj[k], oldOf(k), r.key(k), budget)
			errs = append(errs, more...)
			if budget < 0 {
				return errs, budget
			}
		}
	}
	if n.properties != nil {
		for _, k := range keys {
			p, ok := n.properties[k]
			if !ok {
				continue
			}
			var more field.ErrorList
			more, budget = p.validate(ctx, path.Child(k), obj[k], oldOf(k), r.key(k), budget)
			errs = append(errs, more...)
			if budget < 0 {
				return errs, budget
			}
		}
	}
	return errs, budget
}

// validateList is the server's Validator.validateArray: the old item of
// an item of a map list is the one with the same keys, and there is none
// in other lists.
func (n *node) validateList(ctx context.Context, path *field.Path, obj, old []any, r ratchet, budget int64) (errs field.ErrorList, _ int64) {
	if n.items == nil {
		return nil, budget
	}
	oldItems := common.MakeMapList(&model.Structural{Structural: n.schema}, old)
	for i := range obj {
		var more field.ErrorList
		more, budget = n.items.validate(ctx, path.Index(i), obj[i], oldItems.Get(obj[i]), r.index(i), budget)
		errs = append(errs, more...)
		if budget < 0 {
			return errs, budget
		}
	}
	return errs, budget
}
