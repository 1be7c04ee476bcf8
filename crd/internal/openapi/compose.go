package openapi

import (
	"fmt"

	"github.com/kubeversion/kubeversion/crd/internal/structural"
)

// checkComposition is kube-openapi's schemaPropsValidator: anyOf, oneOf,
// allOf and not, in that order.
func (v *Validator) checkComposition(x any, vv *structural.ValueValidation, path string) *result {
	main := &result{}
	if len(vv.AnyOf) > 0 {
		v.checkAnyOf(main, x, vv.AnyOf, path)
	}
	if len(vv.OneOf) > 0 {
		v.checkOneOf(main, x, vv.OneOf, path)
	}
	if len(vv.AllOf) > 0 {
		v.checkAllOf(main, x, vv.AllOf, path)
	}
	if vv.Not != nil && v.validate(x, v.nestedNode(vv.Not), path).valid() {
		main.add(Error{Message: fmt.Sprintf("%q must not validate the schema (not)", path)})
	}
	main.match++
	return main
}

// checkAnyOf adds to main what anyOf finds: when no branch is valid, the
// errors of the branch with the most matches (the first of equals); else
// the matches of the first valid branch.
func (v *Validator) checkAnyOf(main *result, x any, anyOf []structural.Nested, path string) {
	var best, first *result
	ok := false
	for i := range anyOf {
		r := v.validate(x, v.nestedNode(&anyOf[i]), path)
		if r.valid() {
			best, ok, first = nil, true, r
			break
		}
		if best == nil || r.match > best.match {
			best = r
		}
	}
	if !ok {
		main.add(Error{Message: fmt.Sprintf("%q must validate at least one schema (anyOf)", path)})
	}
	if best != nil {
		main.merge(best)
	} else {
		main.merge(first)
	}
}

// checkOneOf adds to main what oneOf finds: with exactly one valid
// branch, its matches; with none, the errors of the branch with the most
// matches; with several, the errors of the best branch that failed
// before the first valid one.
func (v *Validator) checkOneOf(main *result, x any, oneOf []structural.Nested, path string) {
	var best, first *result
	valid := 0
	for i := range oneOf {
		r := v.validate(x, v.nestedNode(&oneOf[i]), path)
		if r.valid() {
			valid++
			best = nil
			if first == nil {
				first = r
			}
			continue
		}
		if valid == 0 && (best == nil || r.match > best.match) {
			best = r
		}
	}
	switch valid {
	case 1:
		main.merge(first)
	case 0:
		main.add(Error{Message: fmt.Sprintf("%q must validate one and only one schema (oneOf). Found none valid", path)})
		main.merge(best)
	default:
		main.add(Error{Message: fmt.Sprintf("%q must validate one and only one schema (oneOf). Found %d valid alternatives", path, valid)})
		main.merge(best)
	}
}

// checkAllOf adds to main the errors and matches of every branch of
// allOf, then whether some failed.
func (v *Validator) checkAllOf(main *result, x any, allOf []structural.Nested, path string) {
	valid := 0
	for i := range allOf {
		r := v.validate(x, v.nestedNode(&allOf[i]), path)
		if r.valid() {
			valid++
		}
		main.merge(r)
	}
	if valid != len(allOf) {
		more := ""
		if valid == 0 {
			more = ". None validated"
		}
		main.add(Error{Message: fmt.Sprintf("%q must validate all the schemas (allOf)%s", path, more)})
	}
}
