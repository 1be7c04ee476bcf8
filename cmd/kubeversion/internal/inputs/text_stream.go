package inputs

import (
	"bytes"
	"io"
)

// TextStream calls yield with each object of the manifest stream r, as
// [ReadStream] reads them, until it returns false, with the text of its
// document: while yielded, the lines of its fields can be found (see
// [Locator]) and a [Spool] can keep it, to be read again once the stream
// has moved on. Like ReadStream, it holds one document at a time. It
// returns the problem that ends the stream, if any.
func TextStream(file string, r io.Reader, yield func(Object) bool) *Problem {
	return ReadStream(file, r, func(o Object) bool {
		if o.Node == nil && o.text == nil {
			// Not an item of a list, whose node is parsed, nor a CRD,
			// whose text is kept already.
			o.text = &lazyNode{d: *o.src}
		}
		return yield(o)
	})
}

// Kept returns o with its own copy of its document's text, so that it
// stays whole after [TextStream] has moved on, whose next document reuses
// the text's memory.
func (o Object) Kept() Object {
	if o.src == nil {
		return o
	}
	d := *o.src
	d.text = bytes.Clone(d.text)
	if o.text != nil && !o.text.done {
		o.text = &lazyNode{d: d, parsed: o.text.parsed}
	}
	o.src = &d
	return o
}
