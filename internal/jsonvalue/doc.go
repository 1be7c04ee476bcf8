// Package jsonvalue writes the JSON value model that package conversion
// and the command share with package crd's JSON: nil, bool, string, int64, float64,
// []any and map[string]any, as encoding/json reads JSON with numbers
// turned into int64 where they fit. It writes them byte for byte as
// json.Marshal does (keys sorted, HTML characters escaped, invalid UTF-8
// as U+FFFD), without reflection.
//
// In scope: writing values of the model. Not in scope: reading them (the
// readers of conversion and of crd's decoder each serve one format), and
// values of other Go types, which go to json.Marshal.
package jsonvalue
