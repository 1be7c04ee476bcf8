package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"strconv"
	"strings"
)

// StrictError lists the unknown and duplicate fields of a manifest, as the
// API server reports them: at most 100, each once, in the order met. Its
// message reads, for example,
//
//	strict decoding error: unknown field "spec.Group", duplicate field "spec.scope"
type StrictError struct {
	Fields []StrictField
}

// StrictField is one unknown or duplicate field: Kind is "unknown field"
// or "duplicate field", Path is as the API server writes it, such as
// "spec.versions[0].Storage" or
// "spec.versions[0].schema.openAPIV3Schema.properties.spec.typo".
type StrictField struct {
	Kind string
	Path string
}

// String returns the field as the API server writes it, for example
// `unknown field "spec.Group"`.
func (f StrictField) String() string {
	return f.Kind + " " + strconv.Quote(f.Path)
}

func (e *StrictError) Error() string {
	var b strings.Builder
	b.WriteString("strict decoding error: ")
	for i, f := range e.Fields {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(f.String())
	}
	return b.String()
}

// report records a strict decoding error: each once, at most 100, as the
// API server's decoder does. It writes the path only for those it keeps.
func (w *fieldWalker) report(kind string, path *FieldPath) {
	if !w.strict || len(w.fields) >= 100 {
		return
	}
	f := StrictField{kind, path.String()}
	if w.seen[f] {
		return
	}
	if w.seen == nil {
		w.seen = map[StrictField]bool{}
	}
	w.seen[f] = true
	w.fields = append(w.fields, f)
}

// TypeError is a value of the wrong type, such as served: "yes". Field is
// the dotted path without indices, as the API server prints it: its
// message reads, for example,
//
//	json: cannot unmarshal string into Go struct field CustomResourceDefinitionVersion.spec.versions.served of type bool
type TypeError struct {
	Value  string // "string", "number 1.5", ...
	Struct string // the Kubernetes name of the Go type that holds the field
	Field  string
	Type   string // the Kubernetes name of the field's Go type
}

func (e *TypeError) Error() string {
	if e.Struct != "" || e.Field != "" {
		return "json: cannot unmarshal " + e.Value + " into Go struct field " + e.Struct + "." + e.Field + " of type " + e.Type
	}
	return "json: cannot unmarshal " + e.Value + " into Go value of type " + e.Type
}

// DecodeInto decodes data into v case-sensitively. With strict, it returns
// the unknown and duplicate fields as a *StrictError.
func DecodeInto(data []byte, v any, strict bool) (*StrictError, error) {
	w := fieldWalker{strict: strict}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := w.value(dec, reflect.TypeOf(v).Elem(), nil); err != nil {
		return nil, syntaxError(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, errors.New("invalid character after top-level value")
	}
	if err := w.decodeLevel.decode(v); err != nil {
		var te *json.UnmarshalTypeError
		if strict && errors.As(err, &te) {
			return nil, kubeTypeError(te)
		}
		// Inside a wrapper (strict is false there), the type error goes
		// back as encoding/json made it, so that the decoding around the
		// wrapper puts its own path in front, as the server's does.
		return nil, err
	}
	if len(w.fields) > 0 {
		return &StrictError{w.fields}, nil
	}
	return nil, nil
}

func syntaxError(err error) error {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return errors.New("unexpected end of JSON input")
	}
	return err
}
