package lint

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzLint runs the whole lint pipeline (YAML parsing, decoding, the API
// server's rules, the report) on arbitrary bytes, as a file and as --old
// objects. It must never panic, every CRD it reads must get a report at a
// line, and a verdict says "valid" only when there is no error and every
// rule was checked.
func FuzzLint(f *testing.F) {
	files, _ := filepath.Glob("testdata/manifests/*.yaml")
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("---\n---\nkind: List\nitems: [1, {kind: CustomResourceDefinition}]\n"))
	f.Add([]byte("{\"apiVersion\": \"apiextensions.k8s.io/v1\", \"kind\": \"CustomResourceDefinition\", \"spec\": {\"versions\": [{\"name\": 1}]}}"))
	f.Add([]byte("a: &x [*x]\n"))
	f.Add([]byte("{\"kind\": \"List\", \"items\": [{\"apiVersion\": \"apiextensions.k8s.io/v1\", \"kind\": \"CustomResourceDefinition\"}]}\n{\"a\": 1}"))
	f.Add([]byte("apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinitionList\nitems:\n- spec: {versions: [{name: v1, Served: yes}]}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var l Result
		l.lintData("fuzz.yaml", data)
		for _, r := range l.reports {
			if r.Line < 1 {
				t.Errorf("report of %s at line %d", r.Name, r.Line)
			}
			if r.Verdict != r.verdict() || strings.HasPrefix(r.Verdict, "valid") != (len(r.Errors) == 0 && len(r.NotChecked) == 0 && r.Validated) {
				t.Errorf("report of %s: verdict %q with %d errors, not checked %q, validated %v", r.Name, r.Verdict, len(r.Errors), r.NotChecked, r.Validated)
			}
			for _, e := range r.Errors {
				if e.Line < 1 || e.Message == "" {
					t.Errorf("error %q at line %d", e.Message, e.Line)
				}
			}
		}
		for _, p := range l.problems {
			if p.Message == "" {
				t.Errorf("problem without message at line %d", p.Line)
			}
		}
		// The same objects as live ones: every CRD is checked as an update
		// of itself.
		if old, p := oldObjects("old.yaml", data); p == nil {
			updated := Result{old: old}
			updated.lintData("fuzz.yaml", data)
		}
		var discard nopWriter
		for _, write := range writers {
			if err := write(discard, &l); err != nil {
				t.Errorf("writing the report: %v", err)
			}
		}
	})
}

type nopWriter struct{}

func (nopWriter) Write(p []byte) (int, error) { return len(p), nil }
