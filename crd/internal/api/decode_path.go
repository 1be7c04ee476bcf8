package api

import "strconv"

// FieldPath is the path of a value that Decode reads, such as
// spec.versions[0].served, as a link to its parent: extending it costs the
// same at any depth, and the string, whose length grows with the depth, is
// written only for a field that is reported. A path built as a string at
// each level costs the square of the depth: 6.7 GB for a CRD nested 20,000
// levels deep.
type FieldPath struct {
	parent  *FieldPath // nil for a value at the top
	key     string     // the field's name or map key, unless it is an element
	index   int        // the element's index, if it is one; else -1
	isField bool       // key names a struct field, not a map key
}

// field returns the path of key of the value at p, a struct field or a
// map key; p may be nil.
func (p *FieldPath) Field(key string, field bool) FieldPath {
	return FieldPath{parent: p, key: key, index: -1, isField: field}
}

// element returns the path of element i of the array at p.
func (p *FieldPath) Element(i int) FieldPath {
	return FieldPath{parent: p, index: i}
}

// String writes the path as the API server does: fields joined by dots,
// indices in brackets, as in spec.versions[0].served.
func (p *FieldPath) String() string {
	return string(p.appendTo(nil))
}

// appendTo appends the path to b. It recurses rather than collect the
// links in a slice, which would move every path of Decode to the heap.
func (p *FieldPath) appendTo(b []byte) []byte {
	if p == nil {
		return b
	}
	b = p.parent.appendTo(b)
	if p.index >= 0 {
		b = append(b, '[')
		b = strconv.AppendInt(b, int64(p.index), 10)
		return append(b, ']')
	}
	if len(b) > 0 {
		b = append(b, '.')
	}
	return append(b, p.key...)
}
