package openapi

import (
	"fmt"
	"regexp"
	"unicode/utf8"

	"github.com/kubeversion/kubeversion/crd/internal/strfmt"
	"github.com/kubeversion/kubeversion/crd/internal/structural"
)

// checkString is kube-openapi's stringValidator: the first of maxLength
// (in runes), minLength and pattern that fails.
func (v *Validator) checkString(x string, vv *structural.ValueValidation, path string) *result {
	if vv.MaxLength != nil && int64(utf8.RuneCountInString(x)) > *vv.MaxLength {
		return failed(Error{Code: TooLong, Name: path, Value: x, Limit: *vv.MaxLength,
			Message: fmt.Sprintf("%s in body should be at most %d chars long", path, *vv.MaxLength)})
	}
	if vv.MinLength != nil && int64(utf8.RuneCountInString(x)) < *vv.MinLength {
		return failed(Error{Code: Other, Name: path, Value: x,
			Message: fmt.Sprintf("%s in body should be at least %d chars long", path, *vv.MinLength)})
	}
	if vv.Pattern != "" {
		re, err := v.pattern(vv.Pattern)
		if err != nil {
			return failed(Error{Code: Other, Name: path, Value: x,
				Message: fmt.Sprintf("%s in body should match '%s, but pattern is invalid: %s'", path, vv.Pattern, err)})
		}
		if !re.MatchString(x) {
			return failed(Error{Code: Other, Name: path, Value: x,
				Message: fmt.Sprintf("%s in body should match '%s'", path, vv.Pattern)})
		}
	}
	return nil
}

// pattern compiles p once per validator.
func (v *Validator) pattern(p string) (*regexp.Regexp, error) {
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
func checkFormat(x, format, path string) *result {
	if strfmt.Valid(format, x) {
		return nil
	}
	return failed(typeError(path, format, x))
}
