package conversion

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
)

// The Handler, Answer, Restore and TypedStep as they were before they were
// made fast (commit f531011), the oracle of the tests that prove the fast
// ones answer byte for byte the same: legacyHandler decodes the request
// with encoding/json, each object with crd.JSON, deep-copies it, and
// encodes with json.Marshal; legacyTypedStep goes through encoding/json.
// Where the fast ones kept the code of then (the checks of the request,
// Answer's refusals, Restore's merging of labels and annotations, the
// reading of an object by crd.JSON), the oracle calls that code rather
// than keep a copy of it; testdata/answers.golden, which the oracle
// wrote then, still holds it to what it answered.

type legacyHandler struct {
	Convert      Func
	MaxBodyBytes int64
}

func (h *legacyHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	checks := &Handler{MaxBodyBytes: h.MaxBodyBytes} // its checks of the request and its refusals
	body, err := checks.read(w, r)
	var review *Review
	if err == nil {
		review, err = DecodeRequest(body)
	}
	if err != nil {
		checks.refuse(w, err)
		return
	}
	body, err = json.Marshal(legacyAnswer(review, h.Convert))
	if err != nil {
		http.Error(w, "conversion: "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(body)
}

func legacyAnswer(review *Review, convert Func) *Review {
	req := review.Request
	if req == nil || convert == nil {
		return Answer(review, convert) // the refusals, with no object to convert
	}
	objs := make([]json.RawMessage, len(req.Objects))
	result := Status{Status: StatusSuccess}
	for i, raw := range req.Objects {
		o, err := legacyConvertRaw(raw, req.DesiredAPIVersion, convert)
		if err != nil {
			objs, result = nil, objectFailure(i, err)
			break
		}
		objs[i] = o
	}
	return &Review{APIVersion: review.APIVersion, Kind: ReviewKind, Response: &Response{UID: req.UID, ConvertedObjects: objs, Result: result}}
}

func legacyConvertRaw(raw json.RawMessage, to string, convert Func) (json.RawMessage, error) {
	original, err := decodeObjectSlow(raw)
	if err != nil {
		return nil, err
	}
	in := legacyDeepCopy(original).(map[string]any)
	converted, err := callSafely(convert, in, to)
	if err != nil {
		return nil, err
	}
	if converted == nil {
		return nil, errors.New("the conversion function returned no object")
	}
	b, err := json.Marshal(legacyRestore(original, converted, to))
	if err != nil {
		return nil, fmt.Errorf("the converted object is not JSON: %v", err)
	}
	return b, nil
}

// legacyRestore is Restore with legacyDeepCopy's copies of original's
// kind and metadata.
func legacyRestore(original, converted map[string]any, desiredAPIVersion string) map[string]any {
	kind, hasKind := original["kind"]
	meta, _ := legacyDeepCopy(original["metadata"]).(map[string]any)
	return restore(converted, desiredAPIVersion, legacyDeepCopy(kind), hasKind, meta)
}

func legacyDeepCopy(v any) any {
	switch v := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(v))
		for k, e := range v {
			m[k] = legacyDeepCopy(e)
		}
		return m
	case []any:
		s := make([]any, len(v))
		for i, e := range v {
			s[i] = legacyDeepCopy(e)
		}
		return s
	}
	return v
}

func legacyTypedStep[From, To any](f func(*From) (*To, error)) Step {
	return func(obj map[string]any) (map[string]any, error) {
		b, err := json.Marshal(obj)
		if err != nil {
			return nil, err
		}
		in := new(From)
		if err := json.Unmarshal(b, in); err != nil {
			return nil, fmt.Errorf("decoding into %T: %v", in, err)
		}
		out, err := f(in)
		if err != nil {
			return nil, err
		}
		if out == nil {
			return nil, nil
		}
		if b, err = json.Marshal(out); err != nil {
			return nil, fmt.Errorf("encoding %T: %v", out, err)
		}
		m, err := decodeObjectSlow(b)
		if err != nil {
			return nil, fmt.Errorf("encoding %T: %v", out, err)
		}
		return m, nil
	}
}
