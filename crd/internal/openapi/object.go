package openapi

import (
	"fmt"
	"maps"
	"slices"

	"github.com/kubeversion/kubeversion/crd/internal/structural"
)

// checkObject is kube-openapi's objectValidator: minProperties,
// maxProperties, the fields additionalProperties forbids or validates,
// the properties, then required.
func (v *Validator) checkObject(x map[string]any, nd node, path string) *result {
	r := &result{}
	vv := nd.vv
	n := int64(len(x))
	if vv.MinProperties != nil && n < *vv.MinProperties {
		r.add(Error{Code: Other, Name: path, Value: n,
			Message: fmt.Sprintf("%s in body should have at least %d properties", path, *vv.MinProperties)})
	}
	if vv.MaxProperties != nil && n > *vv.MaxProperties {
		r.add(Error{Code: TooManyProperties, Name: path, Actual: n, Limit: *vv.MaxProperties,
			Message: fmt.Sprintf("%s in body should have at most %d properties", path, *vv.MaxProperties)})
	}
	if ap := nd.additionalProperties(); ap != nil {
		v.checkAdditional(r, x, nd, ap, path)
	}
	v.checkProperties(r, x, nd, path)
	for _, k := range vv.Required {
		if _, ok := x[k]; !ok {
			r.add(Error{Code: Required, Name: path + "." + k,
				Message: fmt.Sprintf("%s.%s in body is required", path, k)})
		}
	}
	return r
}

// checkAdditional adds to r, for each field of x in sorted order that nd
// has no property for, that additionalProperties ap, false, forbids it,
// or the errors of its schema. Only a schema outside allOf, anyOf, oneOf
// and not has additionalProperties: nd.s is set.
func (v *Validator) checkAdditional(r *result, x map[string]any, nd node, ap *structural.StructuralOrBool, path string) {
	if ap.Structural == nil && ap.Bool {
		return
	}
	for _, k := range slices.Sorted(maps.Keys(x)) {
		if nd.s.Property(k) != nil {
			continue
		}
		if ap.Structural == nil {
			r.add(Error{Code: Other, Name: path, Value: k,
				Message: fmt.Sprintf("%s.%s in body is a forbidden property", path, k)})
		} else {
			r.merge(v.validate(x[k], v.propertyNode(nd, k, ap.Structural, path), path+"."+k))
		}
	}
}

// checkProperties adds to r the errors of the fields of x that nd has a
// property for, in the properties' order.
func (v *Validator) checkProperties(r *result, x map[string]any, nd node, path string) {
	if nd.s != nil {
		for _, p := range nd.s.Properties {
			if val, ok := x[p.Name]; ok {
				r.merge(v.validate(val, v.propertyNode(nd, p.Name, p.Schema, path), childPath(path, p.Name)))
			}
		}
		return
	}
	for _, p := range nd.n.Properties {
		if val, ok := x[p.Name]; ok {
			r.merge(v.validate(val, v.nestedNode(p.Schema), childPath(path, p.Name)))
		}
	}
}

// childPath is the path of the field k of the value at path, as the
// validator writes it: "k" at the root, else "path.k".
func childPath(path, k string) string {
	if path == "" {
		return k
	}
	return path + "." + k
}
