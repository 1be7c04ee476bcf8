package validation

import (
	"github.com/kubeversion/kubeversion/crd/internal/api"
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
func pruningChangesDefaults(s *api.JSONSchemaProps) bool {
	m := structural.Pruning(s)
	changed, ok := defaultsChangedBelow(m, m, nil)
	return ok && changed
}

// defaultsChangedBelow walks the model s as the server's pruneDefaults
// does: the default, then additionalProperties, items and properties;
// root is the model of the root of s's CRD schema. ok is false when the
// server would stop with an error.
func defaultsChangedBelow(s, root *structural.Structural, steps []defaultStep) (changed, ok bool) {
	if s == nil {
		return false, true
	}
	if s.Default != nil && *s.Default != nil {
		if changed, ok = defaultChangedByPruning(*s.Default, root, steps); !ok {
			return false, false
		}
	}
	below := func(sub *structural.Structural, step defaultStep) bool {
		if sub == nil {
			return true
		}
		c, ok := defaultsChangedBelow(sub, root, appendStep(steps, step))
		changed = changed || c
		return ok
	}
	if ap := s.AdditionalProperties; ap != nil && !below(ap.Structural, defaultStep{key: "*"}) {
		return false, false
	}
	if !below(s.Items, defaultStep{index: true}) {
		return false, false
	}
	for _, p := range s.Properties {
		if !below(p.Schema, defaultStep{key: p.Name}) {
			return false, false
		}
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
