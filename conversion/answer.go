package conversion

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/kubeversion/kubeversion/internal/jsonvalue"
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
	to := newTarget(req.DesiredAPIVersion)
	for i, raw := range req.Objects {
		o, err := convertRaw(c, raw, to, convert)
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
func convertRaw(c *codec, raw json.RawMessage, to target, convert Func) (json.RawMessage, error) {
	in, err := decodeObject(raw)
	if err != nil {
		return nil, err
	}
	return c.convert(nil, in, to, convert)
}

// convert converts in, an object just decoded, and appends the JSON of
// the converted object, restored, to dst: the work of Answer on one
// object. It copies in's kind and metadata first, for Restore, since
// convert may change in.
func (c *codec) convert(dst []byte, in map[string]any, to target, convert Func) ([]byte, error) {
	kind, hasKind := in["kind"]
	kind = jsonvalue.Copy(kind)
	meta, _ := jsonvalue.Copy(in["metadata"]).(map[string]any)
	converted, err := callSafely(convert, in, to.name)
	if err != nil {
		return dst, err
	}
	if converted == nil {
		return dst, errors.New("the conversion function returned no object")
	}
	restore(converted, to.value, kind, hasKind, meta)
	out, err := c.w.Append(dst, converted)
	if err != nil {
		return dst, fmt.Errorf("the converted object is not JSON: %v", err)
	}
	return out, nil
}

// target is a request's desiredAPIVersion, with the value restore puts
// in apiVersion: boxed once for all the objects rather than once each.
type target struct {
	name  string
	value any
}

func newTarget(name string) target { return target{name, name} }

// callSafely calls convert and turns a panic into an error.
func callSafely(convert Func, obj map[string]any, to string) (out map[string]any, err error) {
	defer func() {
		if p := recover(); p != nil {
			out, err = nil, fmt.Errorf("the conversion function panicked: %v", p)
		}
	}()
	return convert(obj, to)
}
