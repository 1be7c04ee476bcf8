package field

import (
	"strconv"
	"strings"
)

// Path is the path of a schema or a value in a CRD, as k8s.io/apimachinery's
// field.Path: built one element at a time while walking, written out only
// for an error, so that a walk costs the same at any depth. For example,
// NewPath("spec", "validation", "openAPIV3Schema").Child("properties").Key("spec")
// writes out as "spec.validation.openAPIV3Schema.properties[spec]", and
// its [Path.Steps] are the names spec, validation, openAPIV3Schema and
// properties, then the key spec.
type Path struct {
	parent *Path
	elem   string // a name, a key, an index in decimal, or a path (see ChildPath)
	kind   StepKind
}

// NewPath returns the path of the field name and of the fields more below
// it, as apimachinery's NewPath: NewPath("spec", "names") writes out as
// "spec.names".
func NewPath(name string, more ...string) *Path {
	p := (*Path)(nil).Child(name)
	for _, m := range more {
		p = p.Child(m)
	}
	return p
}

// Child returns the path of the field name below p: "p.name". As in the
// server, a nil p is the empty path, and the child of nothing has no dot:
// (*Path)(nil).Child("kind") writes out as "kind". An empty name writes
// out as the server writes it, as an empty subscript with no dot:
// (*Path)(nil).Child("").Child("kind") is "[].kind".
func (p *Path) Child(name string) *Path {
	return &Path{p, name, StepName}
}

// ChildPath returns the path below p of sub, itself a path as the server
// writes it: the name of a kube-openapi error ("spec.items[0].name") or
// the fieldPath of a CEL rule, which the server puts below p as one
// child. It writes out as Child(sub) does, but for an empty sub, which
// writes nothing; its steps are those that [ParsePath] reads in sub.
func (p *Path) ChildPath(sub string) *Path {
	return &Path{p, sub, stepPath}
}

// Key returns the path of the map key k below p: "p[k]", or "[k]" for a
// nil p.
func (p *Path) Key(k string) *Path {
	return &Path{p, k, StepKey}
}

// Property returns the path of the property name of the schema at p:
// "p.properties[name]", as p.Child("properties").Key(name) writes and
// steps, in one step. The walks of a schema build one for every
// property, and field paths were a tenth of lint's allocations.
func (p *Path) Property(name string) *Path {
	return &Path{p, name, stepProperty}
}

// Index returns the path of the list index i below p: "p[i]".
func (p *Path) Index(i int) *Path {
	return &Path{p, strconv.Itoa(i), StepIndex}
}

// String writes the path out: "a.b[k].c". As apimachinery's
// Path.String, a child with an empty name writes "[]", and only a
// non-empty name after another element gets a dot. A nil p writes "".
func (p *Path) String() string {
	n := 0
	for q := p; q != nil; q = q.parent {
		n += len(q.elem) + len(".properties[]")
	}
	elems := make([]*Path, 0, 16)
	for q := p; q != nil; q = q.parent {
		elems = append(elems, q)
	}
	var b strings.Builder
	b.Grow(n)
	for i := len(elems) - 1; i >= 0; i-- {
		switch q := elems[i]; {
		case q.kind == StepKey || q.kind == StepIndex:
			b.WriteByte('[')
			b.WriteString(q.elem)
			b.WriteByte(']')
		case q.kind == stepProperty:
			if q.parent != nil {
				b.WriteByte('.')
			}
			b.WriteString("properties[")
			b.WriteString(q.elem)
			b.WriteByte(']')
		case q.kind == stepPath && q.elem == "":
		case q.elem == "":
			b.WriteString("[]")
		default:
			if q.parent != nil {
				b.WriteByte('.')
			}
			b.WriteString(q.elem)
		}
	}
	return b.String()
}

// fieldString returns p written out as the Field of an error: "<nil>"
// for a nil p, as apimachinery's Path.String writes it.
func (p *Path) fieldString() string {
	if p == nil {
		return "<nil>"
	}
	return p.String()
}

// VersionPath returns the path of the i-th version of a
// CustomResourceDefinition, "spec.versions[i]".
func VersionPath(i int) *Path {
	return versionsPath.Index(i)
}

// versionsPath is spec.versions, built once: VersionPath is called for
// every version.
var versionsPath = NewPath("spec", "versions")
