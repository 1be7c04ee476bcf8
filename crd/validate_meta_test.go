package crd

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const (
	labelKeyName = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"
	labelValue   = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"
	notPlural    = `must be spec.names.plural+"."+spec.group`
)

func TestMetadataOnCreate(t *testing.T) {
	yes := true
	testCreate(t, []change{
		{"name not plural.group", func(c *CustomResourceDefinition) { c.Metadata.Name = "crontab.stable.example.com" }, []string{
			`metadata.name: Invalid value: "crontab.stable.example.com": ` + notPlural}},
		{"no name", func(c *CustomResourceDefinition) { c.Metadata.Name = "" }, []string{
			"metadata.name: Required value: name or generateName is required"}},
		{"generateName alone is not enough", func(c *CustomResourceDefinition) {
			c.Metadata.Name, c.Metadata.GenerateName = "", "crontabs-"
		}, []string{
			`metadata.generateName: Invalid value: "crontabs-": ` + notPlural,
			"metadata.name: Required value: name or generateName is required",
		}},
		{"generateName: the trailing dash and the byte before it are masked", func(c *CustomResourceDefinition) {
			c.Metadata.GenerateName = "a.-"
		}, []string{`metadata.generateName: Invalid value: "a.-": ` + notPlural}},
		{"namespace", func(c *CustomResourceDefinition) { c.Metadata.Namespace = "default" }, []string{
			"metadata.namespace: Forbidden: not allowed on this type"}},
		{"labels, sorted by key", func(c *CustomResourceDefinition) {
			c.Metadata.Labels = map[string]string{"b/": "ok", "a": "-x", "example.com/ok": strings.Repeat("v", 64), "a/b/c": ""}
		}, []string{
			`metadata.labels: Invalid value: "-x": ` + labelValue,
			`metadata.labels: Invalid value: "a/b/c": a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
			`metadata.labels: Invalid value: "b/": name part must be non-empty`,
			`metadata.labels: Invalid value: "b/": ` + labelKeyName,
			`metadata.labels: Invalid value: "` + strings.Repeat("v", 64) + `": must be no more than 63 bytes`,
		}},
		{"annotation keys are checked lowercased", func(c *CustomResourceDefinition) {
			c.Metadata.Annotations = map[string]string{"Example.COM/Key": "", "/x": ""}
		}, []string{`metadata.annotations: Invalid value: "/x": prefix part must be non-empty`}},
		{"annotations over 256 KiB", func(c *CustomResourceDefinition) {
			c.Metadata.Annotations = map[string]string{"a": strings.Repeat("x", 256<<10)}
		}, []string{"metadata.annotations: Too long: may not be more than 262144 bytes"}},
		{"owner references", func(c *CustomResourceDefinition) {
			c.Metadata.OwnerReferences = []OwnerReference{
				{APIVersion: "a/b/c", Kind: "K", Name: "n", UID: "u", Controller: &yes},
				{},
				{APIVersion: "v1", Kind: "Event", Name: "e", UID: "u2", Controller: &yes},
			}
		}, []string{
			`metadata.ownerReferences[0].apiVersion: Invalid value: "a/b/c": must be <group>/<version> or <version>`,
			"metadata.ownerReferences[1].apiVersion: Required value: must not be empty",
			"metadata.ownerReferences[1].kind: Required value: must not be empty",
			"metadata.ownerReferences[1].name: Required value: must not be empty",
			"metadata.ownerReferences[1].uid: Required value: must not be empty",
			`metadata.ownerReferences[2]: Invalid value: {"apiVersion":"v1","kind":"Event","name":"e","uid":"u2","controller":true}: /v1, Kind=Event is disallowed from being an owner`,
			`metadata.ownerReferences: Invalid value: [{"apiVersion":"a/b/c","kind":"K","name":"n","uid":"u","controller":true},{"apiVersion":"","kind":"","name":"","uid":""},{"apiVersion":"v1","kind":"Event","name":"e","uid":"u2","controller":true}]: Only one reference can have Controller set to true. Found "true" in references for K/n and Event/e`,
		}},
		{"a repeated message is reported once", func(c *CustomResourceDefinition) {
			ref := OwnerReference{APIVersion: "v1", Kind: "K", Name: "n", Controller: &yes}
			c.Metadata.OwnerReferences = []OwnerReference{ref, ref, ref}
		}, []string{
			"metadata.ownerReferences[0].uid: Required value: must not be empty",
			"metadata.ownerReferences[1].uid: Required value: must not be empty",
			`metadata.ownerReferences: Invalid value: [{"apiVersion":"v1","kind":"K","name":"n","uid":"","controller":true},{"apiVersion":"v1","kind":"K","name":"n","uid":"","controller":true},{"apiVersion":"v1","kind":"K","name":"n","uid":"","controller":true}]: Only one reference can have Controller set to true. Found "true" in references for K/n and K/n`,
			"metadata.ownerReferences[2].uid: Required value: must not be empty",
		}},
		{"finalizers", func(c *CustomResourceDefinition) {
			c.Metadata.Finalizers = []string{"orphan", "foregroundDeletion", "x/"}
		}, []string{
			`metadata.finalizers: Invalid value: "x/": name part must be non-empty`,
			`metadata.finalizers: Invalid value: "x/": ` + labelKeyName,
			`metadata.finalizers: Invalid value: ["orphan","foregroundDeletion","x/"]: finalizer orphan and foregroundDeletion cannot be both set`,
		}},
		{"managed fields", func(c *CustomResourceDefinition) {
			c.Metadata.ManagedFields = []ManagedField{
				{Operation: "Apply", FieldsType: "FieldsV1", Manager: "kubectl"},
				{FieldsType: "FieldsV2", Manager: "a\tb\n", Subresource: strings.Repeat("s", 257)},
				{Operation: "Patch", Manager: strings.Repeat("m", 129)},
			}
		}, []string{
			"metadata.managedFields[1].operation: Required value: must not be empty",
			"metadata.managedFields[1].fieldsType: Invalid value: \"FieldsV2\": must be `FieldsV1`",
			`metadata.managedFields[1].manager: Invalid value: "a\tb\n": invalid character U+0009 (at position 1)`,
			`metadata.managedFields[1].manager: Invalid value: "a\tb\n": invalid character U+000A (at position 3)`,
			"metadata.managedFields[1].subresource: Too long: may not be more than 256 bytes",
			`metadata.managedFields[2].operation: Unsupported value: "Patch": supported values: "Apply", "Update"`,
			"metadata.managedFields[2].manager: Too long: may not be more than 128 bytes",
		}},
	})
}

func TestMetadataOnUpdate(t *testing.T) {
	seconds := int64(30)
	for _, tt := range []struct {
		name string
		// old changes both objects, change only the new one.
		old, change func(m *Metadata)
		want        []string
	}{
		{"no change", nil, nil, nil},
		{"no resourceVersion", nil, func(m *Metadata) { m.ResourceVersion = "" }, []string{
			`metadata.resourceVersion: Invalid value: "": must be specified for an update`}},
		{"immutable fields", func(m *Metadata) {
			m.UID = "u1"
			m.CreationTimestamp = &JSON{Value: "2024-01-02T03:04:05Z"}
		}, func(m *Metadata) {
			m.Name = "other.stable.example.com"
			m.Namespace = "ns"
			m.UID = "u<2>"
			m.CreationTimestamp = &JSON{Value: "2024-01-02T04:04:05+01:00"} // the same time
			m.DeletionTimestamp = &JSON{Value: "2024-01-02T03:04:05.5+01:00"}
			m.DeletionGracePeriodSeconds = &seconds
		}, []string{
			`metadata.name: Invalid value: "other.stable.example.com": field is immutable`,
			`metadata.namespace: Invalid value: "ns": field is immutable`,
			`metadata.uid: Invalid value: "u\u003c2\u003e": field is immutable`,
			`metadata.deletionTimestamp: Invalid value: "2024-01-02T02:04:05Z": field is immutable`,
			`metadata.deletionGracePeriodSeconds: Invalid value: 30: field is immutable`,
		}},
		{"creation timestamp removed", func(m *Metadata) { m.CreationTimestamp = &JSON{Value: "2024-01-02T03:04:05Z"} }, func(m *Metadata) { m.CreationTimestamp = nil }, []string{
			`metadata.creationTimestamp: Invalid value: null: field is immutable`}},
		{"generation: unchanged spec keeps the manifest's", func(m *Metadata) { m.Generation = 3 }, func(m *Metadata) { m.Generation = 2 }, []string{
			`metadata.generation: Invalid value: 2: must not be decremented`}},
		{"negative generation", nil, func(m *Metadata) { m.Generation = -1 }, []string{
			`metadata.generation: Invalid value: -1: must be greater than or equal to 0`,
			`metadata.generation: Invalid value: -1: must not be decremented`,
		}},
		{"no new finalizers while being deleted", func(m *Metadata) {
			m.DeletionTimestamp = &JSON{Value: "2024-01-02T03:04:05Z"}
			m.Finalizers = []string{"a"}
		}, func(m *Metadata) {
			m.DeletionTimestamp = &JSON{Value: "2024-01-02T03:04:05Z"}
			m.Finalizers = []string{"c", "a", "b", "c"}
		}, []string{`metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"b", "c"}`}},
		{"labels are checked on update too", nil, func(m *Metadata) { m.Labels = map[string]string{"a": "-"} }, []string{
			`metadata.labels: Invalid value: "-": ` + labelValue}},
	} {
		c, old := cronTab(), cronTab()
		old.Status.StoredVersions = []string{"v1"}
		if tt.old != nil {
			tt.old(&old.Metadata)
			tt.old(&c.Metadata)
		}
		if tt.change != nil {
			tt.change(&c.Metadata)
		}
		if diff := cmp.Diff(tt.want, messages(ValidateUpdate(c, old))); diff != "" {
			t.Errorf("%s: ValidateUpdate mismatch (-want +got):\n%s", tt.name, diff)
		}
	}
}

func TestGenerationFollowsSpecChanges(t *testing.T) {
	c, old := cronTab(), cronTab()
	old.Status.StoredVersions = []string{"v1"}
	old.Metadata.Generation = 5
	c.Metadata.Generation = 1 // replaced by 6: the spec changed
	c.Spec.Names.ShortNames = []string{"ct"}
	if errs := ValidateUpdate(c, old); errs != nil {
		t.Errorf("ValidateUpdate = %v, want nil", errs)
	}
	// Defaults do not count as changes.
	c.Spec.Names.ShortNames = nil
	c.Spec.Names.Singular = "crontab"
	c.Spec.Conversion = &Conversion{Strategy: NoneConverter}
	want := []string{"metadata.generation: Invalid value: 1: must not be decremented"}
	if diff := cmp.Diff(want, messages(ValidateUpdate(c, old))); diff != "" {
		t.Errorf("ValidateUpdate mismatch (-want +got):\n%s", diff)
	}
}
