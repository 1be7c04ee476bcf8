package crd

import (
	"strconv"
	"strings"
)

// schemaPath is the path of a schema in a CRD, as k8s.io/apimachinery's
// field.Path: built one element at a time while walking, written out only
// for an error, so that a walk costs the same at any depth. For example,
// newSchemaPath("spec.validation.openAPIV3Schema").child("properties").key("spec")
// writes out as "spec.validation.openAPIV3Schema.properties[spec]".
type schemaPath struct {
	parent *schemaPath
	elem   string // the root, a name, or a key or index without brackets
	kind   byte   // 0 for the root, '.' for a name, '[' for a key or index
}

func newSchemaPath(root string) *schemaPath {
	return &schemaPath{elem: root}
}

func (p *schemaPath) child(name string) *schemaPath {
	return &schemaPath{p, name, '.'}
}

func (p *schemaPath) key(k string) *schemaPath {
	return &schemaPath{p, k, '['}
}

func (p *schemaPath) index(i int) *schemaPath {
	return &schemaPath{p, strconv.Itoa(i), '['}
}

// String writes the path out: "a.b[k].c".
func (p *schemaPath) String() string {
	n := 0
	for q := p; q != nil; q = q.parent {
		n += len(q.elem) + 2
	}
	elems := make([]*schemaPath, 0, 16)
	for q := p; q != nil; q = q.parent {
		elems = append(elems, q)
	}
	var b strings.Builder
	b.Grow(n)
	for i := len(elems) - 1; i >= 0; i-- {
		switch q := elems[i]; q.kind {
		case '.':
			b.WriteByte('.')
			b.WriteString(q.elem)
		case '[':
			b.WriteByte('[')
			b.WriteString(q.elem)
			b.WriteByte(']')
		default:
			b.WriteString(q.elem)
		}
	}
	return b.String()
}

// at returns the path of the child name, written out: the field of an
// error.
func (p *schemaPath) at(name string) string {
	return p.child(name).String()
}
