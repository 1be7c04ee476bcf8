package validate

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestSameObjectTwiceIsAnUpdate checks that an object given twice in
// OBJECTS is judged the second time as `kubectl apply` of both applies
// it: as an update of the first, here one that changes a Deployment's
// immutable selector. An object the server refuses is not stored, so the
// one after it is a create again.
func TestSameObjectTwiceIsAnUpdate(t *testing.T) {
	deployment := func(app string) string {
		return `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector:
    matchLabels: {app: ` + app + `}
  template:
    metadata:
      labels: {app: ` + app + `}
    spec:
      containers:
      - name: web
        image: nginx
`
	}
	path := filepath.Join(t.TempDir(), "twice.yaml")
	input := deployment("web") + "---\n" + deployment("api") + "---\n" + deployment("web") + "---\n" +
		"apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {a: 1}\n---\n" +
		"apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {a: b}\n"
	if err := os.WriteFile(path, []byte(input), 0o644); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	res, err := Run(Options{Paths: []string{path}, Level: FieldStrict, Namespace: "default", Stderr: &stderr})
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ status, operation, live string }{
		{StatusValid, "create", ""},
		{StatusInvalid, "update", path + ":1"},
		{StatusValid, "update", path + ":1"},
		{StatusInvalid, "create", ""}, // data.a is no string: refused, not stored
		{StatusValid, "create", ""},
	}
	if len(res.Reports) != len(want) {
		t.Fatalf("%d reports, want %d", len(res.Reports), len(want))
	}
	for i, w := range want {
		r := res.Reports[i]
		if r.Status != w.status || r.Operation != w.operation || r.Live != w.live {
			t.Errorf("object %d: %s, %s, live %q; want %s on %s, live %q", i+1, r.Status, r.Operation, r.Live, w.status, w.operation, w.live)
		}
	}
	if r := res.Reports[1]; len(r.Errors) != 1 || r.Errors[0].Field != "spec.selector" {
		t.Errorf("second object's errors %+v, want the immutable spec.selector", r.Errors)
	}
}
