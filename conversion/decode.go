package conversion

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/kubeversion/kubeversion/crd"
)

// DecodeRequest reads body as a ConversionReview request, as a [Handler]
// does before it converts anything. It returns an error wrapping
// [ErrInvalidReview] that names what is wrong when body is not JSON, is
// not a ConversionReview of apiextensions.k8s.io/v1 or v1beta1, has no
// request, no request.uid, a desiredAPIVersion that is empty or has more
// than one slash, or an object that is not a JSON object. For example,
//
//	DecodeRequest([]byte(`{"apiVersion": "v1", "kind": "Pod"}`))
//
// fails with
//
//	conversion: not a ConversionReview: apiVersion is "v1", want apiextensions.k8s.io/v1 or apiextensions.k8s.io/v1beta1
//
// Field names match as in encoding/json, ignoring case; unknown fields are
// ignored.
func DecodeRequest(body []byte) (*Review, error) {
	if len(bytes.TrimSpace(body)) == 0 {
		return nil, fmt.Errorf("%w: empty body", ErrInvalidReview)
	}
	var r Review
	if err := json.Unmarshal(body, &r); err != nil {
		return nil, fmt.Errorf("%w: %s", ErrInvalidReview, jsonError(err))
	}
	if err := checkReview(&r); err != nil {
		return nil, err
	}
	return &r, nil
}

// checkReview checks a decoded review as DecodeRequest does.
func checkReview(r *Review) error {
	if r.APIVersion != ReviewV1 && r.APIVersion != ReviewV1beta1 {
		return fmt.Errorf("%w: apiVersion is %q, want %s or %s", ErrInvalidReview, r.APIVersion, ReviewV1, ReviewV1beta1)
	}
	if r.Kind != ReviewKind {
		return fmt.Errorf("%w: kind is %q, want %s", ErrInvalidReview, r.Kind, ReviewKind)
	}
	req := r.Request
	switch {
	case req == nil:
		return fmt.Errorf("%w: no request", ErrInvalidReview)
	case req.UID == "":
		return fmt.Errorf("%w: request.uid is empty", ErrInvalidReview)
	case req.DesiredAPIVersion == "":
		return fmt.Errorf("%w: request.desiredAPIVersion is empty", ErrInvalidReview)
	}
	if _, ok := parseGroupVersion(req.DesiredAPIVersion); !ok {
		return fmt.Errorf("%w: request.desiredAPIVersion %q is not group/version", ErrInvalidReview, req.DesiredAPIVersion)
	}
	for i, o := range req.Objects {
		if t := jsonType(o); t != "an object" {
			return fmt.Errorf("%w: request.objects[%d] is %s, not an object", ErrInvalidReview, i, t)
		}
	}
	return nil
}

// decodeObject reads raw, a JSON object, into the value model of package
// crd (see [crd.JSON]): numbers become int64 or float64, as the API server
// reads them.
func decodeObject(raw []byte) (map[string]any, error) {
	if m, ok := decodeObjectFast(raw); ok {
		return m, nil
	}
	return decodeObjectSlow(raw)
}

// decodeObjectSlow is decodeObject through crd.JSON, for its value or its
// error where decodeObjectFast is not sure to read raw as it does.
func decodeObjectSlow(raw []byte) (map[string]any, error) {
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

// decodeObjectFast decodes raw as decodeObject does, in one pass with a
// pooled reader, reporting false when it is not sure to (see
// jsonvalue.Reader) or raw is not an object.
func decodeObjectFast(raw []byte) (map[string]any, bool) {
	c := getCodec()
	defer putCodec(c)
	v, ok := c.r.Read(raw)
	m, isObject := v.(map[string]any)
	return m, ok && isObject
}

// jsonType names the kind of JSON value raw starts with.
func jsonType(raw []byte) string {
	raw = bytes.TrimLeft(raw, " \t\r\n")
	if len(raw) == 0 {
		return "empty"
	}
	switch raw[0] {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 'n':
		return "null"
	case 't', 'f':
		return "a boolean"
	}
	return "a number"
}

// jsonError describes a decoding error with its position.
func jsonError(err error) string {
	var syn *json.SyntaxError
	if errors.As(err, &syn) {
		return fmt.Sprintf("invalid JSON at byte %d: %v", syn.Offset, err)
	}
	var typ *json.UnmarshalTypeError
	if errors.As(err, &typ) {
		field := typ.Field
		if field == "" {
			field = "the body"
		}
		return fmt.Sprintf("%s is a JSON %s, want %s", field, typ.Value, typ.Type)
	}
	return err.Error()
}
