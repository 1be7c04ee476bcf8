package conversion

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"

	"github.com/kubeversion/kubeversion/crd"
)

// The Handler, Answer, Restore and TypedStep as they were before they were
// made fast (commit f531011), kept verbatim as the oracle of the tests
// that prove the fast ones answer byte for byte the same: legacyHandler
// decodes the request with encoding/json, each object with crd.JSON,
// deep-copies it, and encodes with json.Marshal.

type legacyHandler struct {
	Convert      Func
	MaxBodyBytes int64
}

func (h *legacyHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	review, err := h.read(w, r)
	if err != nil {
		if errors.Is(err, ErrMethod) {
			w.Header().Set("Allow", http.MethodPost)
		}
		http.Error(w, err.Error(), statusCode(err))
		return
	}
	body, err := json.Marshal(legacyAnswer(review, h.Convert))
	if err != nil {
		http.Error(w, "conversion: "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(body)
}

func (h *legacyHandler) read(w http.ResponseWriter, r *http.Request) (*Review, error) {
	if r.Method != http.MethodPost {
		return nil, fmt.Errorf("%w, not %s", ErrMethod, r.Method)
	}
	ct := r.Header.Get("Content-Type")
	if mt, _, err := mime.ParseMediaType(ct); err != nil || mt != "application/json" {
		return nil, fmt.Errorf("%w: %q", ErrContentType, ct)
	}
	limit := h.MaxBodyBytes
	if limit <= 0 {
		limit = DefaultMaxBodyBytes
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return nil, fmt.Errorf("%w: over %d bytes", ErrBodyTooLarge, limit)
		}
		return nil, fmt.Errorf("%w: reading the body: %v", ErrInvalidReview, err)
	}
	return DecodeRequest(body)
}

func legacyAnswer(review *Review, convert Func) *Review {
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
		o, err := legacyConvertRaw(raw, req.DesiredAPIVersion, convert)
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

func legacyConvertRaw(raw json.RawMessage, to string, convert Func) (json.RawMessage, error) {
	original, err := legacyDecodeObject(raw)
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

func legacyDecodeObject(raw []byte) (map[string]any, error) {
	var j crd.JSON
	if err := j.UnmarshalJSON(raw); err != nil {
		return nil, err
	}
	m, ok := j.Value.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%s, not an object", jsonType(raw))
	}
	return m, nil
}

func legacyRestore(original, converted map[string]any, desiredAPIVersion string) map[string]any {
	converted["apiVersion"] = desiredAPIVersion
	if kind, ok := original["kind"]; ok {
		converted["kind"] = legacyDeepCopy(kind)
	} else {
		delete(converted, "kind")
	}
	meta, _ := legacyDeepCopy(original["metadata"]).(map[string]any)
	if meta == nil {
		meta = map[string]any{}
	}
	if got, ok := converted["metadata"].(map[string]any); ok {
		for _, f := range [...]string{"labels", "annotations"} {
			switch v := got[f].(type) {
			case nil:
				delete(meta, f)
			case map[string]any:
				if stringValues(v) {
					meta[f] = v
				}
			}
		}
	}
	converted["metadata"] = meta
	return converted
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
		m, err := legacyDecodeObject(b)
		if err != nil {
			return nil, fmt.Errorf("encoding %T: %v", out, err)
		}
		return m, nil
	}
}
