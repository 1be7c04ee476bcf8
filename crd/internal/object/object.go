package object

import (
	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/field"
)

// Result is what the API server answers to a custom resource that
// is created or updated, and what it stores. For example, the object
//
//	{"apiVersion": "example.com/v1", "kind": "Widget", "metadata": {"name": "w"}, "spec": {"replicas": -1, "colour": "red"}}
//
// of a CRD whose schema has spec.replicas with minimum 0 and no colour
// gives Strict [unknown field "spec.colour"] and the error
//
//	spec.replicas: Invalid value: -1: spec.replicas in body should be greater than or equal to 0
type Result struct {
	// Strict lists the unknown and duplicate fields, which a request with
	// fieldValidation=Strict (kubectl's default) is refused for, alone,
	// before validation. With fieldValidation=Warn they become warnings
	// and the request goes on; with Ignore it goes on silently. Errors,
	// Warnings and Object are what follows in those two cases.
	Strict []api.StrictField
	// Errors are the field errors of validation, in the server's order,
	// except that errors of sibling fields, which the server reports in
	// random order, are in sorted order.
	Errors field.ErrorList
	// Warnings are the warnings of the response, in the server's order:
	// the deprecation of the version, the errors of CEL rules that
	// ratcheting let through, then the finalizer names that are not
	// domain-qualified. The unknown fields of Strict are not among them.
	Warnings []string
	// Object is the object the server stores when Errors is empty:
	// defaulted and pruned, with its generation and, on update, the
	// status and the system fields of the live object. It lacks what is
	// no function of the input: on create the uid and creationTimestamp
	// the server fills in, and the resourceVersion etcd gives. Its
	// managedFields are those sent, which the server's field manager
	// rewrites.
	Object map[string]any
	// UncheckedRules is the number of x-kubernetes-validations rules of
	// the version's schema that were not evaluated because the
	// crd.ObjectValidator has no CEL evaluator; 0 with one.
	UncheckedRules int
}

// Validator checks custom resources as crd.ObjectValidator documents.
// The zero Validator has no CEL evaluator, no cache and no deprecation
// warnings.
type Validator struct {
	// CEL evaluates the CEL rules of the schemas; nil leaves them
	// unevaluated and counted in Result.UncheckedRules.
	CEL CELEvaluator
	// Servings is the cache of what serving a version needs; nil builds
	// it on every call.
	Servings *ServingCache
	// Deprecation returns the warning of a deprecated version, as
	// crd.DeprecationWarning.
	Deprecation func(c *api.CustomResourceDefinition, version string) (string, bool)
}
