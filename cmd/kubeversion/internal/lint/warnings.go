package lint

import (
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inputs"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/server"
	"github.com/kubeversion/kubeversion/crd"
)

// serverWarning is a warning the API server sends with its answer when
// it accepts the CRD (see crd.WarningsOnCreate), at the line of the field
// it comes from.
type serverWarning struct {
	Line    int    `json:"line"`
	Field   string `json:"field"`
	Message string `json:"message"` // as kubectl prints it after "Warning: "
	// Truncated says that Field or Message was cut (see server.CutMiddle).
	Truncated bool `json:"truncated,omitempty"`
}

// String returns the warning as lint prints it after "file:line: ", for
// example "warning: spec.versions[0]...format: unrecognized format
// "int-or-string"".
func (w serverWarning) String() string {
	return "warning: " + w.Field + ": " + w.Message
}

// addServerWarnings lists the warnings of the API server on creating c,
// or on replacing old by it (which warns only of what old did not have),
// the first server.MaxListed: each message once, as the server's answer
// carries it, at the line of the first field that gives it. They are
// listed whether the server accepts c or not, so that one run shows what
// is left to fix; the server sends them only when it accepts it.
func (r *report) addServerWarnings(loc *inputs.Locator, c, old *crd.CustomResourceDefinition) {
	var ws []crd.Warning
	if old != nil {
		ws = crd.WarningsOnUpdate(c, old)
	} else {
		ws = crd.WarningsOnCreate(c)
	}
	seen := map[string]bool{}
	for _, w := range ws {
		if seen[w.Message] || len(r.ServerWarnings) == server.MaxListed {
			continue
		}
		seen[w.Message] = true
		field, cutField := server.CutMiddle(w.Field)
		msg, cutMsg := server.CutMiddle(w.Message)
		r.ServerWarnings = append(r.ServerWarnings, serverWarning{
			Line: loc.LineOf(w.Path()), Field: field, Message: msg, Truncated: cutField || cutMsg,
		})
	}
}
