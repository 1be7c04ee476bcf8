package objectmeta

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kubeversion/kubeversion/crd/internal/field"
	"github.com/kubeversion/kubeversion/crd/internal/structural"
)

// value decodes JSON as crd's model of values does: integers as int64.
func value(t *testing.T, s string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatal(err)
	}
	return ints(v)
}

func ints(v any) any {
	switch v := v.(type) {
	case float64:
		if v == float64(int64(v)) {
			return int64(v)
		}
	case map[string]any:
		for k, e := range v {
			v[k] = ints(e)
		}
	case []any:
		for i, e := range v {
			v[i] = ints(e)
		}
	}
	return v
}

func embedded(props ...structural.Property) *structural.Structural {
	return &structural.Structural{
		Generic:    structural.Generic{Type: "object"},
		Extensions: structural.Extensions{XEmbeddedResource: true, XPreserveUnknownFields: true},
		Properties: props,
	}
}

// schema is a resource root with an embedded resource at spec, a map of
// them at byName, and a list of them at list.
var schema = &structural.Structural{
	Generic: structural.Generic{Type: "object"},
	Properties: []structural.Property{
		{Name: "byName", Schema: &structural.Structural{AdditionalProperties: &structural.StructuralOrBool{Structural: embedded()}}},
		{Name: "list", Schema: &structural.Structural{Items: embedded()}},
		{Name: "spec", Schema: embedded(structural.Property{Name: "inner", Schema: embedded()})},
	},
}

// TestResources checks the walk's order: an object before the objects in
// it, fields sorted, through properties, additionalProperties and items.
func TestResources(t *testing.T) {
	x := value(t, `{"spec": {"inner": {}}, "list": [{}, {}], "byName": {"b": {}, "a": {}}, "other": {}}`)
	var got []string
	resources(nil, x, schema, true, func(p *field.Path, _ map[string]any) bool {
		got = append(got, p.String())
		return true
	})
	want := []string{"", "byName[a]", "byName[b]", "list[0]", "list[1]", "spec", "spec.inner"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("resources mismatch (-want +got):\n%s", diff)
	}

	got = nil
	if resources(nil, x, schema, false, func(p *field.Path, _ map[string]any) bool {
		got = append(got, p.String())
		return len(got) < 2
	}) {
		t.Error("resources = true after visit returned false")
	}
	if want := []string{"byName[a]", "byName[b]"}; !cmp.Equal(want, got) {
		t.Errorf("resources stopped after %q, want %q", got, want)
	}
}

// TestResourcesRewritten checks that the walk goes on into the metadata a
// visitor replaced, as the server ranges over the object it rewrites.
func TestResourcesRewritten(t *testing.T) {
	s := embedded(structural.Property{Name: "metadata", Schema: &structural.Structural{
		Properties: []structural.Property{{Name: "x", Schema: embedded()}},
	}})
	x := value(t, `{"metadata": {"x": {}}}`)
	var got []string
	resources(nil, x, s, false, func(p *field.Path, obj map[string]any) bool {
		got = append(got, p.String())
		obj["metadata"] = map[string]any{}
		return true
	})
	if want := []string{"", "metadata.x"}; !cmp.Equal(want, got) {
		t.Errorf("resources visited %q, want %q", got, want)
	}
}

