package inputs

import "testing"

func TestValidateObjectLocator(t *testing.T) {
	text := `apiVersion: example.com/v1
kind: Widget
metadata:
  name: w
  labels:
    app.kubernetes.io/name: w
spec:
  version: "1.2"
  validation: strict
  items:
  - name: a
  - name: b
    port: 80
`
	objects, p := ReadObjects("w.yaml", []byte(text))
	if p != nil {
		t.Fatal(p)
	}
	// ReadObjects keeps no text for an object that is not a CRD: give it.
	o := objects[0]
	o.text = &lazyNode{d: document{text: []byte(text), line: 1}}
	for _, tt := range []struct {
		path string
		line int
	}{
		{"spec.version", 8}, // a field of the object, not a CRD's spec.versions
		{"spec.validation", 9},
		{"spec.items[1].port", 13},
		{"spec.items[1]", 12},
		{"spec.items[5].name", 10},
		{"metadata.labels[app.kubernetes.io/name]", 6},
		{"metadata.labels['app.kubernetes.io/name']", 6},
		{"spec.missing", 7},
		{"<nil>", 1},
		{"", 1},
	} {
		if got := NewLocator(o).ObjectLine(tt.path); got != tt.line {
			t.Errorf("line(%q) = %d, want %d", tt.path, got, tt.line)
		}
	}
}
