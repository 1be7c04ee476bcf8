package crd

import "github.com/kubeversion/kubeversion/crd/internal/object"

// ObjectResult is what the API server answers to a custom resource that
// is created or updated, and what it stores. For example, the object
//
//	{"apiVersion": "example.com/v1", "kind": "Widget", "metadata": {"name": "w"}, "spec": {"replicas": -1, "colour": "red"}}
//
// of a CRD whose schema has spec.replicas with minimum 0 and no colour
// gives Strict [unknown field "spec.colour"] and the error
//
//	spec.replicas: Invalid value: -1: spec.replicas in body should be greater than or equal to 0
type ObjectResult = object.Result

// ObjectValidator checks custom resources as [ValidateObject] and
// [ValidateObjectUpdate] do and, with CEL not nil, evaluates the CEL rules
// of their schemas too. The zero ObjectValidator leaves the rules
// unevaluated and counts them in [ObjectResult.UncheckedRules]; see
// [NewObjectValidator] for one that validates many objects faster. The module
// github.com/kubeversion/kubeversion/cel provides an evaluator, with
// Kubernetes' code.
type ObjectValidator struct {
	CEL CELEvaluator

	servings *object.ServingCache // see NewObjectValidator
}

// NewObjectValidator returns an ObjectValidator with the CEL evaluator
// cel (nil for none) that keeps what it builds to serve a CRD's version
// (the structural model of its schema, its compiled patterns), by the
// CRD's address, so that validating many objects of one CRD builds them
// once: an ObjectValidator{CEL: cel} builds them on every call. A CRD
// must not change while such a validator is in use. It is safe for
// concurrent use, as the zero ObjectValidator is. For example:
//
//	v := crd.NewObjectValidator(nil)
//	for _, obj := range objects {
//		res, err := v.ValidateObject(c, obj)
//		...
//	}
func NewObjectValidator(cel CELEvaluator) ObjectValidator {
	return ObjectValidator{CEL: cel, servings: object.NewServingCache()}
}

// ValidateObject returns what the API server answers, and stores, when
// obj, a custom resource as JSON, is created as an object of c: the
// version is the one obj's apiVersion names. The error reports what is
// not a validation error: a CRD that cannot serve obj (another group or
// kind, a version that is not served), JSON that does not decode, or
// metadata of the wrong shape, with the server's message. CEL rules are
// not evaluated: see [ObjectValidator].
func ValidateObject(c *CustomResourceDefinition, obj []byte) (*ObjectResult, error) {
	return ObjectValidator{}.ValidateObject(c, obj)
}

// ValidateObjectUpdate is [ValidateObject] for an update of old, the live
// object as JSON (in any version c stores), by obj. An error about old
// (it does not decode, or cannot be converted to obj's version without
// the CRD's conversion webhook) wraps [ErrLiveObject].
func ValidateObjectUpdate(c *CustomResourceDefinition, obj, old []byte) (*ObjectResult, error) {
	return ObjectValidator{}.ValidateObjectUpdate(c, obj, old)
}

// ValidateObject is [ValidateObject] with v's CEL evaluator.
func (v ObjectValidator) ValidateObject(c *CustomResourceDefinition, obj []byte) (*ObjectResult, error) {
	return v.engine().Validate(c, obj, nil)
}

// ValidateObjectUpdate is [ValidateObjectUpdate] with v's CEL evaluator.
func (v ObjectValidator) ValidateObjectUpdate(c *CustomResourceDefinition, obj, old []byte) (*ObjectResult, error) {
	return v.engine().Validate(c, obj, old)
}

// ErrLiveObject is wrapped by the error of [ValidateObjectUpdate] when
// the live object, not the new one, is at fault: it does not decode, or
// it cannot be converted to the new object's version (a webhook
// conversion). Its message is "old: " and the reason.
var ErrLiveObject = object.ErrOld

// engine is the object handler with v's evaluator and cache.
func (v ObjectValidator) engine() object.Validator {
	return object.Validator{CEL: v.CEL, Servings: v.servings, Deprecation: DeprecationWarning}
}
