package field

import (
	"strconv"
	"strings"
)

// Path is the path of a schema or a value in a CRD, as k8s.io/apimachinery's
// field.Path: built one element at a time while walking, written out only
// for an error, so that a walk costs the same at any depth. For example,
// NewPath("spec.validation.openAPIV3Schema").Child("properties").Key("spec")
// writes out as "spec.validation.openAPIV3Schema.properties[spec]".
type Path struct {
	parent *Path
	elem   string // the root, a name, or a key or index without brackets
	kind   byte   // 0 for the root, '.' for a name, '[' for a key or index
}

// NewPath returns the path root, written out as it is: "spec.validation".
func NewPath(root string) *Path {
	return &Path{elem: root}
}

// Child returns the path of the field name below p: "p.name". As in the
// server, a nil p is the empty path, and the child of nothing has no dot:
// (*Path)(nil).Child("kind") writes out as "kind". An empty name writes
// out as the server writes it, as an empty subscript with no dot:
// (*Path)(nil).Child("").Child("kind") is "[].kind".
func (p *Path) Child(name string) *Path {
	return &Path{p, name, '.'}
}

// Key returns the path of the map key k below p: "p[k]", or "[k]" for a
// nil p.
func (p *Path) Key(k string) *Path {
	return &Path{p, k, '['}
}

// Index returns the path of the list index i below p: "p[i]".
func (p *Path) Index(i int) *Path {
	return &Path{p, strconv.Itoa(i), '['}
}

// String writes the path out: "a.b[k].c". As apimachinery's
// Path.String, an element with an empty name (the root or a child)
// writes "[]", and only a non-empty name after another element gets a
// dot.
func (p *Path) String() string {
	n := 0
	for q := p; q != nil; q = q.parent {
		n += len(q.elem) + 2
	}
	elems := make([]*Path, 0, 16)
	for q := p; q != nil; q = q.parent {
		elems = append(elems, q)
	}
	var b strings.Builder
	b.Grow(n)
	for i := len(elems) - 1; i >= 0; i-- {
		switch q := elems[i]; {
		case q.kind != '[' && q.elem == "":
			b.WriteString("[]")
		case q.kind == '.':
			if q.parent != nil {
				b.WriteByte('.')
			}
			b.WriteString(q.elem)
		case q.kind == '[':
			b.WriteByte('[')
			b.WriteString(q.elem)
			b.WriteByte(']')
		default:
			b.WriteString(q.elem)
		}
	}
	return b.String()
}

// At returns the path of the child name, written out: the field of an
// error.
func (p *Path) At(name string) string {
	return p.Child(name).String()
}

// VersionPath returns the path of the i-th version of a
// CustomResourceDefinition, "spec.versions[i]".
func VersionPath(i int) string {
	return "spec.versions[" + strconv.Itoa(i) + "]"
}