func TestRead(t *testing.T) {
	for _, tt := range []struct {
		in, want, err string
	}{
		{`null`, `{}`, ""},
		{`{"name": "a", "foo": 1, "namespace": "", "generation": 0, "labels": {}}`, `{"name": "a"}`, ""},
		{`{"creationTimestamp": "2020-01-01T01:00:00+01:00"}`, `{"creationTimestamp": "2020-01-01T00:00:00Z"}`, ""},
		{`{"ownerReferences": [{"name": "o", "foo": 1}]}`, `{"ownerReferences": [{"apiVersion": "", "kind": "", "name": "o", "uid": ""}]}`, ""},
		{`{"name": 1}`, `{}`, "json: cannot unmarshal number into Go struct field ObjectMeta.name of type string"},
		{`{"generation": 1.5}`, `{}`, "json: cannot unmarshal number 1.5 into Go struct field ObjectMeta.generation of type int64"},
		{`{"labels": {"a": 1}}`, `{"labels": {"a": ""}}`, "json: cannot unmarshal number into Go struct field ObjectMeta.labels of type string"},
		{`[]`, `{}`, "json: cannot unmarshal array into Go value of type v1.ObjectMeta"},
	} {
		m, err := Read(value(t, tt.in))
		if got := errString(err); got != tt.err {
			t.Errorf("Read(%s) error = %q, want %q", tt.in, got, tt.err)
		}
		if diff := cmp.Diff(value(t, tt.want), any(m.Normalized)); diff != "" {
			t.Errorf("Read(%s) mismatch (-want +got):\n%s", tt.in, diff)
		}
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func TestCoerce(t *testing.T) {
	for _, tt := range []struct {
		in, want, err string
	}{
		{`{"spec": {"kind": "K", "metadata": {"name": "a", "foo": 1}}}`, `{"spec": {"kind": "K", "metadata": {"name": "a"}}}`, ""},
		{`{"kind": 1}`, `{"kind": 1}`, `kind: Invalid value: 1: must be a string`},
		{`{"list": [{"metadata": {"name": 1}}]}`, `{"list": [{"metadata": {"name": 1}}]}`,
			`list[0].metadata: Invalid value: json: cannot unmarshal number into Go struct field ObjectMeta.name of type string`},
		// The fields of a resource are met in sorted order among the
		// others: byName before kind, kind before list, and metadata,
		// after byName, is left as it was.
		{`{"byName": {"a": {"kind": 2}}, "kind": 1}`, `{"byName": {"a": {"kind": 2}}, "kind": 1}`, `byName[a].kind: Invalid value: 2: must be a string`},
		{`{"kind": 1, "list": [{"kind": 2}]}`, `{"kind": 1, "list": [{"kind": 2}]}`, `kind: Invalid value: 1: must be a string`},
		{`{"byName": {"a": {"kind": 2}}, "metadata": {"name": "x", "foo": 1}}`, `{"byName": {"a": {"kind": 2}}, "metadata": {"name": "x", "foo": 1}}`,
			`byName[a].kind: Invalid value: 2: must be a string`},
	} {
		x := value(t, tt.in)
		err := Coerce(nil, x, schema, true)
		got := ""
		if err != nil {
			got = err.Field + ": Invalid value: " + fmtValue(err.BadValue) + err.Detail
		}
		if got != tt.err {
			t.Errorf("Coerce(%s) = %q, want %q", tt.in, got, tt.err)
		}
		if diff := cmp.Diff(value(t, tt.want), x); diff != "" {
			t.Errorf("Coerce(%s) mismatch (-want +got):\n%s", tt.in, diff)
		}
	}
}

// fmtValue writes a number value, and nothing for others, whose details
// say enough.
func fmtValue(v any) string {
	if n, ok := v.(int64); ok {
		b, _ := json.Marshal(n)
		return string(b) + ": "
	}
	return ""
}

func TestValidate(t *testing.T) {
	x := value(t, `{"apiVersion": "a/b/c", "kind": "Bad_Kind", "spec": {"apiVersion": "", "metadata": {"name": "a/b", "generation": -1}}}`)
	var got []string
	for _, e := range Validate(field.NewPath("d"), x, schema, true) {
		got = append(got, e.Field+": "+e.Detail)
	}
	want := []string{
		"d.apiVersion: unexpected GroupVersion string: a/b/c",
		"d.kind: may have mixed case, but should otherwise match: a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')",
		"d.spec.kind: ",
		"d.spec.apiVersion: must not be empty",
		"d.spec.metadata.name: may not contain '/'",
		"d.spec.metadata.generation: must be greater than or equal to 0",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Validate mismatch (-want +got):\n%s", diff)
	}
}

func TestDropMalformed(t *testing.T) {
	x := value(t, `{"apiVersion": 1, "kind": "K", "metadata": {"name": 1, "namespace": "n", "foo": "x"}, "spec": {"metadata": "m", "kind": {}}}`)
	DropMalformed(x, schema, true)
	want := value(t, `{"kind": "K", "metadata": {"namespace": "n"}, "spec": {"metadata": "m"}}`)
	if diff := cmp.Diff(want, x); diff != "" {
		t.Errorf("DropMalformed mismatch (-want +got):\n%s", diff)
	}
}
