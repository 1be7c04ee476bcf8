package server

import (
	"errors"
	"strconv"
	"strings"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inputs"
	"github.com/kubeversion/kubeversion/crd"
)

// DecodeCRD reads o as the API server reads a CustomResourceDefinition
// that kubectl sends with its default --validate=strict. It returns the
// CRD, and the errors that make the server refuse the request before any
// validation:
//
//   - an apiVersion other than apiextensions.k8s.io/v1, which servers
//     stopped serving in Kubernetes 1.22 (nil CRD);
//   - a value of the wrong type, such as served: "yes" (nil CRD);
//   - unknown and duplicate fields, such as Storage with a capital S, in
//     the server's words: strict decoding error: unknown field
//     "spec.versions[0].Storage" (the CRD as read without them).
//
// Each error is located in o's text by loc, o's locator.
func DecodeCRD(o inputs.Object, loc *inputs.Locator) (*crd.CustomResourceDefinition, []Error) {
	if v := o.Str("apiVersion"); v != "apiextensions.k8s.io/v1" {
		return nil, []Error{{
			Line: loc.Line("apiVersion"), Field: "apiVersion", Type: "no kind match",
			Message: "no matches for kind \"CustomResourceDefinition\" in version " + strconv.Quote(v) +
				": the API server serves CustomResourceDefinitions only as apiextensions.k8s.io/v1 since Kubernetes 1.22",
		}}
	}
	data, err := o.JSON()
	if err != nil {
		return nil, []Error{{Line: o.Line, Type: "decoding error", Message: err.Error()}}
	}
	c, err := crd.Decode(data)
	var strict *crd.StrictError
	var typeErr *crd.TypeError
	switch {
	case err == nil:
		return c, nil
	case errors.As(err, &strict):
		errs := make([]Error, len(strict.Fields))
		for i, f := range strict.Fields {
			errs[i] = Error{
				Line: loc.Line(f.Path), Field: f.Path, Type: f.Kind,
				Message: "strict decoding error: " + f.String(),
			}
		}
		return c, errs
	case errors.As(err, &typeErr):
		// A TypeError is encoding/json's, not a crd.Error: its Field is
		// only a string, the dotted path without indices.
		path := typeErr.Field
		if p, ok := findType(o.Fields, crd.ParsePath(typeErr.Field), jsonType(typeErr.Value)); ok {
			path = p
		}
		return nil, []Error{{
			Line: loc.Line(path), Field: typeErr.Field, Type: "decoding error", Message: err.Error(),
		}}
	}
	return nil, []Error{{Line: o.Line, Type: "decoding error", Message: err.Error()}}
}

// DecodeOld reads o as a live object of --old: the server wrote it, so its
// unknown fields (from a newer server) are dropped, not errors.
func DecodeOld(o inputs.Object) (*crd.CustomResourceDefinition, *inputs.Problem) {
	c, errs := DecodeCRD(o, inputs.NewLocator(o))
	if c == nil {
		return nil, &inputs.Problem{File: o.File, Line: errs[0].Line, Message: errs[0].Message}
	}
	return c, nil
}

// findType returns the path, with indices, of the first value at the
// dotted path steps in v whose JSON type is kind, searching every element
// of the lists on the way, since the server's type errors name a field
// without its indices ("spec.versions.served"). For example, with two
// versions of which the second has served: "yes", findType(fields,
// crd.ParsePath("spec.versions.served"), "string") returns
// "spec.versions[1].served".
func findType(v any, steps []crd.PathStep, kind string) (string, bool) {
	if list, ok := v.([]any); ok {
		for i, e := range list {
			if p, ok := findType(e, steps, kind); ok {
				return joinPath("["+strconv.Itoa(i)+"]", p), true
			}
		}
		return "", false
	}
	if len(steps) == 0 {
		return "", jsonTypeOf(v) == kind
	}
	m, ok := v.(map[string]any)
	if !ok {
		return "", false
	}
	name := inputs.StepName(steps[0])
	e, ok := m[name]
	if !ok {
		return "", false
	}
	p, ok := findType(e, steps[1:], kind)
	if !ok {
		return "", false
	}
	return joinPath(name, p), true
}

// joinPath joins a field path and the path under it: "a" and "b" give
// "a.b", "a" and "[1].b" give "a[1].b".
func joinPath(path, under string) string {
	if under == "" || strings.HasPrefix(under, "[") {
		return path + under
	}
	return path + "." + under
}

// jsonType returns the JSON type named by the Value of a *crd.TypeError,
// such as "number" for "number 1.5".
func jsonType(value string) string {
	kind, _, _ := strings.Cut(value, " ")
	return kind
}

// jsonTypeOf returns the JSON type of a value as kubectl reads it.
func jsonTypeOf(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case int64, float64:
		return "number"
	case bool:
		return "bool"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return "null"
}
