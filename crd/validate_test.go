package crd

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// cronTab returns a valid CRD: v1beta1 served and deprecated, v1 served
// and stored, both with a schema. Tests change it to break one rule.
func cronTab() *CustomResourceDefinition {
	schema := JSONSchemaProps{Type: "object"}
	return &CustomResourceDefinition{
		Metadata: Metadata{Name: "crontabs.stable.example.com", ResourceVersion: "1"},
		Spec: Spec{
			Group: "stable.example.com",
			Names: Names{Plural: "crontabs", Kind: "CronTab"},
			Scope: NamespaceScoped,
			Versions: []Version{
				{Name: "v1beta1", Served: true, Deprecated: true, Schema: &Schema{OpenAPIV3Schema: &schema}},
				{Name: "v1", Served: true, Storage: true, Schema: &Schema{OpenAPIV3Schema: &schema}},
			},
		},
	}
}

func ptr[T any](v T) *T { return &v }

const dns1035 = "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')"

// messages returns the errors as the API server prints them.
func messages(errs ErrorList) []string {
	var out []string
	for _, e := range errs {
		out = append(out, e.Error())
	}
	return out
}

var createTests = []struct {
	name   string
	change func(c *CustomResourceDefinition)
	want   []string
}{
	{"valid", func(c *CustomResourceDefinition) {}, nil},
	{"a status in the manifest is ignored", func(c *CustomResourceDefinition) {
		c.Status.StoredVersions = []string{"v0"}
	}, nil},
	{"invalid first name is reported twice", func(c *CustomResourceDefinition) {
		c.Spec.Versions[0].Name = "V1"
	}, []string{
		`spec.versions[0].name: Invalid value: "V1": ` + dns1035,
		`spec.version: Invalid value: "V1": ` + dns1035,
	}},
	{"invalid second name is reported once", func(c *CustomResourceDefinition) {
		c.Spec.Versions[1].Name = "v1.0"
		c.Spec.Versions[0].Storage, c.Spec.Versions[1].Storage = true, false
	}, []string{`spec.versions[1].name: Invalid value: "v1.0": ` + dns1035}},
	{"empty first name has no spec.version twin", func(c *CustomResourceDefinition) {
		c.Spec.Versions[0].Name = ""
	}, []string{`spec.versions[0].name: Invalid value: "": ` + dns1035}},
	{"64 bytes", func(c *CustomResourceDefinition) {
		c.Spec.Versions[0].Name = "v" + strings.Repeat("a", 63)
	}, []string{
		`spec.versions[0].name: Invalid value: "v` + strings.Repeat("a", 63) + `": must be no more than 63 characters`,
		`spec.version: Invalid value: "v` + strings.Repeat("a", 63) + `": must be no more than 63 characters`,
	}},
	{"too long and invalid: one error, messages joined", func(c *CustomResourceDefinition) {
		c.Spec.Versions[0].Name = "V" + strings.Repeat("a", 63)
	}, []string{
		`spec.versions[0].name: Invalid value: "V` + strings.Repeat("a", 63) + `": must be no more than 63 characters,` + dns1035,
		`spec.version: Invalid value: "V` + strings.Repeat("a", 63) + `": must be no more than 63 characters,` + dns1035,
	}},
	{"a name need not be a Kubernetes version", func(c *CustomResourceDefinition) {
		c.Spec.Versions[0].Name = "foo"
	}, nil},
	{"no served version is fine", func(c *CustomResourceDefinition) {
		c.Spec.Versions[0].Served, c.Spec.Versions[1].Served = false, false
	}, nil},
	{"warning on a version that is not deprecated", func(c *CustomResourceDefinition) {
		c.Spec.Versions[1].DeprecationWarning = ptr("")
	}, []string{`spec.versions[1].deprecationWarning: Invalid value: "": can only be set for deprecated versions`}},
	{"empty warning", func(c *CustomResourceDefinition) {
		c.Spec.Versions[0].DeprecationWarning = ptr("")
	}, []string{`spec.versions[0].deprecationWarning: Invalid value: "": must not be an empty string`}},
	{"256 bytes of warning are fine", func(c *CustomResourceDefinition) {
		c.Spec.Versions[0].DeprecationWarning = ptr(strings.Repeat("é", 128))
	}, nil},
	{"257 bytes of warning are not, though 129 characters", func(c *CustomResourceDefinition) {
		c.Spec.Versions[0].DeprecationWarning = ptr(strings.Repeat("é", 128) + "x")
	}, []string{`spec.versions[0].deprecationWarning: Invalid value: "` + strings.Repeat("é", 128) + `x": must be <= 256 characters long`}},
	{"first non-printable character, by byte index", func(c *CustomResourceDefinition) {
		c.Spec.Versions[0].DeprecationWarning = ptr("é\tx\n")
	}, []string{`spec.versions[0].deprecationWarning: Invalid value: "é\tx\n": must only contain printable UTF-8 characters; non-printable character found at index 2`}},
	{"no-break space is not printable", func(c *CustomResourceDefinition) {
		c.Spec.Versions[0].DeprecationWarning = ptr("a\u00a0b")
	}, []string{"spec.versions[0].deprecationWarning: Invalid value: \"a\u00a0b\": must only contain printable UTF-8 characters; non-printable character found at index 1"}},
	{"invalid UTF-8", func(c *CustomResourceDefinition) {
		c.Spec.Versions[0].DeprecationWarning = ptr("a\xffb")
	}, []string{`spec.versions[0].deprecationWarning: Invalid value: "a\ufffdb": must only contain printable UTF-8 characters`}},
	{"messages accumulate", func(c *CustomResourceDefinition) {
		c.Spec.Versions[0].DeprecationWarning = ptr(strings.Repeat("x", 256) + "\t\xff")
	}, []string{
		`spec.versions[0].deprecationWarning: Invalid value: "` + strings.Repeat("x", 256) + `\t\ufffd": must be <= 256 characters long`,
		`spec.versions[0].deprecationWarning: Invalid value: "` + strings.Repeat("x", 256) + `\t\ufffd": must only contain printable UTF-8 characters; non-printable character found at index 256`,
		`spec.versions[0].deprecationWarning: Invalid value: "` + strings.Repeat("x", 256) + `\t\ufffd": must only contain printable UTF-8 characters`,
	}},
	{"every version needs a schema on create, served or not", func(c *CustomResourceDefinition) {
		c.Spec.Versions[0].Schema = nil
		c.Spec.Versions[0].Served = false
		c.Spec.Versions[1].Schema = &Schema{}
	}, []string{
		`spec.versions[0].schema.openAPIV3Schema: Required value`,
		`spec.versions[1].schema.openAPIV3Schema: Required value`,
	}},
	{"no storage version", func(c *CustomResourceDefinition) {
		c.Spec.Versions[1].Storage = false
	}, []string{
		`spec.versions: Invalid value: ` + cronTabVersions(false, false) + `: must have exactly one version marked as storage version`,
		`status.storedVersions: Invalid value: null: must have at least one stored version`,
	}},
	{"no versions", func(c *CustomResourceDefinition) {
		c.Spec.Versions = []Version{}
	}, []string{
		`spec.versions: Invalid value: []: must have exactly one version marked as storage version`,
		`status.storedVersions: Invalid value: null: must have at least one stored version`,
	}},
	{"two storage versions: the first is stored, the second missing", func(c *CustomResourceDefinition) {
		c.Spec.Versions[0].Storage = true
	}, []string{
		`spec.versions: Invalid value: ` + cronTabVersions(true, true) + `: must have exactly one version marked as storage version`,
		`status.storedVersions: Invalid value: ["v1beta1"]: must have the storage version v1`,
	}},
	{"duplicate names", func(c *CustomResourceDefinition) {
		c.Spec.Versions[0].Name = "v1"
		c.Spec.Versions[0].Deprecated = false
	}, []string{
		`spec.versions: Invalid value: [` + printedVersion("v1", false, false) + `,` + printedVersion("v1", false, true) + `]: must contain unique version names`,
		// As in the API server, the second v1 finds its name used up.
		`status.storedVersions: Invalid value: ["v1"]: must have the storage version v1`,
	}},
}

// cronTabVersions prints cronTab's versions as an error value, with the
// given storage flags: as the API server prints them, with Go field names
// and without the schema, which both versions share.
func cronTabVersions(v1beta1, v1 bool) string {
	return "[" + printedVersion("v1beta1", true, v1beta1) + "," + printedVersion("v1", false, v1) + "]"
}

func printedVersion(name string, deprecated, storage bool) string {
	return `{"Name":"` + name + `","Served":true,"Storage":` + strconv.FormatBool(storage) +
		`,"Deprecated":` + strconv.FormatBool(deprecated) + `,"DeprecationWarning":null,"Schema":null,` +
		`"Subresources":null,"AdditionalPrinterColumns":null,"SelectableFields":null}`
}

func TestValidateCreate(t *testing.T) {
	for _, tt := range createTests {
		c := cronTab()
		tt.change(c)
		before, _ := json.Marshal(c)
		got := messages(ValidateCreate(c))
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: ValidateCreate mismatch (-want +got):\n%s", tt.name, diff)
		}
		if after, _ := json.Marshal(c); string(after) != string(before) {
			t.Errorf("%s: ValidateCreate changed its input:\n%s\n%s", tt.name, before, after)
		}
	}
}
