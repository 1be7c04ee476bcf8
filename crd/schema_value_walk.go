package crd

import (
	"fmt"

	"github.com/kubeversion/kubeversion/internal/jsonvalue"
)

// checkComposition is kube-openapi's schemaPropsValidator: anyOf, oneOf,
// allOf and not, in that order. A failing anyOf or oneOf reports the
// errors of its branch with the most matches (the first of equals).
func (v *valueValidator) checkComposition(x any, s *JSONSchemaProps, path string) *valueResult {
	main := &valueResult{}
	if len(s.AnyOf) > 0 {
		var best, first *valueResult
		ok := false
		for i := range s.AnyOf {
			r := v.validate(x, &s.AnyOf[i], path, true)
			if r.valid() {
				best, ok, first = nil, true, r
				break
			}
			if best == nil || r.match > best.match {
				best = r
			}
		}
		if !ok {
			main.add(valueError{msg: fmt.Sprintf("%q must validate at least one schema (anyOf)", path)})
		}
		if best != nil {
			main.merge(best)
		} else {
			main.merge(first)
		}
	}
	if len(s.OneOf) > 0 {
		var best, first *valueResult
		valid := 0
		for i := range s.OneOf {
			r := v.validate(x, &s.OneOf[i], path, true)
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
			main.add(valueError{msg: fmt.Sprintf("%q must validate one and only one schema (oneOf). Found none valid", path)})
			main.merge(best)
		default:
			main.add(valueError{msg: fmt.Sprintf("%q must validate one and only one schema (oneOf). Found %d valid alternatives", path, valid)})
			main.merge(best)
		}
	}
	if len(s.AllOf) > 0 {
		valid := 0
		for i := range s.AllOf {
			r := v.validate(x, &s.AllOf[i], path, true)
			if r.valid() {
				valid++
			}
			main.merge(r)
		}
		if valid != len(s.AllOf) {
			more := ""
			if valid == 0 {
				more = ". None validated"
			}
			main.add(valueError{msg: fmt.Sprintf("%q must validate all the schemas (allOf)%s", path, more)})
		}
	}
	if s.Not != nil && v.validate(x, s.Not, path, true).valid() {
		main.add(valueError{msg: fmt.Sprintf("%q must not validate the schema (not)", path)})
	}
	main.match++
	return main
}

// checkList is kube-openapi's schemaSliceValidator: the items, then
// minItems, maxItems and uniqueItems.
func (v *valueValidator) checkList(x []any, s *JSONSchemaProps, path string, nested bool) *valueResult {
	r := &valueResult{}
	if items := itemsSchema(s); items != nil {
		for i, e := range x {
			r.merge(v.validate(e, items, fmt.Sprintf("%s[%d]", path, i), nested))
		}
	}
	size := int64(len(x))
	if s.MinItems != nil && size < *s.MinItems {
		r.add(valueError{code: codeOther, name: path, value: size,
			msg: fmt.Sprintf("%s in body should have at least %d items", path, *s.MinItems)})
	}
	if s.MaxItems != nil && size > *s.MaxItems {
		r.add(valueError{code: codeMaxItems, name: path, actual: size, limit: *s.MaxItems,
			msg: fmt.Sprintf("%s in body should have at most %d items", path, *s.MaxItems)})
	}
	if s.UniqueItems && hasDuplicates(x) {
		r.add(valueError{code: codeOther, name: path,
			msg: fmt.Sprintf("%s in body shouldn't contain duplicates", path)})
	}
	r.match++
	return r
}

// hasDuplicates reports whether two items of x are deeply equal. Like the
// server's check, it compares every pair.
func hasDuplicates(x []any) bool {
	for i := range x {
		for j := range i {
			if jsonvalue.Equal(x[j], x[i]) {
				return true
			}
		}
	}
	return false
}

// checkObject is kube-openapi's objectValidator: minProperties,
// maxProperties, the fields additionalProperties forbids or validates,
// the properties, then required.
func (v *valueValidator) checkObject(x map[string]any, s *JSONSchemaProps, path string, nested bool) *valueResult {
	r := &valueResult{}
	n := int64(len(x))
	if s.MinProperties != nil && n < *s.MinProperties {
		r.add(valueError{code: codeOther, name: path, value: n,
			msg: fmt.Sprintf("%s in body should have at least %d properties", path, *s.MinProperties)})
	}
	if s.MaxProperties != nil && n > *s.MaxProperties {
		r.add(valueError{code: codeTooManyProperties, name: path, actual: n, limit: *s.MaxProperties,
			msg: fmt.Sprintf("%s in body should have at most %d properties", path, *s.MaxProperties)})
	}
	keys := sortedKeys(x)
	ap := s.AdditionalProperties
	if v.structural && nested {
		// NestedValueValidation.toKubeOpenAPI drops additionalProperties.
		ap = nil
	}
	switch {
	case ap != nil && !ap.Allows && ap.Schema == nil:
		for _, k := range keys {
			if _, ok := s.Properties[k]; !ok {
				r.add(valueError{code: codeOther, name: path, value: k,
					msg: fmt.Sprintf("%s.%s in body is a forbidden property", path, k)})
			}
		}
	case ap != nil && ap.Schema != nil:
		for _, k := range keys {
			if _, ok := s.Properties[k]; !ok {
				r.merge(v.validate(x[k], ap.Schema, path+"."+k, nested))
			}
		}
	}
	for _, name := range sortedKeys(s.Properties) {
		if val, ok := x[name]; ok {
			sub := s.Properties[name]
			p := name
			if path != "" {
				p = path + "." + name
			}
			r.merge(v.validate(val, &sub, p, nested))
		}
	}
	for _, k := range s.Required {
		if _, ok := x[k]; !ok {
			r.add(valueError{code: codeRequired, name: path + "." + k,
				msg: fmt.Sprintf("%s.%s in body is required", path, k)})
		}
	}
	return r
}
