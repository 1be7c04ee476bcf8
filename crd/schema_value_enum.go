package crd

import (
	"fmt"
	"unicode/utf8"
)

// checkEnum is kube-openapi's basicCommonValidator. A value matches an
// entry when it converts to the entry's Go type and is then equal to it,
// as reflect converts: 1.5 matches 1, and 65 matches "A".
func checkEnum(x any, s *JSONSchemaProps, path string) *valueResult {
	if len(s.Enum) == 0 {
		return nil
	}
	values := make([]any, len(s.Enum))
	for i, e := range s.Enum {
		values[i] = e.Value
		if x != nil && e.Value != nil && enumMatch(x, e.Value) {
			return nil
		}
	}
	return failed(valueError{code: codeEnum, name: path, value: x, values: values,
		msg: fmt.Sprintf("%s in body should be one of %v", path, values)})
}

// enumMatch reports whether x, converted to the Go type of e as
// reflect.Value.Convert would, equals e.
func enumMatch(x, e any) bool {
	switch e := e.(type) {
	case int64:
		switch x := x.(type) {
		case int64:
			return x == e
		case float64:
			return int64(x) == e
		}
	case float64:
		switch x := x.(type) {
		case int64:
			return float64(x) == e
		case float64:
			return x == e
		}
	case string:
		switch x := x.(type) {
		case string:
			return x == e
		case int64:
			return intToString(x) == e
		}
	case bool:
		x, ok := x.(bool)
		return ok && x == e
	case []any, map[string]any:
		return jsonEqual(x, e)
	}
	return false
}

// intToString converts i to a string as Go's string(rune(i)) conversion
// of an integer does: invalid code points become U+FFFD.
func intToString(i int64) string {
	if i < 0 || i > utf8.MaxRune {
		return "\uFFFD"
	}
	return string(rune(i))
}

// jsonEqual is reflect.DeepEqual for JSON values.
func jsonEqual(a, b any) bool {
	switch a := a.(type) {
	case []any:
		b, ok := b.([]any)
		if !ok || len(a) != len(b) || (a == nil) != (b == nil) {
			return false
		}
		for i := range a {
			if !jsonEqual(a[i], b[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || len(a) != len(b) || (a == nil) != (b == nil) {
			return false
		}
		for k, av := range a {
			bv, ok := b[k]
			if !ok || !jsonEqual(av, bv) {
				return false
			}
		}
		return true
	case float64:
		b, ok := b.(float64)
		// DeepEqual compares floats with ==, so NaN is never equal.
		return ok && a == b
	}
	return a == b
}
