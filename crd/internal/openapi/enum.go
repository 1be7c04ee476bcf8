package openapi

import (
	"fmt"
	"unicode/utf8"

	"github.com/kubeversion/kubeversion/crd/internal/structural"
	"github.com/kubeversion/kubeversion/internal/jsonvalue"
)

// checkEnum is kube-openapi's basicCommonValidator. A value matches an
// entry when it converts to the entry's Go type and is then equal to it,
// as reflect converts: 1.5 matches 1, and 65 matches "A". null matches
// nothing, not even a null entry.
func checkEnum(x any, vv *structural.ValueValidation, path string) *result {
	if len(vv.Enum) == 0 {
		return nil
	}
	if x != nil {
		for _, e := range vv.Enum {
			if e != nil && enumMatch(x, e) {
				return nil
			}
		}
	}
	return failed(Error{Code: Enum, Name: path, Value: x, Values: vv.Enum,
		Message: fmt.Sprintf("%s in body should be one of %v", path, vv.Enum)})
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
		return jsonvalue.Equal(x, e)
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
