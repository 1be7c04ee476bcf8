package crd

// ObjectResult is what the API server answers to a custom resource that
// is created or updated, and what it stores. For example, the object
//
//	{"apiVersion": "example.com/v1", "kind": "Widget", "metadata": {"name": "w"}, "spec": {"replicas": -1, "colour": "red"}}
//
// of a CRD whose schema has spec.replicas with minimum 0 and no colour
// gives Strict [unknown field "spec.colour"] and the error
//
//	spec.replicas: Invalid value: -1: spec.replicas in body should be greater than or equal to 0
type ObjectResult struct {
	// Strict lists the unknown and duplicate fields, which a request with
	// fieldValidation=Strict (kubectl's default) is refused for, alone,
	// before validation. With fieldValidation=Warn they become warnings
	// and the request goes on; with Ignore it goes on silently. Errors,
	// Warnings and Object are what follows in those two cases.
	Strict []StrictField
	// Errors are the field errors of validation, in the server's order,
	// except that errors of sibling fields, which the server reports in
	// random order, are in sorted order.
	Errors ErrorList
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
	// [ObjectValidator] has no CEL evaluator; 0 with one.
	UncheckedRules int
}

// ObjectValidator checks custom resources as [ValidateObject] and
// [ValidateObjectUpdate] do and, with CEL not nil, evaluates the CEL rules
// of their schemas too. The zero ObjectValidator leaves the rules
// unevaluated and counts them in [ObjectResult.UncheckedRules]; see
// [NewObjectValidator] for one that validates many objects faster. The module
// github.com/kubeversion/kubeversion/cel provides an evaluator, with
// Kubernetes' code.
type ObjectValidator struct {
	CEL CELEvaluator

	servings *servingCache // see NewObjectValidator
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
// object as JSON (in any version c stores), by obj.
func ValidateObjectUpdate(c *CustomResourceDefinition, obj, old []byte) (*ObjectResult, error) {
	return ObjectValidator{}.ValidateObjectUpdate(c, obj, old)
}

// ValidateObject is [ValidateObject] with v's CEL evaluator.
func (v ObjectValidator) ValidateObject(c *CustomResourceDefinition, obj []byte) (*ObjectResult, error) {
	return v.validate(c, obj, nil)
}

// ValidateObjectUpdate is [ValidateObjectUpdate] with v's CEL evaluator.
func (v ObjectValidator) ValidateObjectUpdate(c *CustomResourceDefinition, obj, old []byte) (*ObjectResult, error) {
	return v.validate(c, obj, old)
}
