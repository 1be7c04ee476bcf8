package crd

import (
	"slices"
	"strconv"

	"github.com/kubeversion/kubeversion/crd/internal/structural"
)

// Prune removes from obj, a custom resource read from JSON, every field
// that the schema s does not specify, as the API server does when it
// stores or converts an object (k8s.io/apiextensions-apiserver's
// pruning.PruneWithOptions with isResourceRoot true). It returns the paths
// of the removed fields, sorted as by [slices.Sort], in the server's form:
// "spec.foo", "spec.list[1].bar". It changes nothing but removing fields.
// For example, with the schema
//
//	{"type": "object", "properties": {"spec": {"type": "object", "properties": {"replicas": {"type": "integer"}}}}}
//
// Prune(obj, s) removes spec.replica from
// {"apiVersion": "example.com/v1", "kind": "Foo", "spec": {"replicas": 1, "replica": 2}}
// and returns ["spec.replica"].
//
// Values are those of the JSON model of [JSON]: nil, bool, string, int64,
// float64, []any and map[string]any. As in the server:
//
//   - apiVersion, kind and metadata are kept at the root and in every
//     embedded resource (x-kubernetes-embedded-resource), and never looked
//     into: metadata is not pruned here ([Coerce] does the rest of what
//     the server does to an object, metadata included);
//   - under x-kubernetes-preserve-unknown-fields unknown fields are kept,
//     but the properties the schema does specify are pruned by their
//     schemas;
//   - a field matched by additionalProperties is pruned by its schema;
//     where additionalProperties is a boolean, an object in such a field
//     loses all its fields;
//   - a nil s removes everything but apiVersion, kind and metadata.
//
// A schema the server could not have accepted as structural (items given
// as a list of schemas) is read as if items were absent.
func Prune(obj map[string]any, s *JSONSchemaProps) []string {
	if obj == nil {
		return nil
	}
	return pruneTracked(obj, pruningModel(s))
}

// pruneTracked is [Prune] by the model s.
func pruneTracked(obj map[string]any, s *structural.Structural) []string {
	p := pruner{track: true}
	p.prune(obj, resourceRootModel(s))
	slices.Sort(p.paths)
	return p.paths
}

// resourceRootModel returns s as the server sees a resource root: an embedded
// resource. s is not changed.
func resourceRootModel(s *structural.Structural) *structural.Structural {
	if s == nil {
		return &structural.Structural{Extensions: structural.Extensions{XEmbeddedResource: true}}
	}
	if s.XEmbeddedResource {
		return s
	}
	clone := *s
	clone.XEmbeddedResource = true
	return &clone
}

// pruneValue prunes v, any JSON value, by s as the server's pruning.Prune
// does, isResourceRoot as in [Prune], and reports whether it removed
// anything.
func pruneValue(v any, s *structural.Structural, isResourceRoot bool) bool {
	if isResourceRoot {
		s = resourceRootModel(s)
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

// metaField reports whether k is one of the fields an embedded resource
// keeps unpruned.
func metaField(k string) bool {
	return k == "apiVersion" || k == "kind" || k == "metadata"
}

// fieldModel returns the schema of the field k of an object of schema s:
// the property, else the additionalProperties schema (nil for a boolean);
// ok is false when s specifies neither.
func fieldModel(s *structural.Structural, k string) (sub *structural.Structural, ok bool) {
	if p := s.Property(k); p != nil {
		return p, true
	}
	if s.AdditionalProperties != nil {
		return s.AdditionalProperties.Structural, true
	}
	return nil, false
}

// itemsModel returns the items schema of s, or nil.
func itemsModel(s *structural.Structural) *structural.Structural {
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
			if s.XEmbeddedResource && metaField(k) {
				continue
			}
			if sub, ok := fieldModel(s, k); ok {
				n := p.key(k)
				p.prune(v, sub)
				p.restore(n)
				continue
			}
			// The server does not report apiVersion, kind and metadata
			// removed at the root of a value that is not a resource (there
			// are no segments only there when tracking).
			if !metaField(k) || p.segs > 0 {
				p.record(k)
			} else {
				p.removed = true
			}
			delete(x, k)
		}
	case []any:
		items := itemsModel(s)
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
			if s.XEmbeddedResource && metaField(k) {
				continue
			}
			if sub, ok := fieldModel(s, k); ok {
				n := p.key(k)
				p.prune(v, sub)
				p.restore(n)
			}
		}
	case []any:
		items := s.Items
		for i, v := range x {
			n := p.index(i)
			p.skip(v, items)
			p.restore(n)
		}
	}
}

// key appends ".k" (or "k" at the start) to the path and returns the
// state to restore. As in the server, an empty key still counts as a
// segment: below it, keys are preceded by a dot.
func (p *pruner) key(k string) mark {
	m := mark{len(p.path), p.segs}
	if !p.track {
		return m
	}
	if p.segs > 0 {
		p.path = append(p.path, '.')
	}
	p.path = append(p.path, k...)
	p.segs++
	return m
}

// index appends "[i]" to the path and returns the state to restore.
func (p *pruner) index(i int) mark {
	m := mark{len(p.path), p.segs}
	if !p.track {
		return m
	}
	p.path = append(p.path, '[')
	p.path = strconv.AppendInt(p.path, int64(i), 10)
	p.path = append(p.path, ']')
	p.segs++
	return m
}

// mark is the length of the path and its count of segments.
type mark struct{ n, segs int }

func (p *pruner) restore(m mark) {
	p.path, p.segs = p.path[:m.n], m.segs
}

// record notes the removal of the field k of the value at hand.
func (p *pruner) record(k string) {
	p.removed = true
	if !p.track {
		return
	}
	m := p.key(k)
	p.paths = append(p.paths, string(p.path))
	p.restore(m)
}
