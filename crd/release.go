package crd

import (
	"strconv"

	"github.com/kubeversion/kubeversion/crd/internal/api"
)

// Requirement says that a field of a CRD needs Kubernetes 1.Minor or later:
// older API servers reject it or drop it. For example, selectableFields
// needs 1.31:
//
//	Requirement{Field: "spec.versions[0].selectableFields", Minor: 31, Reason: "..."}
type Requirement struct {
	Field  string // as in errors: spec.versions[0].selectableFields
	Minor  int    // the oldest release that accepts the field as written is 1.Minor
	Reason string // why, for example the feature gate that older releases keep off
}

// String returns "needs Kubernetes 1.Minor or later: Reason".
func (r Requirement) String() string {
	return "needs Kubernetes 1." + strconv.Itoa(r.Minor) + " or later: " + r.Reason
}

// Requirements returns the fields of c that API servers older than a
// release drop when they store the CRD, because the feature of the field
// is off by default there (the registry strategy's dropDisabledFields):
//
//   - selectableFields needs 1.31, where CustomResourceFieldSelectors is on
//     by default (alpha and off in 1.30);
//   - optionalOldSelf: true needs 1.30, where CRDValidationRatcheting is on by
//     default (alpha and off in 1.28 and 1.29).
//
// Such a server keeps the field only on an update of an object that has it
// already. The feature gates' releases are those of
// k8s.io/apiextensions-apiserver v0.37.2. The CEL libraries a rule needs
// are not in scope: package cel of this module's cel/ finds those.
func Requirements(c *CustomResourceDefinition) []Requirement {
	var out []Requirement
	for i := range c.Spec.Versions {
		v := &c.Spec.Versions[i]
		at := "spec.versions[" + strconv.Itoa(i) + "]"
		if len(v.SelectableFields) > 0 {
			out = append(out, Requirement{Field: at + ".selectableFields", Minor: 31,
				Reason: "older releases drop selectableFields (feature CustomResourceFieldSelectors, on by default from 1.31)"})
		}
		if v.Schema != nil && hasOptionalOldSelf(v.Schema.OpenAPIV3Schema) {
			out = append(out, optionalOldSelf(v.Schema.OpenAPIV3Schema, at+".schema.openAPIV3Schema")...)
		}
	}
	return out
}

// hasOptionalOldSelf reports whether a rule of s or of a schema below it
// sets optionalOldSelf to true, without allocating.
func hasOptionalOldSelf(s *JSONSchemaProps) bool {
	found := false
	api.WalkSchema(s, func(s *JSONSchemaProps) {
		for _, r := range s.XValidations {
			found = found || r.OptionalOldSelf != nil && *r.OptionalOldSelf
		}
	})
	return found
}

// optionalOldSelf returns a Requirement for each rule of s, at path, or
// below it that sets optionalOldSelf to true, in the order of the server's walk:
// additionalProperties, properties by name, items.
func optionalOldSelf(s *JSONSchemaProps, path string) []Requirement {
	if s == nil {
		return nil
	}
	var out []Requirement
	for i, r := range s.XValidations {
		if r.OptionalOldSelf != nil && *r.OptionalOldSelf { // false is the same without
			out = append(out, Requirement{Field: path + ".x-kubernetes-validations[" + strconv.Itoa(i) + "].optionalOldSelf", Minor: 30,
				Reason: "older releases drop optionalOldSelf (feature CRDValidationRatcheting, on by default from 1.30)"})
		}
	}
	if s.AdditionalProperties != nil {
		out = append(out, optionalOldSelf(s.AdditionalProperties.Schema, path+".additionalProperties")...)
	}
	for _, name := range api.SortedKeys(s.Properties) {
		p := s.Properties[name]
		out = append(out, optionalOldSelf(&p, path+".properties["+name+"]")...)
	}
	if s.Items != nil {
		out = append(out, optionalOldSelf(s.Items.Schema, path+".items")...)
		for i := range s.Items.JSONSchemas {
			out = append(out, optionalOldSelf(&s.Items.JSONSchemas[i], path+".items["+strconv.Itoa(i)+"]")...)
		}
	}
	return out
}
