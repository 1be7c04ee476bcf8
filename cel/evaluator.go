package cel

import (
	"context"

	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/model"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"k8s.io/apiserver/pkg/cel/common"
	"k8s.io/apiserver/pkg/warning"

	"github.com/kubeversion/kubeversion/crd"
)

// Evaluator evaluates the x-kubernetes-validations rules of custom
// resources as the API server does; see the package doc. It is a
// crd.CELEvaluator: give it to crd.ObjectValidator. The zero Evaluator is
// ready to use, and an Evaluator may be used by several goroutines at
// once. For example:
//
//	v := crd.ObjectValidator{CEL: cel.NewEvaluator()}
//	result, err := v.ValidateObject(c, obj)
//
// An Evaluator compiles the rules of a schema once and keeps them, by the
// schema's address and by its content: a schema must not change while an
// Evaluator is in use, or the Evaluator may go on evaluating its old rules.
type Evaluator struct {
	validators validatorCache
}

// NewEvaluator returns an Evaluator, the API server's of Kubernetes 1.37
// (Newest).
func NewEvaluator() *Evaluator {
	return &Evaluator{}
}

// EvaluateCEL returns the errors of the rules of o.Schema on o.Object, and
// the warnings of the errors that ratcheting let through, as the API
// server's customResourceStrategy gets them when it creates o.Object (o.Old
// nil) or updates o.Old with it: from the CEL validator of the version's
// structural schema, with the runtime cost budget of a custom resource,
// and the warnings that validator adds to the request, in order. For
// example, the rule "self.replicas >= 0" on the spec of an object whose
// spec.replicas is -1 gives the error
//
//	spec: Invalid value: failed rule: self.replicas >= 0
//
// and, on update, the same message as a warning instead if the live
// object's spec is the same. A rule at the root reports at "<nil>", as
// the server does.
//
// The server visits the fields of an object in random order: the order of
// the errors of sibling fields, and which rules run before the cost budget
// runs out, change from one request to the next. EvaluateCEL visits them
// in sorted order, and so gives one of the server's answers every time,
// the same one.
//
// The server's recorder of warnings drops a warning that the request
// already has, and shortens them past 4096 characters in all: the
// warnings here are every one the validator adds.
//
// A schema the server cannot serve, which package crd does not let a CRD
// have, gives an internal error; no schema, or one without rules, gives
// nothing.
func (e *Evaluator) EvaluateCEL(o *crd.CELObject) (crd.ErrorList, []string) {
	if o == nil || o.Schema == nil {
		return nil, nil
	}
	preserveUnknownFields := o.CRD != nil && o.CRD.Spec.PreserveUnknownFields
	v, err := e.validators.get(o.Schema, preserveUnknownFields)
	if err != nil {
		return crd.ErrorList{{Type: crd.ErrorTypeInternal, Field: "", Detail: err.Error()}}, nil
	}
	if v.validator == nil {
		return nil, nil
	}
	var w warnings
	ctx := warning.WithWarningRecorder(context.Background(), &w)
	var (
		old any // nil on create, not a nil map
		r   ratchet
	)
	if o.Old != nil {
		old = o.Old
		// The CRDValidationRatcheting gate is locked on since Kubernetes
		// 1.33.
		r.current = common.NewCorrelatedObject(o.Object, o.Old, &model.Structural{Structural: v.structural})
	}
	errs, _ := v.validator.validate(ctx, nil, o.Object, old, r, celconfig.RuntimeCELCostBudget)
	return fromFieldErrors(errs), w.texts
}
