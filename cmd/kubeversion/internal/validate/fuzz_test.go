package validate

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// FuzzValidate judges streams of objects and CRDs together, in any
// order, and checks what must hold of any input: no panic; one report
// per object, each with a status and a verdict, counted once in the
// summary; the same reports from a second run, one object at a time
// where the first judged several at once (judging is deterministic,
// whatever waited in the spool); and -o json that is one JSON document. Its seeds are the command's validate test data. Run it
// by hand for long: go test -run '^$' -fuzz FuzzValidate ./cmd/kubeversion/internal/validate
func FuzzValidate(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "validate", "*.yaml"))
	for _, seed := range seeds {
		data, err := os.ReadFile(seed)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec: {size: small}\n---\n" + widgetCRD(f) + "\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec: {size: 3}\n"))
	f.Fuzz(func(t *testing.T, input []byte) {
		if len(input) > 64<<10 {
			return // the cost is that of each object, not of the stream
		}
		path := filepath.Join(t.TempDir(), "objects.yaml")
		if err := os.WriteFile(path, input, 0o644); err != nil {
			t.Fatal(err)
		}
		opts := Options{Paths: []string{path}, Level: FieldStrict, Namespace: "default", Stderr: io.Discard}
		opts.Workers = 4
		first, err := Run(opts)
		if err != nil {
			t.Fatal(err) // only --old makes an error
		}
		var counted Summary
		for _, r := range first.Reports {
			if r.Status == "" || r.Verdict == "" {
				t.Errorf("a report without status or verdict: %+v", r)
			}
			counted.add(r)
		}
		counted.CRDs, counted.JudgedBy = first.Summary.CRDs, first.Summary.JudgedBy
		if counted != first.Summary {
			t.Errorf("summary %+v, but the reports count %+v", first.Summary, counted)
		}
		var out bytes.Buffer
		w, _ := NewWriter("json", &out, "", false)
		one := opts
		one.Workers = 1 // the first run judged several objects at once
		second, err := Stream(one, func(r ObjectReport) error { return w.Object(r) })
		if err != nil {
			t.Fatal(err)
		}
		if err := w.End(second); err != nil {
			t.Fatal(err)
		}
		var doc struct{ Objects []ObjectReport }
		if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
			t.Fatalf("-o json is no JSON document: %v", err)
		}
		if len(doc.Objects) != len(first.Reports) || second.Summary != first.Summary {
			t.Fatalf("a second run: %d objects, %+v; the first: %d, %+v", len(doc.Objects), second.Summary, len(first.Reports), first.Summary)
		}
		for i, r := range doc.Objects {
			if f := first.Reports[i]; r.Verdict != f.Verdict || r.File != f.File || r.Line != f.Line {
				t.Errorf("object %d: %q at %d in a second run, %q at %d in the first", i, r.Verdict, r.Line, f.Verdict, f.Line)
			}
		}
	})
}
