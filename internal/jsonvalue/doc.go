// Package jsonvalue holds what packages crd and conversion and the command
// do to values of crd's JSON model: nil, bool, string, int64, float64,
// []any and map[string]any, as encoding/json reads JSON with numbers
// turned into int64 where they fit. It reads them from JSON in one pass
// ([Reader]), writes them byte for byte as json.Marshal does (keys
// sorted, HTML characters escaped, invalid UTF-8 as U+FFFD; [Writer]),
// copies them ([Copy]) and compares them as reflect.DeepEqual does
// ([Equal]), all without reflection.
//
// # Reading
//
// A [Reader] takes what crd.JSON takes and decodes it the same way:
// encoding/json with UseNumber, then strconv.ParseInt for each number, or
// strconv.ParseFloat where ParseInt fails, duplicate keys keeping the
// last value, escapes and invalid UTF-8 in strings decoded as
// encoding/json decodes them. It refuses (reports false for) what it is
// not sure to read that way, and the caller falls back to that slow path
// for the value or for the error:
//
//	invalid JSON, trailing data, NUL bytes    -> false (the slow path's error)
//	a number out of float64's range (1e400)   -> false (ParseFloat's error)
//	nesting deeper than MaxDepth              -> false (the slow path reads it)
//
// A Reader also reads a document a value or a token at a time
// ([Reader.Start], [Reader.Fields], [Reader.Value]), for a caller that
// knows its shape, as conversion's Handler knows a ConversionReview's.
// [Number] reads one number as a Reader does, from a buffer that may stay
// on the stack. [Unmarshal] is the slow path itself, with its errors.
//
// Not in scope: crd's decoder, which reads into crd's Go types and keeps
// field paths for its errors; values of other Go types, which go to
// json.Marshal, json.Unmarshal and reflect; and error messages of its
// own: the Reader only says whether it read, and the slow path says why
// not.
package jsonvalue
