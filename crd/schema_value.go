package crd

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/kubeversion/kubeversion/crd/internal/strfmt"
)

// valueValidator checks JSON values (the model of [JSON]) against a
// schema as the API server does, with kube-openapi's validator
// (k8s.io/kube-openapi/pkg/validation/validate) and the Kubernetes formats:
// the same checks in the same order, the same messages, the same match
// counts by which anyOf and oneOf pick the errors they report.
//
// With structural set, the schema is read as the server reads a
// structural schema converted back to OpenAPI (Structural.ToKubeOpenAPI),
// as the defaults check does: x-kubernetes-int-or-string adds no type, and
// additionalProperties is ignored inside allOf, anyOf, oneOf and not.
// Without it, the schema is read as NewSchemaValidator converts a CRD's
// schema for its objects: x-kubernetes-int-or-string means the types
// integer and string.
//
// Where the server walks a map in random order (the fields of an object,
// the properties of a schema), the validator walks it in sorted order.
type valueValidator struct {
	structural bool
	patterns   map[string]*regexp.Regexp
	badPattern map[string]error
}

// validateValue checks x, a value of the JSON model of [JSON] such as a
// custom resource, against the CRD schema s as the API server validates
// objects (NewSchemaValidator and ValidateCustomResource, without CEL),
// with errors below field ("" for an object's root, where the server's
// errors about the root itself are at "<nil>").
func validateValue(x any, s *JSONSchemaProps, field string) ErrorList {
	v := valueValidator{}
	return v.check(x, s, field)
}

// check validates x against s and returns the field errors below field,
// the path of x (for example "spec.versions[0].schema.openAPIV3Schema.default").
func (v *valueValidator) check(x any, s *JSONSchemaProps, field string) ErrorList {
	if s == nil {
		return nil
	}
	return v.validate(x, s, "", false).fieldErrors(field)
}

// types returns the types the validator sees in s.
func (v *valueValidator) types(s *JSONSchemaProps) []string {
	if !v.structural && s.XIntOrString {
		return []string{"integer", "string"}
	}
	if s.Type == "" {
		return nil
	}
	return []string{s.Type}
}

// format returns the format the validator sees in s. Without structural,
// formats are stripped as the server strips them from a CRD's schema
// (StripUnsupportedFormatsPostProcessor): for a string, or a schema of no
// single type, the formats [strfmt.Known] knows; for an integer int32 and int64;
// for a number float and double; for other types none.
func (v *valueValidator) format(s *JSONSchemaProps, types []string) string {
	if v.structural || s.Format == "" {
		return s.Format
	}
	typ := ""
	if len(types) == 1 {
		typ = types[0]
	}
	switch typ {
	case "", "string":
		if strfmt.Known(s.Format) {
			return s.Format
		}
	case "integer":
		if s.Format == "int32" || s.Format == "int64" {
			return s.Format
		}
	case "number":
		if s.Format == "float" || s.Format == "double" {
			return s.Format
		}
	}
	return ""
}

