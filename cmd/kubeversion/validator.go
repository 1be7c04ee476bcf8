package main

import (
	"github.com/kubeversion/kubeversion/cel"
	"github.com/kubeversion/kubeversion/crd"
)

// validator checks CRDs as the API server does, CEL rules included, with
// Kubernetes' own CEL code.
var validator = crd.Validator{CEL: cel.NewChecker()}
