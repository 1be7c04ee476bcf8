package validation

import (
	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/structural"
)

// modeled is a schema with its structural model, built once for all the
// checks of one schema: the wire-level keyword checks read wire, the
// structural rules, the defaults and the selectable fields read model.
// model is nil, and notStructural says why, when the API server's
// NewStructural refuses wire.
type modeled struct {
	wire          *api.JSONSchemaProps
	model         *structural.Structural
	notStructural string
}

// modelOf returns s with its model; a nil s gives a nil model and no
// error.
func modelOf(s *api.JSONSchemaProps) modeled {
	m, msg := structural.New(s, structural.Options{})
	return modeled{wire: s, model: m, notStructural: msg}
}
