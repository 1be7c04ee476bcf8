package server

import (
	"github.com/kubeversion/kubeversion/cel"
	"github.com/kubeversion/kubeversion/crd"
)

// Judge is how lint judges CRDs: with the CEL environment of one
// Kubernetes release, given by --kubernetes-version or the newest.
type Judge struct {
	Checker   *cel.Checker
	Validator crd.Validator
	Given     int // the minor release of --kubernetes-version, or 0
}

// Newest judges with the newest release, without --kubernetes-version.
var Newest = NewJudge(cel.NewChecker(), 0)

func NewJudge(c *cel.Checker, given int) *Judge {
	return &Judge{Checker: c, Validator: crd.Validator{CEL: c}, Given: given}
}
