package crd

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestCoerce(t *testing.T) {
	const schema = `{"type": "object", "properties": {
		"spec": {"type": "object", "properties": {"a": {"type": "string"}, "n": {"type": "string", "nullable": true}, "d": {"type": "string", "default": "x"}}},
		"e": {"type": "object", "x-kubernetes-embedded-resource": true, "x-kubernetes-preserve-unknown-fields": true}}}`
	tests := []struct {
		name, obj string
		want      string // the object after, when no error
		paths     []string
		err       string
	}{
		{"prunes and keeps type and object meta", `{"apiVersion": "g/v1", "kind": "K", "metadata": {"name": "x"}, "spec": {"a": "s", "b": 1}}`,
			`{"apiVersion": "g/v1", "kind": "K", "metadata": {"name": "x"}, "spec": {"a": "s"}}`, []string{"spec.b"}, ""},
		{"rewrites metadata", `{"metadata": {"name": "x", "foo": 1, "namespace": "", "creationTimestamp": "2020-01-01T10:00:00+02:00", "finalizers": [null]}}`,
			`{"metadata": {"name": "x", "creationTimestamp": "2020-01-01T08:00:00Z", "finalizers": [""]}}`, nil, ""},
		{"null metadata becomes empty", `{"metadata": null}`, `{"metadata": {}}`, nil, ""},
		{"removes nulls the schema does not allow", `{"spec": {"a": null, "n": null, "d": null}}`,
			`{"spec": {"n": null, "d": null}}`, nil, ""},
		{"rewrites the metadata of embedded resources", `{"e": {"metadata": {"name": "x", "foo": 1}, "other": 2}}`,
			`{"e": {"metadata": {"name": "x"}, "other": 2}}`, nil, ""},
		{"kind must be a string", `{"kind": 1}`, "", nil, ".kind accessor error: 1 is of the type int64, expected string"},
		{"apiVersion must be a group/version", `{"apiVersion": "a/b/c"}`, "", nil, "unexpected GroupVersion string: a/b/c"},
		{"metadata must read", `{"metadata": {"labels": {"a": 1}}}`, "", nil, "json: cannot unmarshal number into Go struct field ObjectMeta.labels of type string"},
		{"an embedded kind must be a string", `{"e": {"kind": true}}`, "", nil, "e.kind: Invalid value: true: must be a string"},
	}
	for _, tt := range tests {
		obj := mustValue(t, tt.obj).(map[string]any)
		paths, err := Coerce(obj, mustSchema(t, schema))
		gotErr := ""
		if err != nil {
			gotErr = err.Error()
		}
		if gotErr != tt.err {
			t.Errorf("%s: Coerce error = %q, want %q", tt.name, gotErr, tt.err)
			continue
		}
		if err != nil {
			continue
		}
		if diff := cmp.Diff(tt.paths, paths); diff != "" {
			t.Errorf("%s: Coerce paths mismatch (-want +got):\n%s", tt.name, diff)
		}
		if diff := cmp.Diff(mustValue(t, tt.want), any(obj)); diff != "" {
			t.Errorf("%s: Coerce result mismatch (-want +got):\n%s", tt.name, diff)
		}
	}
}
