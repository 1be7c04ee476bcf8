package crd

import (
	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/object"
)

// CountCELRules returns the number of x-kubernetes-validations rules in
// the schemas of c's versions: the CEL rules that a [Validator] without a
// [CELChecker] keeps but does not compile, so that a report can say how
// many were left unchecked. For example, a CRD whose spec has one rule
//
//	x-kubernetes-validations: [{rule: "self.replicas >= 0"}]
//
// gives 1. The rules of each version count, even where versions share a
// schema.
func CountCELRules(c *CustomResourceDefinition) int {
	n := 0
	for i := range c.Spec.Versions {
		v := &c.Spec.Versions[i]
		if !api.HasSchema(v) {
			continue
		}
		api.WalkSchema(v.Schema.OpenAPIV3Schema, func(s *JSONSchemaProps) {
			n += len(s.XValidations)
		})
	}
	return n
}

// CELEvaluator evaluates the x-kubernetes-validations rules of a custom
// resource's schema as the API server does when the resource is created
// or updated: with the runtime cost budget, messageExpression, reason and
// fieldPath, transition rules with oldSelf on update, and ratcheting (an
// unchanged value that breaks a rule passes, with a warning). This
// package has no evaluator of its own, since that needs Kubernetes' CEL
// environment; the module github.com/kubeversion/kubeversion/cel
// provides one.
type CELEvaluator = object.CELEvaluator

// CELObject is a custom resource whose rules a [CELEvaluator] evaluates,
// with what the result depends on.
type CELObject = object.CELObject
