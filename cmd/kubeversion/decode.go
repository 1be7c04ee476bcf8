package main

import (
	"errors"
	"strconv"
	"strings"

	"github.com/kubeversion/kubeversion/crd"
)

// isCRD reports whether o is a CustomResourceDefinition, of any version of
// apiextensions.k8s.io.
func (o object) isCRD() bool {
	return o.str("kind") == "CustomResourceDefinition" &&
		strings.HasPrefix(o.str("apiVersion"), "apiextensions.k8s.io/")
}

// decodeCRD reads o as the API server reads a CustomResourceDefinition
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
// Each error is located in o's text.
func decodeCRD(o object) (*crd.CustomResourceDefinition, []lintError) {
	if v := o.str("apiVersion"); v != "apiextensions.k8s.io/v1" {
		return nil, []lintError{{
			Line: locate(o, "apiVersion"), Field: "apiVersion", Type: "no kind match",
			Message: "no matches for kind \"CustomResourceDefinition\" in version " + strconv.Quote(v) +
				": the API server serves CustomResourceDefinitions only as apiextensions.k8s.io/v1 since Kubernetes 1.22",
		}}
	}
	data, err := o.json()
	if err != nil {
		return nil, []lintError{{Line: o.line, Type: "decoding error", Message: err.Error()}}
	}
	c, err := crd.Decode(data)
	var strict *crd.StrictError
	var typeErr *crd.TypeError
	switch {
	case err == nil:
		return c, nil
	case errors.As(err, &strict):
		errs := make([]lintError, len(strict.Fields))
		for i, f := range strict.Fields {
			errs[i] = lintError{
				Line: locate(o, f.Path), Field: f.Path, Type: f.Kind,
				Message: "strict decoding error: " + f.String(),
			}
		}
		return c, errs
	case errors.As(err, &typeErr):
		return nil, []lintError{{
			Line: locate(o, typeErr.Field), Field: typeErr.Field, Type: "decoding error", Message: err.Error(),
		}}
	}
	return nil, []lintError{{Line: o.line, Type: "decoding error", Message: err.Error()}}
}

// decodeOld reads o as a live object of --old: the server wrote it, so its
// unknown fields (from a newer server) are dropped, not errors.
func decodeOld(o object) (*crd.CustomResourceDefinition, *problem) {
	c, errs := decodeCRD(o)
	if c == nil {
		return nil, &problem{o.file, errs[0].Line, errs[0].Message}
	}
	return c, nil
}
