package crd

import (
	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/decode"
)

// Decode reads data, the JSON of an apiextensions.k8s.io/v1
// CustomResourceDefinition, as the API server's strict decoding
// (field validation Strict, kubectl's default) reads it. Field names match
// case-sensitively: "Storage" is not "storage". A value of the wrong type
// makes Decode fail with a *TypeError and a nil result, as it makes the
// server reject the request. Unknown and duplicate fields give the decoded
// object together with a *StrictError, since the server's non-strict
// decoding would have read it that way. For example,
//
//	Decode([]byte(`{"spec": {"versions": [{"name": "v1", "Storage": true}]}}`))
//
// returns an object whose version is not marked storage and the error
//
//	strict decoding error: unknown field "spec.versions[0].Storage"
//
// A timestamp (metadata.creationTimestamp and the like) that is neither
// null nor an RFC 3339 string makes Decode fail as the server does.
//
// As in the API server, the schemas under items, additionalProperties,
// additionalItems and dependencies are decoded without the strict checks:
// their unknown fields are dropped silently.
func Decode(data []byte) (*CustomResourceDefinition, error) {
	return decode.Decode(data)
}

// StrictError lists the unknown and duplicate fields of a manifest, as the
// API server reports them: at most 100, each once, in the order met. Its
// message reads, for example,
//
//	strict decoding error: unknown field "spec.Group", duplicate field "spec.scope"
type StrictError = api.StrictError

// StrictField is one unknown or duplicate field: Kind is "unknown field"
// or "duplicate field", Path is as the API server writes it, such as
// "spec.versions[0].Storage" or
// "spec.versions[0].schema.openAPIV3Schema.properties.spec.typo".
type StrictField = api.StrictField

// TypeError is a value of the wrong type, such as served: "yes". Field is
// the dotted path without indices, as the API server prints it: its
// message reads, for example,
//
//	json: cannot unmarshal string into Go struct field CustomResourceDefinitionVersion.spec.versions.served of type bool
type TypeError = api.TypeError

// MaxDepth is the deepest nesting of JSON objects and arrays that [Decode]
// reads: 10000, the limit of the API server's JSON decoder
// (sigs.k8s.io/json, maxNestingDepth, as in encoding/json). The document
// itself counts as one level, so {"a": [1]} is nested 2 deep.
const MaxDepth = api.MaxDepth

// ErrMaxDepth is the error that [Decode] wraps when its input is nested
// deeper than [MaxDepth].
var ErrMaxDepth = api.ErrMaxDepth
