package audit

import (
	"context"
	"strings"
	"testing"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// TestOldVersionWriters: objects written through a deprecated CRD version
// keep that version in their managedFields entry (an entry needs a field
// of the manager's: a label), and audit names the manager that wrote
// them, with how many, reading them in pages of 2; once the version is no
// longer served, the finding is an error. Objects written through v1 by
// another manager are not counted.
func TestOldVersionWriters(t *testing.T) {
	t.Parallel()
	s := start(t)
	c := crd("writers.example.com", "gadgets")
	c.Spec.Versions[0].Deprecated = true
	s.create(c)
	write := func(version, manager string, n int) {
		t.Helper()
		r := s.dyn.Resource(schema.GroupVersionResource{Group: c.Spec.Group, Version: version, Resource: "gadgets"}).Namespace("default")
		for i := range n {
			obj := &unstructured.Unstructured{Object: map[string]any{
				"apiVersion": c.Spec.Group + "/" + version, "kind": c.Spec.Names.Kind,
				"metadata": map[string]any{"name": manager + "-" + string(rune('a'+i)), "labels": map[string]any{"app": "demo"}},
			}}
			if _, err := r.Create(context.Background(), obj, metav1.CreateOptions{FieldManager: manager}); err != nil {
				t.Fatal(err)
			}
		}
	}
	write("v1beta1", "legacy-tool", 3)
	write("v1", "new-tool", 2)

	const subject = "writers.example.com/v1beta1 Gadget"
	r := s.audit(nil, Options{PageSize: 2})
	fs := findings(r, subject)
	want := `3 objects hold fields that the manager "legacy-tool" (Update) wrote through it, such as default/legacy-tool-a: writers.example.com/v1beta1 Gadget is deprecated; use writers.example.com/v1 Gadget`
	if len(fs) != 1 || fs[0].Check != CheckOldVersionWritten || fs[0].Level != Warning || fs[0].Message != want {
		t.Fatalf("findings %+v, want one %s warning: %s", fs, CheckOldVersionWritten, want)
	}
	if src := source(t, r, "managedFields"); !src.Read || !strings.Contains(src.Note, "5 objects of 1 resource") {
		t.Errorf("managedFields source %+v, want the 5 objects read", src)
	}

	s.update(c.Name, func(c *apiextensionsv1.CustomResourceDefinition) { c.Spec.Versions[0].Served = false })
	fs = findings(s.audit(nil, Options{}), subject)
	if len(fs) != 1 || fs[0].Level != Error || !strings.HasSuffix(fs[0].Message, "writers.example.com/v1beta1 is no longer served: its next write through it is refused") {
		t.Errorf("findings %+v, want one error: no longer served", fs)
	}
}
