package decode

import (
	"github.com/kubeversion/kubeversion/crd/internal/api"
)

// Decode reads data, the JSON of an apiextensions.k8s.io/v1
// CustomResourceDefinition, as the API server's strict decoding reads it;
// crd.Decode documents what it returns. It takes the fast path, decodeFast,
// and falls back to decodeSlow for the inputs the fast path declines.
func Decode(data []byte) (*api.CustomResourceDefinition, error) {
	c, strict, ok := decodeFast(data)
	if !ok {
		return decodeSlow(data)
	}
	if err := checkTimestamps(c); err != nil {
		return nil, err
	}
	if strict != nil {
		return c, strict
	}
	return c, nil
}

// decodeSlow is Decode by way of encoding/json: a walk over the tokens of
// json.Decoder that drops the keys of no field, then json.Unmarshal of
// what it kept. It is about nine times slower than decodeFast on the
// CRDs of the conformance corpus, but gives every error with the
// messages of encoding/json, whose code the server's decoder shares;
// Decode calls it for the inputs decodeFast declines. It is also the
// reference that FuzzDecodeSame checks decodeFast against.
func decodeSlow(data []byte) (*api.CustomResourceDefinition, error) {
	var c api.CustomResourceDefinition
	strict, err := api.DecodeInto(data, &c, true)
	if err != nil {
		return nil, err
	}
	if err := checkTimestamps(&c); err != nil {
		return nil, err
	}
	if strict != nil {
		return &c, strict
	}
	return &c, nil
}
