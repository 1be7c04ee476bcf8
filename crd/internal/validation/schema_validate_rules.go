package validation

import (
	"strings"

	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/field"
)

// validationReasons are the values of reason the API server accepts in
// x-kubernetes-validations, sorted as its error message lists them.
var validationReasons = []string{"FieldValueDuplicate", "FieldValueForbidden", "FieldValueInvalid", "FieldValueRequired"}

// validationReason is the type of a reason in an error value: the API
// server's is a named string type, which prints as JSON, not as %q.
type validationReason string

// checkValidationRules checks the x-kubernetes-validations of s as the API
// server does before it compiles them: rule, message, messageExpression,
// reason and fieldPath. What needs CEL (compiling the rule and the
// messageExpression, their cost, and whether oldSelf may be used) is left
// out; see the package doc. converts tells whether s converts to the
// structural view: as the API server's pathValid, a schema that does not
// accepts any fieldPath.
func checkValidationRules(s *api.JSONSchemaProps, path *field.Path, converts bool) field.ErrorList {
	var errs field.ErrorList
	for i, rule := range s.XValidations {
		at := path.Child("x-kubernetes-validations").Index(i)
		trimmedRule := strings.TrimSpace(rule.Rule)
		trimmedMsg := strings.TrimSpace(rule.Message)
		switch {
		case trimmedRule == "":
			errs = append(errs, field.Required(at.Child("rule"), "rule is not specified"))
		case rule.Message != "" && trimmedMsg == "":
			errs = append(errs, field.Invalid(at.Child("message"), rule.Message, "must be non-empty if specified"))
		case hasNewlines(trimmedMsg):
			errs = append(errs, field.Invalid(at.Child("message"), rule.Message, "must not contain line breaks"))
		case hasNewlines(trimmedRule) && trimmedMsg == "":
			errs = append(errs, field.Required(at.Child("message"), "message must be specified if rule contains line breaks"))
		}
		if rule.MessageExpression != "" && strings.TrimSpace(rule.MessageExpression) == "" {
			errs = append(errs, field.Required(at.Child("messageExpression"), "messageExpression must be non-empty if specified"))
		}
		if rule.Reason != nil && !isValidationReason(*rule.Reason) {
			errs = append(errs, field.NotSupported(at.Child("reason"), validationReason(*rule.Reason), validationReasons...))
		}
		if rule.FieldPath != "" && strings.TrimSpace(rule.FieldPath) == "" {
			errs = append(errs, field.Invalid(at.Child("fieldPath"), rule.FieldPath, "must be non-empty if specified"))
		}
		if hasNewlines(rule.FieldPath) {
			errs = append(errs, field.Invalid(at.Child("fieldPath"), rule.FieldPath, "must not contain line breaks"))
		}
		if rule.FieldPath != "" && converts && !validFieldPath(rule.FieldPath, s) {
			errs = append(errs, field.Invalid(at.Child("fieldPath"), rule.FieldPath, "must be a valid path"))
		}
	}
	return errs
}

func isValidationReason(r string) bool {
	for _, v := range validationReasons {
		if r == v {
			return true
		}
	}
	return false
}

// hasNewlines reports whether s has a line break, \n or \r, which the
// CEL grammar counts as newlines.
func hasNewlines(s string) bool {
	return strings.ContainsAny(s, "\n\r")
}
