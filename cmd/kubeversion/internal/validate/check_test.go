package validate

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inputs"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/server"
	"github.com/kubeversion/kubeversion/crd"
)

// TestValidateWithoutCEL checks an object judged without a CEL evaluator:
// "no errors", never "valid", and counted as not checked in full.
func TestValidateWithoutCEL(t *testing.T) {
	defs, _ := widgetDefinitions(t)
	text := "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec: {size: small, replicas: 5, maxReplicas: 2}\n"
	var reports []ObjectReport
	ck := &checker{defs: defs, level: FieldStrict, namespace: "default"} // the zero validator: no CEL
	judge := func() {
		if p := inputs.TextStream("w.yaml", strings.NewReader(text), func(o inputs.Object) bool {
			reports = append(reports, ck.check(o))
			return true
		}); p != nil {
			t.Fatal(p)
		}
	}
	judge()
	r := reports[0]
	if r.Status != StatusNoErrors || r.Verdict != "no errors on create (2 CEL rules not evaluated)" || r.UncheckedRules != 2 {
		t.Errorf("without CEL: status %q, verdict %q, %d unchecked rules", r.Status, r.Verdict, r.UncheckedRules)
	}
	s := Summary{CRDs: 1}
	s.add(r)
	if s.Unchecked() != 1 || s.Valid != 0 || s.String() != "1 object: 0 valid, 0 invalid, 1 with no errors but CEL rules not evaluated; 1 CustomResourceDefinition" {
		t.Errorf("summary %+v: %s", s, s)
	}
	// With the evaluator, the rule is broken.
	ck.validator = crd.NewObjectValidator(server.CELEvaluator())
	judge()
	if r := reports[1]; r.Status != StatusInvalid || len(r.Errors) != 1 || r.Errors[0].Line != 4 {
		t.Errorf("with CEL: %+v", r)
	}
}

// TestWarningField checks the field paths found at the start of the
// warnings of the API server, so that they can be located.
func TestWarningField(t *testing.T) {
	for _, tt := range []struct {
		warning, field string
	}{
		{`metadata.finalizers: "foo": prefer a domain-qualified finalizer name`, "metadata.finalizers"},
		{"spec.items[0]: x", "spec.items[0]"},
		{"example.com/v1beta1 Widget is deprecated; use example.com/v1 Widget", ""},
		{"The v1alpha2 version of TLSRoute has been deprecated: upgrade", ""},
		{"no colon", ""},
	} {
		if got, _ := warningField(tt.warning); got != tt.field {
			t.Errorf("warningField(%q) = %q, want %q", tt.warning, got, tt.field)
		}
	}
}

// TestDefinitionDecodedOnDemand checks that a CRD read is not kept
// decoded until an object of it is judged, and is then decoded as read.
func TestDefinitionDecodedOnDemand(t *testing.T) {
	defs, crds := widgetDefinitions(t)
	d := defs.byKind[server.GroupKind("example.com", "Widget")]
	if d == nil || d.crd != nil {
		t.Fatalf("the definition read: %+v, want one not decoded", d)
	}
	want, _ := server.DecodeCRD(crds[0], inputs.NewLocator(crds[0]))
	if got := d.decoded(); !reflect.DeepEqual(got, want) {
		t.Errorf("decoded on demand:\n%+v\nwant\n%+v", got, want)
	}
}

// widgetDefinitions returns the definitions of the command's test CRD,
// of kind Widget in group example.com, and its objects as read.
func widgetDefinitions(t *testing.T) (*definitions, []inputs.Object) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "validate", "crd.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	crds, p := inputs.ReadObjects("crd.yaml", data)
	if p != nil {
		t.Fatal(p)
	}
	defs := &definitions{}
	if p := defs.add(crds[0]); p != nil {
		t.Fatal(p)
	}
	return defs, crds
}
