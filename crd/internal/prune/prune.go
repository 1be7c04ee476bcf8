package prune

import (
	"slices"

	"github.com/kubeversion/kubeversion/crd/internal/structural"
)

// Resource prunes obj by s as the server prunes a custom resource
// (pruning.PruneWithOptions with isResourceRoot true) and returns the
// paths of the removed fields, sorted, in the server's form: "spec.foo",
// "spec.list[1].bar". A nil s removes everything but apiVersion, kind and
// metadata.
func Resource(obj map[string]any, s *structural.Structural) []string {
	p := pruner{track: true}
	p.prune(obj, structural.ResourceRoot(s))
	slices.Sort(p.paths)
	return p.paths
}

// Value prunes v, any JSON value, by s as the server's pruning.Prune does,
// and reports whether it removed anything. isResourceRoot reads s as the
// root of a resource, as [Resource] does.
func Value(v any, s *structural.Structural, isResourceRoot bool) bool {
	if isResourceRoot {
		s = structural.ResourceRoot(s)
	}
	p := pruner{}
	p.prune(v, s)
	return p.removed
}

// pruner holds the state of one pruning: the path of the value at hand (as
// the server's UnknownFieldPathOptions builds it), the removed paths when
// track is set, and whether anything was removed.
type pruner struct {
	track   bool
	removed bool
	path    []byte
	segs    int
	paths   []string
}

// isMetaField reports whether k is one of the fields an embedded resource
// keeps unpruned.
func isMetaField(k string) bool {
	return k == "apiVersion" || k == "kind" || k == "metadata"
}

// fieldSchema returns the schema of the field k of an object of schema s:
// the property, else the additionalProperties schema (nil for a boolean);
// ok is false when s specifies neither.
func fieldSchema(s *structural.Structural, k string) (sub *structural.Structural, ok bool) {
	if p := s.Property(k); p != nil {
		return p, true
	}
	if s.AdditionalProperties != nil {
		return s.AdditionalProperties.Structural, true
	}
	return nil, false
}

// itemsSchema returns the items schema of s, or nil.
func itemsSchema(s *structural.Structural) *structural.Structural {
	if s == nil {
		return nil
	}
	return s.Items
}

func (p *pruner) prune(x any, s *structural.Structural) {
	if s != nil && s.XPreserveUnknownFields {
		p.skip(x, s)
		return
	}
	switch x := x.(type) {
	case map[string]any:
		if s == nil {
			for k := range x {
				p.record(k)
				delete(x, k)
			}
			return
		}
		for k, v := range x {
			if s.XEmbeddedResource && isMetaField(k) {
				continue
			}
			if sub, ok := fieldSchema(s, k); ok {
				n := p.key(k)
				p.prune(v, sub)
				p.restore(n)
				continue
			}
			// The server does not report apiVersion, kind and metadata
			// removed at the root of a value that is not a resource (there
			// are no segments only there when tracking).
			if !isMetaField(k) || p.segs > 0 {
				p.record(k)
			} else {
				p.removed = true
			}
			delete(x, k)
		}
	case []any:
		items := itemsSchema(s)
		for i, v := range x {
			n := p.index(i)
			p.prune(v, items)
			p.restore(n)
		}
	}
}

// skip walks x under x-kubernetes-preserve-unknown-fields: unknown fields
// stay, known ones are pruned by their schemas. As in the server, the
// items of a list are walked the same way, whatever their schema says.
func (p *pruner) skip(x any, s *structural.Structural) {
	if s == nil {
		return
	}
	switch x := x.(type) {
	case map[string]any:
		for k, v := range x {
			if s.XEmbeddedResource && isMetaField(k) {
				continue
			}
			if sub, ok := fieldSchema(s, k); ok {
				n := p.key(k)
				p.prune(v, sub)
				p.restore(n)
			}
		}
	case []any:
		for i, v := range x {
			n := p.index(i)
			p.skip(v, s.Items)
			p.restore(n)
		}
	}
}
