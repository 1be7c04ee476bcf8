package conversion

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// answer is a webhook's answer as the API server decodes it.
type answer struct {
	APIVersion, Kind string
	Response         *Response
}

// decodeAnswer decodes body as client-go decodes a webhook's answer into
// a ConversionReview of version review ("v1" or "v1beta1"), with its
// errors: it finds apiVersion and kind, defaults them from the review
// version, refuses other types of the scheme, then decodes the fields the
// server reads. Field names match case-sensitively; unknown fields are
// ignored; a duplicate field counts for its last value.
func decodeAnswer(body []byte, review string) (*answer, error) {
	if len(body) == 0 {
		return nil, errors.New("0-length response with status code: 200 and content type: application/json")
	}
	body = yamlScalar(body)
	// apiVersion and kind pick the type as encoding/json finds them,
	// ignoring case; the type's own fields then match case-sensitively.
	var probe struct {
		APIVersion string `json:"apiVersion,omitempty"`
		Kind       string `json:"kind,omitempty"`
	}
	if err := json.Unmarshal(body, &probe); err != nil {
		return nil, fmt.Errorf("couldn't get version/kind; json parse error: %v", err)
	}
	gv, ok := parseGroupVersion(probe.APIVersion)
	if !ok {
		return nil, fmt.Errorf("unexpected GroupVersion string: %v", probe.APIVersion)
	}
	if err := scheme(gv, probe.Kind, review, body); err != nil {
		return nil, err
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(body, &top); err != nil {
		return nil, err // cannot happen: body is a JSON object or null
	}
	var a answer
	// Their types were checked with the probe.
	decodeField(top, "apiVersion", &a.APIVersion, "", "", "")
	decodeField(top, "kind", &a.Kind, "", "", "")

	raw, ok := top["response"]
	if !ok || isNull(raw) {
		return &a, nil
	}
	var resp map[string]json.RawMessage
	if err := json.Unmarshal(raw, &resp); err != nil {
		return nil, typeError(raw, "ConversionReview", "response", review+".ConversionResponse")
	}
	a.Response = &Response{}
	r := a.Response
	if err := decodeField(resp, "uid", &r.UID, "ConversionResponse", "response.uid", "types.UID"); err != nil {
		return nil, err
	}
	if err := decodeField(resp, "convertedObjects", &r.ConvertedObjects, "ConversionResponse", "response.convertedObjects", "[]runtime.RawExtension"); err != nil {
		return nil, err
	}
	raw, ok = resp["result"]
	if !ok || isNull(raw) {
		return &a, nil
	}
	var result map[string]json.RawMessage
	if err := json.Unmarshal(raw, &result); err != nil {
		return nil, typeError(raw, "ConversionResponse", "response.result", "v1.Status")
	}
	for _, f := range [...]struct {
		name string
		ptr  *string
	}{{"status", &r.Result.Status}, {"message", &r.Result.Message}, {"reason", &r.Result.Reason}} {
		if err := decodeField(result, f.name, f.ptr, "Status", "response.result."+f.name, "string"); err != nil {
			return nil, err
		}
	}
	if err := decodeField(result, "code", &r.Result.Code, "Status", "response.result.code", "int32"); err != nil {
		return nil, err
	}
	return &a, nil
}

// scheme refuses an answer whose type is not a ConversionReview of
// version review, as client-go's decoder does with the server's scheme:
// apiVersion and kind default to those of the review, and a type the
// scheme knows cannot be converted to a ConversionReview.
func scheme(gv groupVersion, kind, review string, body []byte) error {
	const group = "apiextensions.k8s.io"
	if kind == "" {
		kind = ReviewKind
	}
	if gv.version == "" && (gv.group == "" || gv.group == group) {
		gv = groupVersion{group, review}
	}
	if gv.version == "" {
		//lint:ignore ST1005 runtime.NewMissingVersionErr's text, word for word
		return fmt.Errorf("Object 'apiVersion' is missing in '%s'", body)
	}
	goType := ""
	switch {
	case gv.group == group && (gv.version == "v1" || gv.version == "v1beta1"):
		switch kind {
		case ReviewKind, "CustomResourceDefinition", "CustomResourceDefinitionList":
			goType = gv.version + "." + kind
		case "WatchEvent", "ListOptions", "GetOptions", "DeleteOptions", "CreateOptions", "UpdateOptions", "PatchOptions":
			goType = "v1." + kind // types of meta/v1
		}
	}
	switch kind {
	case "Status", "APIVersions", "APIGroupList", "APIGroup", "APIResourceList":
		if goType == "" {
			goType = "v1." + kind // meta/v1's unversioned types, known in every group and version
		}
	}
	switch {
	case goType == "":
		return fmt.Errorf("no kind %q is registered for version %q in scheme \"pkg/runtime/scheme.go:111\"", kind, gv)
	case goType != review+"."+ReviewKind:
		return fmt.Errorf("converting (%s) to (%s.%s): unknown conversion", goType, review, ReviewKind)
	}
	return nil
}

// decodeField decodes m[name] into ptr, leaving it as it is for a missing
// field or null. A value of the wrong type gives encoding/json's message
// for the field path of the server's Go types, for example
//
//	json: cannot unmarshal number into Go struct field ConversionResponse.response.uid of type types.UID
func decodeField(m map[string]json.RawMessage, name string, ptr any, structName, path, goType string) error {
	raw, ok := m[name]
	if !ok || isNull(raw) {
		return nil
	}
	if err := json.Unmarshal(raw, ptr); err != nil {
		return typeError(raw, structName, path, goType)
	}
	return nil
}

// typeError is encoding/json's UnmarshalTypeError message for raw decoded
// into a field.
func typeError(raw json.RawMessage, structName, path, goType string) error {
	value := "number " + string(bytes.TrimSpace(raw))
	switch t := jsonType(raw); t {
	case "an object":
		value = "object"
	case "an array":
		value = "array"
	case "a string":
		value = "string"
	case "a boolean":
		value = "bool"
	case "a number":
		if goType == "string" || goType == "types.UID" {
			value = "number"
		}
	}
	return fmt.Errorf("json: cannot unmarshal %s into Go struct field %s.%s of type %s", value, structName, path, goType)
}

// yamlScalar returns body as client-go reads it. A body that does not
// start with '{' is read as YAML, which is JSON for any JSON value; a body
// that is neither, such as "404 page not found", is taken for a YAML plain
// scalar, a string, which is what such texts usually are.
func yamlScalar(body []byte) []byte {
	if t := bytes.TrimLeft(body, " \t\r\n"); len(t) > 0 && t[0] == '{' || json.Valid(body) {
		return body
	}
	s, _ := json.Marshal(string(bytes.TrimSpace(body)))
	return s
}

func isNull(raw json.RawMessage) bool {
	return bytes.Equal(bytes.TrimSpace(raw), []byte("null"))
}
