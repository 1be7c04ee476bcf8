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
		out.Response.Result = Status{Status: StatusFailure, Message: "conversion: no conversion function"}
		return out
	}
	objs := make([]json.RawMessage, len(req.Objects))
	for i, raw := range req.Objects {
		o, err := convertRaw(raw, req.DesiredAPIVersion, convert)
		if err != nil {
			out.Response.Result = Status{Status: StatusFailure, Message: fmt.Sprintf("request.objects[%d]: %v", i, err)}
			return out
		}
		objs[i] = o
	}
	out.Response.ConvertedObjects = objs
	out.Response.Result = Status{Status: StatusSuccess}
	return out
}

// convertRaw decodes raw and converts a copy of it, so that convert may
// change its argument freely and the original is kept to restore from.
func convertRaw(raw json.RawMessage, to string, convert Func) (json.RawMessage, error) {
	original, err := decodeObject(raw)
	if err != nil {
		return nil, err
	}
	in := deepCopy(original).(map[string]any)
	converted, err := callSafely(convert, in, to)
	if err != nil {
		return nil, err
	}
	if converted == nil {
		return nil, errors.New("the conversion function returned no object")
	}
	b, err := json.Marshal(Restore(original, converted, to))
	if err != nil {
		return nil, fmt.Errorf("the converted object is not JSON: %v", err)
	}
	return b, nil
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
