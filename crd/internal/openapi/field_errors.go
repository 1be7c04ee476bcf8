package openapi

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/kubeversion/kubeversion/crd/internal/field"
)

// FieldErrors turns the errors of the validator into field
// errors below root, as the API server's kubeOpenAPIResultToFieldErrors
// does. An error at the root, when root is nil, is at "<nil>", as the
// server prints its nil path.
func FieldErrors(errs []Error, root *field.Path) field.ErrorList {
	var list field.ErrorList
	for _, e := range errs {
		path := e.Field(root)
		if e.Code == Plain {
			list = append(list, field.Invalid(path, "", e.Message))
			continue
		}
		value := e.Value
		if value == nil {
			value = ""
		}
		switch e.Code {
		case Required:
			list = append(list, field.Required(path, ""))
		case Enum:
			list = append(list, notSupportedValue(path, e.Value, e.Values))
		case TooLong:
			list = append(list, tooLongValue(path, e.Limit))
		case MaxItems, TooManyProperties:
			list = append(list, tooManyValues(path, e.Actual, e.Limit))
		case InvalidType:
			list = append(list, field.TypeInvalid(path, value, e.Message))
		default:
			list = append(list, field.Invalid(path, value, e.Message))
		}
	}
	return list
}

// tooLongValue is field.TooLong, which says less of a negative limit.
func tooLongValue(path *field.Path, limit int64) *field.Error {
	if limit < 0 {
		return field.NewError(field.ErrorTypeTooLong, path, "<value omitted>", "value is too long")
	}
	return field.TooLong(path, int(limit))
}

// tooManyValues is field.TooMany, which says less of a negative limit.
func tooManyValues(path *field.Path, actual, limit int64) *field.Error {
	if limit < 0 {
		return field.NewError(field.ErrorTypeTooMany, path, int(actual), "has too many items")
	}
	return field.TooMany(path, int(actual), int(limit))
}

// notSupportedValue is field.NotSupported for an enum: strings are listed
// as they are, other values as JSON, each quoted.
func notSupportedValue(path *field.Path, value any, enum []any) *field.Error {
	quoted := make([]string, len(enum))
	for i, v := range enum {
		s, ok := v.(string)
		if !ok {
			b, _ := json.Marshal(v)
			s = string(b)
		}
		quoted[i] = strconv.Quote(s)
	}
	detail := ""
	if len(quoted) > 0 {
		detail = "supported values: " + strings.Join(quoted, ", ")
	}
	return field.NewError(field.ErrorTypeNotSupported, path, value, detail)
}
