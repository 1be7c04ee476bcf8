package upgrade

// place is where two nodes compared are: the node's path in the new CRD,
// "spec.versions[0].schema.openAPIV3Schema.properties[spec]", and the
// field of objects it is of, "spec". Both are written out only for a
// finding, and then once: most nodes have none, and writing both for
// every node was a sixth of the upgrade checks' time on kuberay's
// RayCluster. A place below another holds its step: the path's is
// "."+keyword, with "["+key+"]" when keyed; the field's is that of how.
type place struct {
	parent       *place
	keyword, key string
	keyed        bool
	how          fieldStep
	// written tells whether path and field hold what they say; a root's
	// are given.
	written   bool
	pathText  string
	fieldText string
}

// fieldStep says how a node's field follows from its parent's.
type fieldStep uint8

const (
	sameField  fieldStep = iota // the parent's: allOf, definitions, dependencies
	namedField                  // the property key below the parent's
	itemField                   // an item or value of the parent's: "[*]"
)

// rootPlace returns the place of the root nodes, at path and field.
func rootPlace(path, field string) place {
	return place{written: true, pathText: path, fieldText: field}
}

// property returns the place of the property name of the nodes at p.
func (p *place) property(name string) place {
	return place{parent: p, keyword: "properties", key: name, keyed: true, how: namedField}
}

// below returns the place of the nodes under keyword, with key if keyed,
// whose field is how.
func (p *place) below(keyword, key string, keyed bool, how fieldStep) place {
	return place{parent: p, keyword: keyword, key: key, keyed: keyed, how: how}
}

func (p *place) path() string {
	p.write()
	return p.pathText
}

func (p *place) field() string {
	p.write()
	return p.fieldText
}

func (p *place) write() {
	if p.written {
		return
	}
	p.pathText = p.parent.path() + "." + p.keyword
	if p.keyed {
		p.pathText += "[" + p.key + "]"
	}
	switch p.how {
	case sameField:
		p.fieldText = p.parent.field()
	case namedField:
		p.fieldText = joinField(p.parent.field(), p.key)
	case itemField:
		p.fieldText = p.parent.field() + "[*]"
	}
	p.written = true
}
