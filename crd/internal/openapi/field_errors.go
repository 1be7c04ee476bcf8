package openapi

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/kubeversion/kubeversion/crd/internal/field"
)

// FieldErrors turns the errors of the validator into field
// errors below root, as the API server's kubeOpenAPIResultToFieldErrors
// does. An error at the root, when root is "", is at "<nil>", as the server
// prints its nil path.
func FieldErrors(errs []Error, root string) field.ErrorList {
	var list field.ErrorList
	for _, e := range errs {
		path := e.Field(root)
		if path == "" {
			path = "<nil>"
		}
		if e.Code == Plain {
			list = append(list, field.InvalidValue(path, "", e.Message))
			continue
		}
		value := e.Value
		if value == nil {
			value = ""
		}
		switch e.Code {
		case Required:
			list = append(list, field.RequiredValue(path, ""))
		case Enum:
			list = append(list, notSupportedValue(path, e.Value, e.Values))
		case TooLong:
			list = append(list, tooLongValue(path, e.Limit))
		case MaxItems, TooManyProperties:
			list = append(list, tooManyValues(path, e.Actual, e.Limit))
		case InvalidType:
			list = append(list, &field.Error{Type: field.ErrorTypeTypeInvalid, Field: path, BadValue: value, Detail: e.Message})
		default:
			list = append(list, field.InvalidValue(path, value, e.Message))
		}
	}
	return list
}

// tooLongValue is field.TooLong, which says less of a negative limit.
func tooLongValue(path string, limit int64) *field.Error {
	if limit < 0 {
		return &field.Error{Type: field.ErrorTypeTooLong, Field: path, BadValue: "<value omitted>", Detail: "value is too long"}
	}
	return field.TooLongValue(path, int(limit))
}

// tooManyValues is field.TooMany, which says less of a negative limit.
func tooManyValues(path string, actual, limit int64) *field.Error {
	if limit < 0 {
		return &field.Error{Type: field.ErrorTypeTooMany, Field: path, BadValue: int(actual), Detail: "has too many items"}
	}
	return field.TooManyValue(path, int(actual), int(limit))
}

// notSupportedValue is field.NotSupported for an enum: strings are listed
// as they are, other values as JSON, each quoted.
func notSupportedValue(path string, value any, enum []any) *field.Error {
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
	return &field.Error{Type: field.ErrorTypeNotSupported, Field: path, BadValue: value, Detail: detail}
}
