package crd

import (
	"strings"

	"github.com/kubeversion/kubeversion/crd/internal/api"
)

// CELChecker judges the x-kubernetes-validations rules of a schema as the
// API server does when a CRD is written: it compiles each rule and message
// expression in the server's CEL environment, checks their types, the use
// of oldSelf and their estimated cost, and the total cost of the schema.
// This package has no checker of its own, since that needs Kubernetes' CEL
// environment: a [Validator] without one leaves the rules unchecked, and
// CountCELRules says how many. The module
// github.com/kubeversion/kubeversion/cel provides one, with Kubernetes'
// code.
//
// A checker is called once per schema that the server compiles rules of:
// only when the schema is structural and its defaults are valid, as the
// server builds its CEL context only then.
type CELChecker interface {
	// CheckCEL returns the errors of the rules of s, in the server's
	// order: each schema's after those below it, and the errors of the
	// schema's total cost last.
	CheckCEL(s *CELSchema) ErrorList

	// DefaultErrors returns every error the server reports of the
	// defaults of s when it runs the rules on them: those of the rules,
	// and the others, which package crd finds itself and drops from the
	// list. It is called before CheckCEL, only for a structural schema,
	// and before package crd checks the defaults: the server's check
	// changes the defaults it reads (it coerces their metadata).
	DefaultErrors(s *CELSchema) ErrorList
}

// CELSchema is an openAPIV3Schema whose rules a [CELChecker] judges, with
// what the API server's judgement depends on. For example, the schema of
// a CRD c that is created with one version, which the server keeps once
// for every version, is
//
//	&CELSchema{Field: "spec.validation.openAPIV3Schema", Schema: c.Spec.Versions[0].Schema.OpenAPIV3Schema, Version: "v1", CRD: c}
type CELSchema struct {
	// Field is the schema's path: "spec.versions[0].schema.openAPIV3Schema",
	// or "spec.validation.openAPIV3Schema" for the schema that every
	// version shares.
	Field string
	// Schema is the schema.
	Schema *JSONSchemaProps
	// Version is the name of its version (the first one for the schema
	// that every version shares): on update, a version whose schema did
	// not change is not held to the limit of each expression's cost.
	Version string
	// CRD is the object checked, as the server sees it.
	CRD *CustomResourceDefinition
	// Old is the live object on update, or nil on create: rules and message
	// expressions already in it compile in the server's environment for
	// stored expressions.
	Old *CustomResourceDefinition
	// RequirePrunedDefaults tells whether defaults must not have unknown
	// fields: on update, not if a schema of the live object has such a
	// default.
	RequirePrunedDefaults bool
	// Invalid reports whether the schema at the path field, or one below
	// it, broke a keyword rule: the server compiles no rule there. Nil
	// means none did.
	Invalid func(field string) bool
}

// invalidBelow returns CELSchema's Invalid for the keyword errors errs:
// whether some error is at field or below it.
func invalidBelow(errs ErrorList) func(string) bool {
	if len(errs) == 0 {
		return nil
	}
	return func(field string) bool {
		for _, e := range errs {
			if rest, ok := strings.CutPrefix(e.Field, field); ok && (rest == "" || rest[0] == '.' || rest[0] == '[') {
				return true
			}
		}
		return false
	}
}

// without returns the errors of list that are not in ours, each as often
// as it is more in list than in ours, compared by message.
func without(list, ours ErrorList) ErrorList {
	if len(list) == 0 {
		return nil
	}
	seen := make(map[string]int, len(ours))
	for _, e := range ours {
		seen[e.Error()]++
	}
	var out ErrorList
	for _, e := range list {
		if msg := e.Error(); seen[msg] > 0 {
			seen[msg]--
		} else {
			out = append(out, e)
		}
	}
	return out
}

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
type CELEvaluator interface {
	// EvaluateCEL returns the errors of the rules of o's schema on o's
	// object, in the server's order, and the warnings of the rules that
	// ratcheting let through. It is called only when the object broke no
	// rule that makes the server skip CEL.
	EvaluateCEL(o *CELObject) (ErrorList, []string)
}

// CELObject is a custom resource whose rules a [CELEvaluator] evaluates,
// with what the result depends on.
type CELObject struct {
	// CRD is the object's CRD, and Version the name of the object's
	// version in it.
	CRD     *CustomResourceDefinition
	Version string
	// Schema is the version's openAPIV3Schema.
	Schema *JSONSchemaProps
	// Object is the object as the server validates it: decoded, pruned
	// and defaulted, in the JSON model of [JSON].
	Object map[string]any
	// Old is the live object on update, in the same version and model,
	// or nil on create.
	Old map[string]any
}
