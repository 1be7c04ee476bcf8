package crd

// CountCELRules returns the number of x-kubernetes-validations rules in
// the schemas of c's versions: the CEL rules that this package keeps but
// does not compile, so that a report can say how many were left
// unchecked. For example, a CRD whose spec has one rule
//
//	x-kubernetes-validations: [{rule: "self.replicas >= 0"}]
//
// gives 1. The rules of each version count, even where versions share a
// schema.
func CountCELRules(c *CustomResourceDefinition) int {
	n := 0
	for i := range c.Spec.Versions {
		v := &c.Spec.Versions[i]
		if !v.hasSchema() {
			continue
		}
		walkSchema(v.Schema.OpenAPIV3Schema, func(s *JSONSchemaProps) {
			n += len(s.XValidations)
		})
	}
	return n
}
