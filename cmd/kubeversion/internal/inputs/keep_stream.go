package inputs

import (
	"bytes"
	"io"
)

// KeepStream calls yield with each object of the manifest stream r, as
// [ReadStream] reads them, with the text of its document kept (see
// [lazyNode]), so that the object can be held after the stream moves on
// and its fields located later. It returns the problem that ends the
// stream, if any.
func KeepStream(file string, r io.Reader, yield func(Object)) *Problem {
	var p *Problem
	splitProblem := splitStream(file, r, func(d document) bool {
		var objects []Object
		objects, p = documentObjects(file, d)
		for _, o := range objects {
			if o.Node == nil { // not an item of a list, whose node is parsed
				kept := d
				kept.text = bytes.Clone(d.text) // the next document reuses d.text
				o.text = &lazyNode{d: kept}
			}
			yield(o)
		}
		return p == nil
	})
	if p != nil {
		return p
	}
	return splitProblem
}
