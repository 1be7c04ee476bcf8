package lint

import (
	"io"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/format"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inputs"
)

// writeJSON writes one JSON document: {"crds": [...], "problems": [...]},
// with "removed": [...] when --old has live objects that no PATH has.
func writeJSON(out io.Writer, l *Result) error {
	doc := struct {
		CRDs     []report         `json:"crds"`
		Problems []inputs.Problem `json:"problems"`
		// Removed are the crd-removed findings, with --old only.
		Removed []removed `json:"removed,omitempty"`
	}{l.reports, l.problems, l.removed}
	if doc.CRDs == nil {
		doc.CRDs = []report{}
	}
	if doc.Problems == nil {
		doc.Problems = []inputs.Problem{}
	}
	return format.WriteJSON(out, doc)
}