// validate is SchemaValidator.Validate: x against s at path. nested is
// true inside allOf, anyOf, oneOf and not.
func (v *valueValidator) validate(x any, s *JSONSchemaProps, path string, nested bool) *valueResult {
	r := &valueResult{}
	if s == nil {
		return r
	}
	types := v.types(s)
	format := v.format(s, types)
	if x == nil {
		r.merge(checkType(x, s, types, format, path), checkEnum(x, s, path))
		return r
	}
	step := func(res *valueResult) {
		r.merge(res)
		r.match++
	}
	if len(types) > 0 || format != "" {
		step(checkType(x, s, types, format, path))
	}
	step(v.checkComposition(x, s, path))
	switch x := x.(type) {
	case string:
		step(v.checkString(x, s, path))
		if strfmt.Known(format) {
			step(checkFormat(x, format, path))
		}
	case int64, float64:
		step(checkNumber(x, s, types, path))
	case []any:
		step(v.checkList(x, s, path, nested))
	}
	step(checkEnum(x, s, path))
	if x, ok := x.(map[string]any); ok {
		step(v.checkObject(x, s, path, nested))
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
func typeError(path, typ, value string) valueError {
	return valueError{code: codeInvalidType, name: path, value: value,
		msg: fmt.Sprintf("%s in body must be of type %s: %q", path, typ, value)}
}

// checkType is kube-openapi's typeValidator, quirks included: a format
// excuses a string or a list from the type check of any type but integer
// and number.
func checkType(x any, s *JSONSchemaProps, types []string, format, path string) *valueResult {
	if x == nil {
		if len(types) > 0 && !slices.Contains(types, "null") && !s.Nullable {
			return failed(typeError(path, strings.Join(types, ","), "null"))
		}
		return &valueResult{match: 1}
	}
	typ, typeFormat := jsonType(x)
	f, isFloat := x.(float64)
	floatInt := isFloat && isJSONInteger(f) && slices.Contains(types, "integer")
	intFloat := typ == "integer" && slices.Contains(types, "number")
	_, isString := x.(string)
	_, isList := x.([]any)
	if !isString && !isList && format != "" &&
		!(slices.Contains(types, typ) || typeFormat == format || floatInt || intFloat) {
		return failed(typeError(path, format, typeFormat))
	}
	if !slices.Contains(types, "number") && !slices.Contains(types, "integer") && format != "" && (isString || isList) {
		return &valueResult{match: 1}
	}
	if !(slices.Contains(types, typ) || floatInt || intFloat) {
		return failed(typeError(path, strings.Join(types, ","), typ))
	}
	return &valueResult{match: 1}
}

// checkString is kube-openapi's stringValidator: the first of maxLength
// (in runes), minLength and pattern that fails.
func (v *valueValidator) checkString(x string, s *JSONSchemaProps, path string) *valueResult {
	if s.MaxLength != nil && int64(utf8.RuneCountInString(x)) > *s.MaxLength {
		return failed(valueError{code: codeTooLong, name: path, value: x, limit: *s.MaxLength,
			msg: fmt.Sprintf("%s in body should be at most %d chars long", path, *s.MaxLength)})
	}
	if s.MinLength != nil && int64(utf8.RuneCountInString(x)) < *s.MinLength {
		return failed(valueError{code: codeOther, name: path, value: x,
			msg: fmt.Sprintf("%s in body should be at least %d chars long", path, *s.MinLength)})
	}
	if s.Pattern != "" {
		re, err := v.pattern(s.Pattern)
		if err != nil {
			return failed(valueError{code: codeOther, name: path, value: x,
				msg: fmt.Sprintf("%s in body should match '%s, but pattern is invalid: %s'", path, s.Pattern, err)})
		}
		if !re.MatchString(x) {
			return failed(valueError{code: codeOther, name: path, value: x,
				msg: fmt.Sprintf("%s in body should match '%s'", path, s.Pattern)})
		}
	}
	return nil
}

// pattern compiles p once per validator.
func (v *valueValidator) pattern(p string) (*regexp.Regexp, error) {
	if re, ok := v.patterns[p]; ok {
		return re, nil
	}
	if err, ok := v.badPattern[p]; ok {
		return nil, err
	}
	re, err := regexp.Compile(p)
	if err != nil {
		if v.badPattern == nil {
			v.badPattern = make(map[string]error)
		}
		v.badPattern[p] = err
		return nil, err
	}
	if v.patterns == nil {
		v.patterns = make(map[string]*regexp.Regexp)
	}
	v.patterns[p] = re
	return re, nil
}

// checkFormat is kube-openapi's formatValidator, for a format it knows.
func checkFormat(x, format, path string) *valueResult {
	if strfmt.Valid(format, x) {
		return nil
	}
	return failed(typeError(path, format, x))
}
