package validation

import (
	"strings"

	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/field"
)

// CELChecker judges the x-kubernetes-validations rules of a schema as the
// API server does when a CRD is written: it compiles each rule and message
// expression in the server's CEL environment, checks their types, the use
// of oldSelf and their estimated cost, and the total cost of the schema.
// This package has no checker of its own, since that needs Kubernetes' CEL
// environment: a crd.Validator without one leaves the rules unchecked, and
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
	CheckCEL(s *CELSchema) field.ErrorList

	// DefaultErrors returns every error the server reports of the
	// defaults of s when it runs the rules on them: those of the rules,
	// and the others, which package crd finds itself and drops from the
	// list. It is called before CheckCEL, only for a structural schema,
	// and before package crd checks the defaults: the server's check
	// changes the defaults it reads (it coerces their metadata).
	DefaultErrors(s *CELSchema) field.ErrorList
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
	Schema *api.JSONSchemaProps
	// Version is the name of its version (the first one for the schema
	// that every version shares): on update, a version whose schema did
	// not change is not held to the limit of each expression's cost.
	Version string
	// CRD is the object checked, as the server sees it.
	CRD *api.CustomResourceDefinition
	// Old is the live object on update, or nil on create: rules and message
	// expressions already in it compile in the server's environment for
	// stored expressions.
	Old *api.CustomResourceDefinition
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
func invalidBelow(errs field.ErrorList) func(string) bool {
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
func without(list, ours field.ErrorList) field.ErrorList {
	if len(list) == 0 {
		return nil
	}
	seen := make(map[string]int, len(ours))
	for _, e := range ours {
		seen[e.Error()]++
	}
	var out field.ErrorList
	for _, e := range list {
		if msg := e.Error(); seen[msg] > 0 {
			seen[msg]--
		} else {
			out = append(out, e)
		}
	}
	return out
}
