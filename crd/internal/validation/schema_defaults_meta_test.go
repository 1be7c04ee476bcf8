package validation

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kubeversion/kubeversion/crd/internal/names"
)

// TestValidateDefaultsEmbeddedMetaLists covers the owner references,
// finalizers and managed fields of the metadata of an embedded resource
// in a default, checked as the API server's ValidateObjectMeta does, at
// the path of the default's metadata.
func TestValidateDefaultsEmbeddedMetaLists(t *testing.T) {
	const p = "spec.validation.openAPIV3Schema"
	// schema has an embedded resource spec whose default has metadata meta
	// and an integer a that fails value validation.
	schema := func(meta string) string {
		return `{"type": "object", "properties": {"spec": {"type": "object", "x-kubernetes-embedded-resource": true, "x-kubernetes-preserve-unknown-fields": true,
			"properties": {"a": {"type": "integer", "minimum": 5}},
			"default": {"apiVersion": "v1", "kind": "Foo", "a": 1, "metadata": ` + meta + `}}}}`
	}
	const m = p + ".properties[spec].default.metadata"
	valueErr := p + `.properties[spec].default.a|FieldValueInvalid|1|a in body should be greater than or equal to 5`
	tests := []struct {
		name, meta string
		want       []string
	}{
		{"valid lists: the value is validated", `{"ownerReferences": [{"apiVersion": "apps/v1", "kind": "Deployment", "name": "d", "uid": "u", "controller": true}],
			"finalizers": ["example.com/f"], "managedFields": [{"operation": "Apply", "fieldsType": "FieldsV1", "manager": "m"}]}`,
			[]string{valueErr}},
		{"an empty owner reference", `{"ownerReferences": [{}]}`, []string{
			m + `.ownerReferences[0].apiVersion|FieldValueRequired|""|must not be empty`,
			m + `.ownerReferences[0].kind|FieldValueRequired|""|must not be empty`,
			m + `.ownerReferences[0].name|FieldValueRequired|""|must not be empty`,
			m + `.ownerReferences[0].uid|FieldValueRequired|""|must not be empty`}},
		{"a null owner reference", `{"ownerReferences": [null]}`, []string{
			m + `.ownerReferences[0].apiVersion|FieldValueRequired|""|must not be empty`,
			m + `.ownerReferences[0].kind|FieldValueRequired|""|must not be empty`,
			m + `.ownerReferences[0].name|FieldValueRequired|""|must not be empty`,
			m + `.ownerReferences[0].uid|FieldValueRequired|""|must not be empty`}},
		{"an owner reference's apiVersion", `{"ownerReferences": [{"apiVersion": "a/b/c", "kind": "K", "name": "x", "uid": "u"}]}`,
			[]string{m + `.ownerReferences[0].apiVersion|FieldValueInvalid|"a/b/c"|must be <group>/<version> or <version>`}},
		{"an Event owner", `{"ownerReferences": [{"apiVersion": "v1", "kind": "Event", "name": "x", "uid": "u"}]}`,
			[]string{m + `.ownerReferences[0]|FieldValueInvalid|{"apiVersion":"v1","kind":"Event","name":"x","uid":"u"}|/v1, Kind=Event is disallowed from being an owner`}},
		{"two controllers", `{"ownerReferences": [{"apiVersion": "v1", "kind": "Foo", "name": "x", "uid": "u", "controller": true},
			{"apiVersion": "v1", "kind": "Bar", "name": "y", "uid": "v", "controller": true}]}`, []string{
			m + `.ownerReferences|FieldValueInvalid|[{"apiVersion":"v1","kind":"Foo","name":"x","uid":"u","controller":true},{"apiVersion":"v1","kind":"Bar","name":"y","uid":"v","controller":true}]|` +
				`Only one reference can have Controller set to true. Found "true" in references for Foo/x and Bar/y`}},
		{"a finalizer that is no qualified name", `{"finalizers": ["Bad Name"]}`,
			[]string{m + `.finalizers|FieldValueInvalid|"Bad Name"|` + names.QualifiedName("Bad Name")[0]}},
		{"orphan and foregroundDeletion", `{"finalizers": ["orphan", "foregroundDeletion"]}`,
			[]string{m + `.finalizers|FieldValueInvalid|["orphan","foregroundDeletion"]|finalizer orphan and foregroundDeletion cannot be both set`}},
		{"a managed fields operation", `{"managedFields": [{"operation": "Bogus"}]}`,
			[]string{m + `.managedFields[0].operation|FieldValueNotSupported|"Bogus"|supported values: "Apply", "Update"`}},
		{"a missing managed fields operation", `{"managedFields": [{}]}`,
			[]string{m + `.managedFields[0].operation|FieldValueRequired|""|must not be empty`}},
		{"a managed fields type", `{"managedFields": [{"operation": "Update", "fieldsType": "FieldsV2"}]}`,
			[]string{m + `.managedFields[0].fieldsType|FieldValueInvalid|"FieldsV2"|must be ` + "`FieldsV1`"}},
		{"errors in every list, in the server's order", `{"managedFields": [{"operation": "Bogus"}], "finalizers": ["orphan", "foregroundDeletion"], "ownerReferences": [{"apiVersion": "a/b/c", "kind": "K", "name": "x", "uid": "u"}], "name": "a/b"}`, []string{
			m + `.name|FieldValueInvalid|"a/b"|may not contain '/'`,
			m + `.ownerReferences[0].apiVersion|FieldValueInvalid|"a/b/c"|must be <group>/<version> or <version>`,
			m + `.finalizers|FieldValueInvalid|["orphan","foregroundDeletion"]|finalizer orphan and foregroundDeletion cannot be both set`,
			m + `.managedFields[0].operation|FieldValueNotSupported|"Bogus"|supported values: "Apply", "Update"`}},
	}
	for _, tt := range tests {
		got := brief(checkDefaults(mustSchema(t, schema(tt.meta)), p, false))
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: validateDefaults mismatch (-want +got):\n%s", tt.name, diff)
		}
	}
}
