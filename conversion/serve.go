package conversion

import (
	"encoding/json"
	"github.com/kubeversion/kubeversion/internal/jsonvalue"
	"sync"
)

// The Handler's fast path: the request read in one pass by a reader, each
// object decoded on the way, and the answer written into one buffer by a
// writer. A request the reader is not sure of takes the slow path,
// DecodeRequest, Answer and json.Marshal, which give the same bytes.

// codec holds the reader, the writer and the answer buffer of a request,
// pooled between requests.
type codec struct {
	r   reader
	w   jsonvalue.Writer
	buf []byte
}

var codecs = sync.Pool{New: func() any { return &codec{r: reader{intern: map[string]any{}}} }}

func getCodec() *codec { return codecs.Get().(*codec) }

// maxPooled is the largest buffer a pooled codec keeps.
const maxPooled = 1 << 20

func putCodec(c *codec) {
	clear(c.r.intern) // strings of this request, kept for no other
	c.r = reader{stack: emptied(c.r.stack, maxPooled/16), entries: emptied(c.r.entries, maxPooled/32), intern: c.r.intern}
	c.w.Reset(maxPooled / 32)
	if cap(c.buf) > maxPooled {
		c.buf = nil
	}
	codecs.Put(c)
}

// emptied returns s with no elements and its whole capacity cleared, or
// nil if that capacity is over limit. A read that fails leaves the values
// of its arrays on the stack, and a panic through the writer its entries
// on pairs: cleared, whatever path left them and wherever, they keep no
// request's data alive in the pool.
func emptied[T any](s []T, limit int) []T {
	if cap(s) > limit {
		return nil
	}
	s = s[:cap(s)]
	clear(s)
	return s[:0]
}

// scanRequest reads body as DecodeRequest does when it is sure to read it
// the same way: an object with no field but apiVersion, kind, request and
// response, each once and spelled exactly, apiVersion and kind strings,
// request an object with no field but uid and desiredAPIVersion, strings,
// and objects, an array, each once, and nothing after it. The review it
// returns is DecodeRequest's before its checks (but for response, which
// it only checks to decode), and each object is decoded unless it is not
// an object. The Objects of the review share body's bytes.
func (c *codec) scanRequest(body []byte) (review Review, objs []map[string]any, ok bool) {
	r := &c.r
	r.data, r.pos = body, 0
	if r.next() != '{' {
		return Review{}, nil, false
	}
	var seen [4]bool
	ok = r.fields(seen[:], func(name []byte) (int, bool) {
		switch string(name) {
		case "apiVersion":
			s, ok := r.stringValue()
			review.APIVersion = s
			return 0, ok
		case "kind":
			s, ok := r.stringValue()
			review.Kind = s
			return 1, ok
		case "request":
			if r.next() != '{' {
				return 2, false
			}
			var ok bool
			review.Request, objs, ok = c.scanRequestField()
			return 2, ok
		case "response":
			r.skipSpace()
			start := r.pos
			if _, ok := r.value(0); !ok {
				return 3, false
			}
			var resp Response
			return 3, json.Unmarshal(body[start:r.pos], &resp) == nil
		}
		return 0, false
	})
	if !ok || !r.atEnd() {
		return Review{}, nil, false
	}
	return review, objs, true
}

// scanRequestField reads the request of a review, at '{'.
func (c *codec) scanRequestField() (*Request, []map[string]any, bool) {
	r := &c.r
	req := &Request{}
	var objs []map[string]any
	var seen [3]bool
	ok := r.fields(seen[:], func(name []byte) (int, bool) {
		switch string(name) {
		case "uid":
			s, ok := r.stringValue()
			req.UID = s
			return 0, ok
		case "desiredAPIVersion":
			s, ok := r.stringValue()
			req.DesiredAPIVersion = s
			return 1, ok
		case "objects":
			if r.next() != '[' {
				return 2, false
			}
			var ok bool
			req.Objects, objs, ok = c.scanObjects()
			return 2, ok
		}
		return 0, false
	})
	if !ok {
		return nil, nil, false
	}
	return req, objs, true
}

// fields reads an object of known fields, at '{', each field spelled
// without escapes: for each, field reads the value and returns the
// field's number, below len(seen), and whether it could read the value. An
// unknown field (for which field returns false), a field given twice, or
// a value that field could not read makes fields return false.
func (r *reader) fields(seen []bool, field func(name []byte) (int, bool)) bool {
	r.pos++ // '{'
	if r.next() == '}' {
		r.pos++
		return true
	}
	for {
		if r.next() != '"' {
			return false
		}
		raw, plain, ok := r.strToken()
		if !ok || !plain || !r.consume(':') {
			return false
		}
		i, ok := field(raw[1 : len(raw)-1])
		if !ok || seen[i] {
			return false
		}
		seen[i] = true
		if !r.consume(',') {
			return r.consume('}')
		}
	}
}

// scanObjects reads the objects of a request, at '['.
func (c *codec) scanObjects() ([]json.RawMessage, []map[string]any, bool) {
	r := &c.r
	r.pos++ // '['
	raws := []json.RawMessage{}
	var objs []map[string]any
	if r.next() == ']' {
		r.pos++
		return raws, objs, true
	}
	for {
		r.skipSpace()
		start := r.pos
		var m map[string]any
		if r.next() == '{' {
			var ok bool
			if m, ok = r.objectOwnStrings(); !ok {
				return nil, nil, false
			}
		} else if _, ok := r.value(0); !ok {
			return nil, nil, false
		}
		raws = append(raws, r.data[start:r.pos])
		objs = append(objs, m)
		if r.consume(',') {
			continue
		}
		if !r.consume(']') {
			return nil, nil, false
		}
		return raws, objs, true
	}
}

// answer appends to c.buf the body of the Handler's answer to review, a
// request scanRequest read and checkReview accepted, whose objects objs
// are: json.Marshal(Answer(review, convert)), byte for byte.
func (c *codec) answer(review *Review, objs []map[string]any, convert Func) []byte {
	b := append(c.buf[:0], `{"apiVersion":`...)
	b = jsonvalue.AppendString(b, review.APIVersion)
	b = append(b, `,"kind":"ConversionReview","response":{"uid":`...)
	b = jsonvalue.AppendString(b, review.Request.UID)
	head := len(b)
	if convert == nil {
		return c.failure(b, noFunc)
	}
	b = append(b, `,"convertedObjects":[`...)
	to := newTarget(review.Request.DesiredAPIVersion)
	for i := range objs {
		if i > 0 {
			b = append(b, ',')
		}
		var err error
		if b, err = c.convert(b, objs[i], to, convert); err != nil {
			return c.failure(b[:head], objectFailure(i, err))
		}
	}
	b = append(b, `],"result":{"status":"Success"}}}`...)
	c.buf = b
	return b
}

// failure ends an answer b that has its response's uid with no objects
// and result res.
func (c *codec) failure(b []byte, res Status) []byte {
	b = append(b, `,"convertedObjects":null,"result":{"status":`...)
	b = jsonvalue.AppendString(b, res.Status)
	b = append(b, `,"message":`...)
	b = jsonvalue.AppendString(b, res.Message)
	b = append(b, `}}}`...)
	c.buf = b
	return b
}

// stringValue reads a string, or reports false when the next token is
// not one.
func (r *reader) stringValue() (string, bool) {
	if r.next() != '"' {
		return "", false
	}
	return r.str()
}
