package cel

import (
	"context"
	"encoding/json"

	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/model"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"k8s.io/apiserver/pkg/cel/common"
	"k8s.io/apiserver/pkg/warning"

	schemacel "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"

	"github.com/kubeversion/kubeversion/crd"
)

// EvaluateAsServer is EvaluateCEL with the server's validator whole,
// whose walk visits the fields of an object in random order, as
// customResourceStrategy calls it.
func EvaluateAsServer(o *crd.CELObject) (crd.ErrorList, []string, error) {
	data, err := json.Marshal(o.Schema)
	if err != nil {
		return nil, nil, err
	}
	s, err := compileSchema(data, o.CRD.Spec.PreserveUnknownFields)
	if err != nil {
		return nil, nil, err
	}
	v := schemacel.NewValidator(s.structural, true, celconfig.PerCallLimit)
	var w warnings
	ctx := warning.WithWarningRecorder(context.Background(), &w)
	var old any
	var opts []schemacel.Option
	if o.Old != nil {
		old = o.Old
		opts = append(opts, schemacel.WithRatcheting(common.NewCorrelatedObject(o.Object, o.Old, &model.Structural{Structural: s.structural})))
	}
	errs, _ := v.Validate(ctx, nil, s.structural, o.Object, old, celconfig.RuntimeCELCostBudget, opts...)
	return fromFieldErrors(errs), w.texts, nil
}
