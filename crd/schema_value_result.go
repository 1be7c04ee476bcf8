package crd

import (
	"encoding/json"
	"strconv"
	"strings"
)

// errorTypeTypeInvalid is field.ErrorTypeTypeInvalid, which the API
// server prints as "Invalid value", with the value.
const errorTypeTypeInvalid ErrorType = "FieldValueTypeInvalid"

// valueCode is the code of an error of kube-openapi's validator
// (errors.Validation.Code), which decides how the API server turns it
// into a field error.
type valueCode int

const (
	codePlain       valueCode = iota // not an errors.Validation: composition and range errors
	codeInvalidType                  // InvalidTypeCode
	codeRequired
	codeTooLong
	codeEnum
	codeMaxItems
	codeTooManyProperties
	codeOther // any other errors.Validation: reported as Invalid value
)

// valueError is one error of the validator: the path as the validator
// writes it ("" at the root, "spec.a", ".key" below additionalProperties
// at the root, "[0]"), the offending value, the limit for the codes that
// have one, the enum, and the message, which the validator also uses to
// drop duplicates.
type valueError struct {
	code   valueCode
	name   string
	value  any
	limit  int64
	actual int64
	values []any
	msg    string
}

// valueResult is kube-openapi's validate.Result: the errors in order, each
// message once, and the match count by which anyOf and oneOf choose the
// errors of their best failing branch.
type valueResult struct {
	errs  []valueError
	match int
	seen  map[string]bool
}

// add appends e unless an error with the same message is there.
func (r *valueResult) add(e valueError) {
	if r.seen == nil {
		r.seen = make(map[string]bool)
	}
	if r.seen[e.msg] {
		return
	}
	r.seen[e.msg] = true
	r.errs = append(r.errs, e)
}

// merge adds the errors and the match count of each of others (nil ones
// are skipped) to r.
func (r *valueResult) merge(others ...*valueResult) {
	for _, o := range others {
		if o == nil {
			continue
		}
		for _, e := range o.errs {
			r.add(e)
		}
		r.match += o.match
	}
}

func (r *valueResult) valid() bool {
	return r == nil || len(r.errs) == 0
}

// failed returns a result holding only e, with no matches.
func failed(e valueError) *valueResult {
	r := &valueResult{}
	r.add(e)
	return r
}

// fieldErrors turns the errors into field errors below field, as the API
// server's kubeOpenAPIResultToFieldErrors does. An error at the root of
// field "" is at "<nil>", as the server prints its nil path.
func (r *valueResult) fieldErrors(field string) ErrorList {
	var list ErrorList
	for _, e := range r.errs {
		path := field
		if e.code != codePlain && e.name != "" && e.name != "." {
			path = childPath(field, strings.TrimPrefix(e.name, "."))
		}
		if path == "" {
			path = "<nil>"
		}
		if e.code == codePlain {
			list = append(list, invalid(path, "", e.msg))
			continue
		}
		value := e.value
		if value == nil {
			value = ""
		}
		switch e.code {
		case codeRequired:
			list = append(list, required(path, ""))
		case codeEnum:
			list = append(list, notSupportedValue(path, e.value, e.values))
		case codeTooLong:
			list = append(list, tooLongValue(path, e.limit))
		case codeMaxItems, codeTooManyProperties:
			list = append(list, tooManyValues(path, e.actual, e.limit))
		case codeInvalidType:
			list = append(list, &Error{Type: errorTypeTypeInvalid, Field: path, BadValue: value, Detail: e.msg})
		default:
			list = append(list, invalid(path, value, e.msg))
		}
	}
	return list
}

// tooLongValue is field.TooLong, which says less of a negative limit.
func tooLongValue(path string, limit int64) *Error {
	if limit < 0 {
		return &Error{Type: ErrorTypeTooLong, Field: path, BadValue: "<value omitted>", Detail: "value is too long"}
	}
	return tooLong(path, int(limit))
}

// tooManyValues is field.TooMany, which says less of a negative limit.
func tooManyValues(path string, actual, limit int64) *Error {
	if limit < 0 {
		return &Error{Type: ErrorTypeTooMany, Field: path, BadValue: int(actual), Detail: "has too many items"}
	}
	return tooMany(path, int(actual), int(limit))
}

// notSupportedValue is field.NotSupported for an enum: strings are listed
// as they are, other values as JSON, each quoted.
func notSupportedValue(path string, value any, enum []any) *Error {
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
	return &Error{Type: ErrorTypeNotSupported, Field: path, BadValue: value, Detail: detail}
}
