package object

import (
	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/field"
)

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
	EvaluateCEL(o *CELObject) (field.ErrorList, []string)
}

// CELObject is a custom resource whose rules a [CELEvaluator] evaluates,
// with what the result depends on.
type CELObject struct {
	// CRD is the object's CRD, and Version the name of the object's
	// version in it.
	CRD     *api.CustomResourceDefinition
	Version string
	// Schema is the version's openAPIV3Schema.
	Schema *api.JSONSchemaProps
	// Object is the object as the server validates it: decoded, pruned
	// and defaulted, in the JSON model of [api.JSON].
	Object map[string]any
	// Old is the live object on update, in the same version and model,
	// or nil on create.
	Old map[string]any
}
