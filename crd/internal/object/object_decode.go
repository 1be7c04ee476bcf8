package object

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/kubeversion/kubeversion/crd/internal/api"
)

// maxStrictFields is how many unknown or duplicate fields the API
// server's strict JSON decoder reports at most.
const maxStrictFields = 100

// decodeObject reads data, the JSON of a custom resource in a request,
// as the API server's strict decoder reads it into an Unstructured:
// numbers that are integers become int64 and others float64, a repeated
// key keeps its last value and is reported as a duplicate field (each
// path once, at most 100, in the order met), and the object must have a
// kind. For example, {"spec": {"a": 1, "a": 2}} gives
// {"spec": {"a": 2}} and `duplicate field "spec.a"`.
func decodeObject(data []byte) (map[string]any, []api.StrictField, error) {
	d := objectDecoder{dec: json.NewDecoder(bytes.NewReader(data))}
	d.dec.UseNumber()
	v, err := d.value(nil)
	if err == nil {
		if _, end := d.dec.Token(); end != io.EOF {
			err = errors.New("data after the top-level value")
		}
	}
	if err != nil {
		return nil, nil, decodeError(data, err)
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return nil, nil, decodeError(data, fmt.Errorf("want a JSON object, got %s", jsonKind(v)))
	}
	if k, _ := obj["kind"].(string); k == "" {
		//lint:ignore ST1005 the server's words (runtime.NewMissingKindErr)
		return nil, nil, fmt.Errorf("Object 'Kind' is missing in '%s'", data)
	}
	return obj, d.strict, nil
}

// maxDepth is how deeply encoding/json, and so the API server, lets
// arrays and objects nest.
const maxDepth = 10000

// decodeError is the error of data, which decodeObject could not
// decode (err): the server's, where its first reading of the body fails,
// as it does on malformed JSON, in the server's words, such as
//
//	couldn't get version/kind; json parse error: unexpected end of JSON input
func decodeError(data []byte, err error) error {
	// What the server's serializer reads of a body first
	// (json.DefaultMetaFactory): its type, anonymous, is in the message.
	var fk struct {
		APIVersion string `json:"apiVersion,omitempty"`
		Kind       string `json:"kind,omitempty"`
	}
	if uerr := json.Unmarshal(data, &fk); uerr != nil {
		return fmt.Errorf("couldn't get version/kind; json parse error: %v", uerr)
	}
	var syntax *json.SyntaxError
	if errors.As(err, &syntax) {
		return fmt.Errorf("invalid JSON: %s at offset %d", syntax.Error(), syntax.Offset)
	}
	return fmt.Errorf("invalid JSON: %w", err)
}

// jsonKind names the JSON type of v.
func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case string:
		return "a string"
	case []any:
		return "an array"
	}
	return "a number"
}

// objectDecoder decodes one JSON value, recording duplicate keys.
type objectDecoder struct {
	dec    *json.Decoder
	depth  int
	strict []api.StrictField
	seen   map[string]bool
}

// value decodes the next value; path is where it is, as the server's
// decoder writes it (nil at the root).
func (d *objectDecoder) value(path []byte) (any, error) {
	t, err := d.dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := t.(type) {
	case json.Delim:
		if d.depth++; d.depth > maxDepth {
			return nil, errors.New("exceeded max depth")
		}
		defer func() { d.depth-- }()
		if t == '{' {
			return d.object(path)
		}
		return d.array(path)
	case json.Number:
		if i, err := strconv.ParseInt(string(t), 10, 64); err == nil {
			return i, nil
		}
		f, err := strconv.ParseFloat(string(t), 64)
		if err != nil {
			return nil, fmt.Errorf("number %s out of range", t)
		}
		return f, nil
	}
	return t, nil // nil, bool or string
}

func (d *objectDecoder) object(path []byte) (any, error) {
	obj := map[string]any{}
	for d.dec.More() {
		t, err := d.dec.Token()
		if err != nil {
			return nil, err
		}
		k := t.(string)
		child := path
		if len(child) > 0 {
			child = append(child[:len(child):len(child)], '.')
		}
		child = append(child, k...)
		if _, dup := obj[k]; dup {
			d.report("duplicate field", string(child))
		}
		v, err := d.value(child)
		if err != nil {
			return nil, err
		}
		obj[k] = v
	}
	_, err := d.dec.Token()
	return obj, err
}

func (d *objectDecoder) array(path []byte) (any, error) {
	list := []any{}
	for i := 0; d.dec.More(); i++ {
		child := append(path[:len(path):len(path)], '[')
		child = strconv.AppendInt(child, int64(i), 10)
		child = append(child, ']')
		v, err := d.value(child)
		if err != nil {
			return nil, err
		}
		list = append(list, v)
	}
	_, err := d.dec.Token()
	return list, err
}

// report records a strict-decoding error, each once, at most 100.
func (d *objectDecoder) report(kind, path string) {
	key := kind + " " + path
	if len(d.strict) >= maxStrictFields || d.seen[key] {
		return
	}
	if d.seen == nil {
		d.seen = map[string]bool{}
	}
	d.seen[key] = true
	d.strict = append(d.strict, api.StrictField{Kind: kind, Path: path})
}
