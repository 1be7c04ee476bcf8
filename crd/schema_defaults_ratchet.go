package crd

import (
	"github.com/kubeversion/kubeversion/crd/internal/objectmeta"
	"github.com/kubeversion/kubeversion/crd/internal/prune"
	"github.com/kubeversion/kubeversion/crd/internal/structural"
	"github.com/kubeversion/kubeversion/internal/jsonvalue"
)

// pruningChangesDefaults reports whether pruning would change a default
// of the structural schema s, the root of a CRD's schema, as the API
// server's schemaHasUnprunedDefaults finds with defaulting.PruneDefaults:
// each default is put in the resource it would sit in, from the root
// (through "*" for additionalProperties), that resource's metadata is
// rewritten with malformed fields dropped, apiVersion and kind that are
// not strings dropped, the whole pruned by s as a resource, and the
// default read back. A default that cannot sit at its place (a root
// default that is no object) makes the server give up and report no
// change.
//
// An update keeps requiring pruned defaults only when the old object had
// none that pruning changes.
func pruningChangesDefaults(s *JSONSchemaProps) bool {
	changed, ok := defaultsChangedBelow(s, pruningModel(s), nil)
	return ok && changed
}

// defaultsChangedBelow walks s as the server's pruneDefaults does; root
// is the model of the root of s's CRD schema. ok is false when the server
// would stop with an error.
func defaultsChangedBelow(s *JSONSchemaProps, root *structural.Structural, steps []defaultStep) (changed, ok bool) {
	if s == nil {
		return false, true
	}
	if s.Default != nil && s.Default.Value != nil {
		c, ok := defaultChangedByPruning(s.Default.Value, root, steps)
		if !ok {
			return false, false
		}
		changed = changed || c
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
		c, ok := defaultsChangedBelow(s.AdditionalProperties.Schema, root, appendStep(steps, defaultStep{key: "*"}))
		if !ok {
			return false, false
		}
		changed = changed || c
	}
	if items := itemsSchema(s); items != nil {
		c, ok := defaultsChangedBelow(items, root, appendStep(steps, defaultStep{index: true}))
		if !ok {
			return false, false
		}
		changed = changed || c
	}
	for _, k := range sortedKeys(s.Properties) {
		p := s.Properties[k]
		c, ok := defaultsChangedBelow(&p, root, appendStep(steps, defaultStep{key: k}))
		if !ok {
			return false, false
		}
		changed = changed || c
	}
	return changed, true
}

// defaultChangedByPruning puts def in the resource at steps from root,
// drops malformed metadata, prunes, and compares what is left there.
func defaultChangedByPruning(def any, root *structural.Structural, steps []defaultStep) (changed, ok bool) {
	x := jsonvalue.Copy(def)
	for i := len(steps) - 1; i >= 0; i-- {
		if steps[i].index {
			x = []any{x}
		} else {
			x = map[string]any{steps[i].key: x}
		}
	}
	obj, isObj := x.(map[string]any)
	if !isObj {
		return false, false
	}
	objectmeta.DropMalformed(obj, root, true)
	prune.Value(obj, root, true)
	var got any = obj
	for _, st := range steps {
		switch v := got.(type) {
		case []any:
			if !st.index || len(v) == 0 {
				return true, true
			}
			got = v[0]
		case map[string]any:
			next, found := v[st.key]
			if st.index || !found {
				return true, true
			}
			got = next
		default:
			return true, true
		}
	}
	return !jsonvalue.Equal(def, got), true
}
