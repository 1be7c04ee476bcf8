// Package decode reads the JSON of a CustomResourceDefinition as the API
// server's strict decoding reads it: Decode, which package crd exports.
//
// In scope: the fast decoder (a byte scanner that fills the types of
// internal/api directly, with the server's strict errors and depth
// limit), the check of timestamps, and the fallback to the reflective
// decoder of internal/api, api.DecodeInto, for the inputs the fast path
// declines. FuzzDecodeSame checks that both give the same result.
//
// Not in scope: the types and their own JSON methods (internal/api), and
// anything done with a decoded object: validation, defaults, pruning.
package decode
