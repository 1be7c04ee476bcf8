package validate

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/server"
)

// TestBuiltinErrorsInTextOrder checks that the errors of a built-in
// object are listed in the order of the text, the same on every run,
// although the server finds the errors of labels by ranging over a map,
// in an order that changes from one request to the next: with more
// errors than are listed, which ones are listed changed too.
func TestBuiltinErrorsInTextOrder(t *testing.T) {
	var text strings.Builder
	text.WriteString("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: bad-labels\n  labels:\n")
	for i := range 30 {
		fmt.Fprintf(&text, "    key%02d: \"-bad %d\"\n", i, i)
	}
	text.WriteString("data:\n  \"not a key\": v1\n  \"also not\": v2\n")
	file := filepath.Join(t.TempDir(), "bad.yaml")
	if err := os.WriteFile(file, []byte(text.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	var first []string
	for run := range 5 {
		res, err := Run(Options{Paths: []string{file}, Level: FieldStrict, Namespace: "default", Stderr: &strings.Builder{}})
		if err != nil {
			t.Fatal(err)
		}
		r := res.Reports[0]
		if r.Status != StatusInvalid || len(r.Errors) == 0 {
			t.Fatalf("report %+v: want invalid, with errors", r)
		}
		var got []string
		for _, e := range r.Errors {
			got = append(got, fmt.Sprintf("%d %s", e.Line, e.Message))
		}
		if !slices.IsSortedFunc(r.Errors, func(a, b server.Error) int { return a.Line - b.Line }) {
			t.Errorf("errors not in the order of the text:\n%s", strings.Join(got, "\n"))
		}
		if run == 0 {
			first = got
		} else if !slices.Equal(got, first) {
			t.Fatalf("run %d listed\n%s\nrun 0 listed\n%s", run, strings.Join(got, "\n"), strings.Join(first, "\n"))
		}
	}
}
