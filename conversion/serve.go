package conversion

import (
	"encoding/json"
	"sync"

	"github.com/kubeversion/kubeversion/internal/jsonvalue"
)

// The Handler's fast path: the request read in one pass by a
// jsonvalue.Reader, each object decoded on the way, and the answer written
// into one buffer by a jsonvalue.Writer. A request the reader is not sure
// of takes the slow path, DecodeRequest, Answer and json.Marshal, which
// give the same bytes. What is here knows a ConversionReview; what knows
// only JSON is in jsonvalue.

// codec holds the reader, the writer and the answer buffer of a request,
// pooled between requests.
type codec struct {
	r   jsonvalue.Reader
	w   jsonvalue.Writer
	buf []byte
}

var codecs = sync.Pool{New: func() any { return new(codec) }}

func getCodec() *codec { return codecs.Get().(*codec) }

// maxPooled is the largest buffer a pooled codec keeps.
const maxPooled = 1 << 20

// putCodec puts c back in the pool, keeping no request's data alive:
// jsonvalue's TestReaderReset and TestWriterReset check that Reset
// clears the reader and the writer.
func putCodec(c *codec) {
	c.r.Reset(maxPooled / 32)
	c.w.Reset(maxPooled / 32)
	if cap(c.buf) > maxPooled {
		c.buf = nil
	}
	codecs.Put(c)
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
	r.Start(body)
	var seen [4]bool
	ok = r.Fields(seen[:], func(name []byte) (int, bool) {
		switch string(name) {
		case "apiVersion":
			s, ok := r.StringValue()
			review.APIVersion = s
			return 0, ok
		case "kind":
			s, ok := r.StringValue()
			review.Kind = s
			return 1, ok
		case "request":
			if r.Next() != '{' {
				return 2, false // null, which DecodeRequest refuses
			}
			var ok bool
			review.Request, objs, ok = c.scanRequestField()
			return 2, ok
		case "response":
			_, raw, ok := r.Value()
			var resp Response
			return 3, ok && json.Unmarshal(raw, &resp) == nil
		}
		return 0, false
	})
	if !ok || !r.AtEnd() {
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
	ok := r.Fields(seen[:], func(name []byte) (int, bool) {
		switch string(name) {
		case "uid":
			s, ok := r.StringValue()
			req.UID = s
			return 0, ok
		case "desiredAPIVersion":
			s, ok := r.StringValue()
			req.DesiredAPIVersion = s
			return 1, ok
		case "objects":
			if r.Next() != '[' {
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

// scanObjects reads the objects of a request, at '['.
func (c *codec) scanObjects() ([]json.RawMessage, []map[string]any, bool) {
	r := &c.r
	r.Consume('[')
	raws := []json.RawMessage{}
	var objs []map[string]any
	if r.Consume(']') {
		return raws, objs, true
	}
	for {
		v, raw, ok := r.Value()
		if !ok {
			return nil, nil, false
		}
		m, _ := v.(map[string]any) // nil if not an object: checkReview refuses it
		raws = append(raws, raw)
		objs = append(objs, m)
		if r.Consume(',') {
			continue
		}
		if !r.Consume(']') {
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
