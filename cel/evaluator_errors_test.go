package cel

import (
	"errors"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// TestFromFieldErrorPrints checks that an error of the CEL validator
// prints the same as package crd's error it becomes, for every kind of
// error and value the validator gives: a schema's type, each value of
// the JSON model, the omitted value and an internal error.
func TestFromFieldErrorPrints(t *testing.T) {
	path := field.NewPath("spec").Child("ports").Index(1).Key("a b")
	values := []any{
		"object", "with \"quotes\" and \u00e9", "", int64(-3), int64(1) << 62, 2.5, 3.0, 1e21, 1e-7, true, false, nil,
		map[string]any{"b": []any{int64(1), 2.5, "x", true, nil}, "a": map[string]any{}},
		[]any{}, []any{"<&>"}, field.OmitValueType{},
	}
	var errs field.ErrorList
	for _, v := range values {
		errs = append(errs, field.Invalid(path, v, "failed rule: self > 0"), field.Duplicate(path, v), field.TypeInvalid(path, v, "detail"))
	}
	errs = append(errs,
		field.Invalid(nil, "object", "at the root"),
		field.Required(path, "must be false"),
		field.Forbidden(path, "got -1"),
		field.InternalError(path, errors.New("runtime cost could not be calculated")),
		field.NotSupported(path, "x", []string{"a", "b"}),
		field.TooLong(path, "abc", 2),
		field.TooMany(path, 3, 2),
	)
	for _, e := range errs {
		if got, want := fromFieldError(e).Error(), e.Error(); got != want {
			t.Errorf("the error of %#v prints\n%s\nwant\n%s", e.BadValue, got, want)
		}
	}
	if fromFieldErrors(nil) != nil {
		t.Errorf("fromFieldErrors(nil) is not nil")
	}
}
