package inputs

import (
	"io"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/diag"
)

// WriteProblems writes each problem, "file:line: message", on a line of
// its own through diag.TextLine: the messages quote the input.
func WriteProblems(w io.Writer, problems []Problem) {
	for _, p := range problems {
		io.WriteString(w, diag.TextLine(p.String())+"\n")
	}
}
