package validate

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRun checks Run without the command: the Result of objects and
// their CRD, a run with only CRDs, which is a problem, and --old with two
// live objects of one name, which stops the run.
func TestRun(t *testing.T) {
	in := func(name string) string { return filepath.Join("..", "..", "testdata", "validate", name) }
	var stderr bytes.Buffer
	res, err := Run(Options{Paths: []string{in("valid.yaml")}, CRDPaths: []string{in("crd.yaml")}, Level: FieldStrict, Namespace: "default", Stderr: &stderr})
	if err != nil {
		t.Fatal(err)
	}
	want := Summary{Objects: 2, Valid: 2, CRDs: 1, Builtin: 1, Custom: 1, JudgedBy: "Kubernetes 1.37.2"}
	if res.Summary != want || len(res.Problems) != 0 || stderr.Len() != 0 {
		t.Errorf("summary %+v, problems %v, stderr %q; want %+v and nothing else", res.Summary, res.Problems, stderr.String(), want)
	}
	if r := res.Reports[0]; r.Status != StatusValid || r.Operation != "create" || r.Object == nil {
		t.Errorf("first report %+v: want valid on create, with the object stored", r)
	}

	res, err = Run(Options{Paths: []string{in("crd.yaml")}, Level: FieldStrict, Namespace: "default", Stderr: &stderr})
	if err != nil || len(res.Reports) != 0 || len(res.Problems) != 1 || !strings.Contains(res.Problems[0].Message, "only CustomResourceDefinitions") {
		t.Errorf("only CRDs: %+v, %v", res, err)
	}

	live, err := os.ReadFile(in("live.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = Run(Options{Paths: []string{in("update.yaml")}, CRDPaths: []string{in("crd.yaml")}, OldPaths: []string{"-"},
		Level: FieldStrict, Namespace: "default", Stdin: strings.NewReader(string(live) + "---\n" + string(live)), Stderr: &stderr})
	if err == nil || !strings.HasPrefix(err.Error(), "--old: -:33: a second live object Widget default/gold") {
		t.Errorf("--old with a live object twice: error %v", err)
	}
}
