package conversion

import (
	"encoding/json"
	"errors"
	"fmt"
)

// Answer returns the response a [Handler] sends to review, a request that
// [DecodeRequest] accepts: a Review of the same apiVersion whose response
// echoes request.uid and holds each object of the request converted by
// convert to request.desiredAPIVersion and then passed through [Restore].
// If convert fails or panics on an object, the response has no objects
// and result.status is Failure, with a message such as
//
//	request.objects[1]: spec.cronSpec is not a string
//
// For example, Answer(review, convert).Response.UID == review.Request.UID.
func Answer(review *Review, convert Func) *Review {
	out := &Review{APIVersion: review.APIVersion, Kind: ReviewKind, Response: &Response{}}
	req := review.Request
	if req == nil {
		out.Response.Result = Status{Status: StatusFailure, Message: "conversion: no request"}
		return out
	}
	out.Response.UID = req.UID
	if convert == nil {
		out.Response.Result = noFunc
		return out
	}
	c := getCodec()
	defer putCodec(c)
	objs := make([]json.RawMessage, len(req.Objects))
	for i, raw := range req.Objects {
		o, err := convertRaw(c, raw, req.DesiredAPIVersion, convert)
		if err != nil {
			out.Response.Result = objectFailure(i, err)
			return out
		}
		objs[i] = o
	}
	out.Response.ConvertedObjects = objs
	out.Response.Result = Status{Status: StatusSuccess}
	return out
}

// noFunc is the result of an answer without a conversion function.
var noFunc = Status{Status: StatusFailure, Message: "conversion: no conversion function"}

// objectFailure is the result of an answer whose i-th object failed.
func objectFailure(i int, err error) Status {
	return Status{Status: StatusFailure, Message: fmt.Sprintf("request.objects[%d]: %v", i, err)}
}

// convertRaw decodes raw and converts it, as JSON in a slice of its own.
func convertRaw(c *codec, raw json.RawMessage, to string, convert Func) (json.RawMessage, error) {
	var o decoded
	if in, ok := c.r.objectAt(raw, &o.spans); ok {
		o.raw, o.obj = raw, in
	} else {
		// The slow path, for what the fast reader leaves to crd.JSON:
		// its value, or its error.
		original, err := decodeObject(raw)
		if err != nil {
			return nil, err
		}
		o.original, o.obj = original, deepCopy(original).(map[string]any)
	}
	b, err := c.convert(nil, &o, to, convert)
	if err != nil {
		return nil, err
	}
	return b, nil
}

// decoded is an object of a request, decoded: obj for the conversion
// function, and what Restore needs of the original, either the original
// itself or where its kind and metadata lie in raw.
type decoded struct {
	obj      map[string]any
	original map[string]any
	raw      []byte
	spans    topSpans
}

// convert converts o.obj and appends the JSON of the converted object,
// restored, to dst: the work of Answer on one object.
func (c *codec) convert(dst []byte, o *decoded, to string, convert Func) ([]byte, error) {
	converted, err := callSafely(convert, o.obj, to)
	if err != nil {
		return dst, err
	}
	if converted == nil {
		return dst, errors.New("the conversion function returned no object")
	}
	if o.original != nil {
		Restore(o.original, converted, to)
	} else {
		// Fresh copies of the original's kind and metadata: decoded again.
		var kind any
		k := o.spans.kind
		if k.end > 0 {
			kind, _ = c.r.valueAt(o.raw[k.start:k.end])
		}
		var meta map[string]any
		if m := o.spans.metadata; m.end > 0 {
			v, _ := c.r.valueAt(o.raw[m.start:m.end])
			meta, _ = v.(map[string]any)
		}
		restore(converted, to, kind, k.end > 0, meta)
	}
	out, err := c.w.appendJSON(dst, converted)
	if err != nil {
		return dst, fmt.Errorf("the converted object is not JSON: %v", err)
	}
	return out, nil
}

// callSafely calls convert and turns a panic into an error.
func callSafely(convert Func, obj map[string]any, to string) (out map[string]any, err error) {
	defer func() {
		if p := recover(); p != nil {
			out, err = nil, fmt.Errorf("the conversion function panicked: %v", p)
		}
	}()
	return convert(obj, to)
}
