package openapi

import (
	"fmt"
	"regexp"

	"github.com/kubeversion/kubeversion/crd/internal/strfmt"
	"github.com/kubeversion/kubeversion/crd/internal/structural"
)

// Validator validates values against schemas; it keeps the patterns it
// compiles, so that one validator used for many values compiles each
// pattern once. The zero Validator is ready to use, in the mode of
// defaults; it is not safe for concurrent use.
type Validator struct {
	// CustomResource reads schemas as the server does to validate a
	// custom resource rather than a default: x-kubernetes-int-or-string
	// says the types integer and string, and formats the server does not
	// support for the type are dropped (see the package doc).
	CustomResource bool

	patterns   map[string]*regexp.Regexp
	badPattern map[string]error
}

// Validate returns the errors of x against s, in kube-openapi's order,
// each message once: nil when x is valid or s is nil. For example, "ab"
// against {type: string, maxLength: 1} gives a [TooLong] error with Limit
// 1 and the message " in body should be at most 1 chars long".
func (v *Validator) Validate(x any, s *structural.Structural) []Error {
	if s == nil {
		return nil
	}
	return v.validate(x, v.structuralNode(s), "").errs
}

// validateNode is SchemaValidator.Validate: x against nd at path.
func (v *Validator) validateNode(x any, nd node, path string) *result {
	r := &result{}
	format := nd.format
	if x == nil {
		r.merge(checkType(x, nd, format, path), checkEnum(x, nd.vv, path))
		return r
	}
	step := func(res *result) {
		r.merge(res)
		r.match++
	}
	if nd.typed() || format != "" {
		step(checkType(x, nd, format, path))
	}
	step(v.checkComposition(x, nd.vv, path))
	switch x := x.(type) {
	case string:
		step(v.checkString(x, nd.vv, path))
		if strfmt.Known(format) {
			step(checkFormat(x, format, path))
		}
	case int64, float64:
		step(checkNumber(x, nd, path))
	case []any:
		step(v.checkList(x, nd, path))
	}
	step(checkEnum(x, nd.vv, path))
	if x, ok := x.(map[string]any); ok {
		step(v.checkObject(x, nd, path))
	}
	r.match++
	return r
}

// jsonType returns the type and format kube-openapi infers for x.
func jsonType(x any) (typ, format string) {
	switch x.(type) {
	case bool:
		return "boolean", ""
	case string:
		return "string", ""
	case int64:
		return "integer", "int64"
	case float64:
		return "number", "float64"
	case []any:
		return "array", ""
	case map[string]any:
		return "object", ""
	}
	return "", ""
}

// typeError is errors.InvalidType with a string value.
func typeError(path, typ, value string) Error {
	return Error{Code: InvalidType, Name: path, Value: value,
		Message: fmt.Sprintf("%s in body must be of type %s: %q", path, typ, value)}
}

// checkType is kube-openapi's typeValidator, quirks included: a format
// excuses a string or a list from the type check of any type but integer
// and number. The schema has one type, none (""), or the two of
// int-or-string.
func checkType(x any, nd node, format, path string) *result {
	if x == nil {
		if nd.typed() && !nd.hasType("null") && !nd.nullable {
			return failed(typeError(path, nd.typeName(), "null"))
		}
		return &result{match: 1}
	}
	typ, typeFormat := jsonType(x)
	f, isFloat := x.(float64)
	floatInt := isFloat && nd.hasType("integer") && isJSONInteger(f)
	intFloat := typ == "integer" && nd.hasType("number")
	sameType := nd.hasType(typ)
	_, isString := x.(string)
	_, isList := x.([]any)
	if !isString && !isList && format != "" && !(sameType || typeFormat == format || floatInt || intFloat) {
		return failed(typeError(path, format, typeFormat))
	}
	if !nd.hasType("number") && !nd.hasType("integer") && format != "" && (isString || isList) {
		return &result{match: 1}
	}
	if !(sameType || floatInt || intFloat) {
		return failed(typeError(path, nd.typeName(), typ))
	}
	return &result{match: 1}
}
