// Package jsonvalue holds what packages crd and conversion and the command
// do to values of crd's JSON model: nil, bool, string, int64, float64,
// []any and map[string]any, as encoding/json reads JSON with numbers
// turned into int64 where they fit. It writes them byte for byte as
// json.Marshal does (keys sorted, HTML characters escaped, invalid UTF-8
// as U+FFFD), copies them (Copy) and compares them as reflect.DeepEqual
// does (Equal), all without reflection.
//
// Not in scope: reading JSON (the readers of conversion and of crd's
// decoder each serve one format), and values of other Go types, which go
// to json.Marshal and reflect.
package jsonvalue
