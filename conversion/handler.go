package conversion

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
)

// DefaultMaxBodyBytes is the size limit of a request body when
// [Handler].MaxBodyBytes is zero: 3 MiB, the limit the API server sets on
// the bodies it accepts (MaxRequestBodyBytes in k8s.io/apiserver,
// 3 * 1024 * 1024). Decoding a review takes some 35 to 40 times its size in
// memory, so that a larger default would let a few clients take a webhook
// to gigabytes. An object is at most 1.5 MiB in etcd, but the server
// converts a list in one review: a webhook whose lists of objects at
// another version add up to more must set MaxBodyBytes higher, or the
// server's list requests fail with the 413 the Handler answers.
const DefaultMaxBodyBytes = 3 << 20

// Func converts obj, a custom resource decoded from JSON into maps, to
// desiredAPIVersion, "group/version". Numbers are int64 or float64 (see
// [crd.JSON]). It may change obj and return it. For example, a Func that
// renames spec.cronSpec to spec.schedule going to v1:
//
//	func(obj map[string]any, to string) (map[string]any, error) {
//		spec, _ := obj["spec"].(map[string]any)
//		if to == "stable.example.com/v1" && spec != nil {
//			spec["schedule"] = spec["cronSpec"]
//			delete(spec, "cronSpec")
//		}
//		return obj, nil
//	}
//
// The strings of obj may share the memory of one copy of its JSON text,
// and a short string that repeats within a request that of an earlier
// object: a string a Func keeps after it returns, in a cache say, keeps
// that whole text alive, however short the string. Keep strings.Clone(s)
// instead.
//
// A [*Converter]'s Convert method is a Func.
type Func func(obj map[string]any, desiredAPIVersion string) (map[string]any, error)

// Handler is an http.Handler that serves Convert as a conversion webhook.
// For example:
//
//	http.Handle("/convert", &conversion.Handler{Convert: myConvert})
//
// It answers a POST of a ConversionReview (v1 or v1beta1, see
// [DecodeRequest]) with a ConversionReview of the same version that echoes
// request.uid. It calls Convert once per object, then sets apiVersion to
// the desired one and restores what a webhook may not change (see
// [Restore]). If Convert returns an error or panics on any object, the
// answer has no objects and a result of status Failure whose message names
// the object and the error; the HTTP status is still 200, as the API
// server expects. The strings of the objects it passes to Convert may share
// their JSON text (see [Func]).
//
// A request that is not a ConversionReview gets an HTTP error whose body
// is the error's message: 405 for a method other than POST, 415 for a
// content type other than application/json, 413 for a body over
// MaxBodyBytes, 400 for anything [DecodeRequest] refuses.
//
// A Handler holds no state between requests and serves them concurrently;
// Convert must be safe to call from several goroutines.
type Handler struct {
	Convert Func
	// MaxBodyBytes limits the request body; 0 means DefaultMaxBodyBytes.
	MaxBodyBytes int64
}

// ServeHTTP answers one ConversionReview, for example a POST of
// {"apiVersion": "apiextensions.k8s.io/v1", "kind": "ConversionReview",
// "request": {...}} with 200 and the review's response, or a GET with 405.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := h.read(w, r)
	if err != nil {
		h.refuse(w, err)
		return
	}
	c := getCodec()
	defer putCodec(c)
	var answer []byte
	if review, objs, ok := c.scanRequest(body); ok {
		if err := checkReview(&review); err != nil {
			h.refuse(w, err)
			return
		}
		answer = c.answer(&review, objs, h.Convert)
	} else {
		review, err := DecodeRequest(body)
		if err != nil {
			h.refuse(w, err)
			return
		}
		if answer, err = json.Marshal(Answer(review, h.Convert)); err != nil { // cannot happen: Answer's objects are valid JSON
			http.Error(w, "conversion: "+err.Error(), http.StatusInternalServerError)
			return
		}
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(answer)
}

// refuse answers a request that is not a ConversionReview with err.
func (h *Handler) refuse(w http.ResponseWriter, err error) {
	if errors.Is(err, ErrMethod) {
		w.Header().Set("Allow", http.MethodPost)
	}
	http.Error(w, err.Error(), statusCode(err))
}

// read checks the method, content type and size of r and reads its body.
func (h *Handler) read(w http.ResponseWriter, r *http.Request) ([]byte, error) {
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
	return body, nil
}
