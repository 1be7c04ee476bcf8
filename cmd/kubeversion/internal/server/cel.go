package server

import (
	"github.com/kubeversion/kubeversion/cel"
	"github.com/kubeversion/kubeversion/crd"
)

// CELEvaluator returns the evaluator of the CEL rules of custom resources
// that validate uses: the API server's of the newest Kubernetes, so that
// no rule goes unevaluated.
func CELEvaluator() crd.CELEvaluator {
	return cel.NewEvaluator()
}
