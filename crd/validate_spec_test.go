package crd

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kubeversion/kubeversion/crd/internal/names"
)

const (
	dns1123         = names.DNS1123SubdomainMessage
	mixed           = "may have mixed case, but should otherwise match: "
	missingApproval = `metadata.annotations[api-approved.kubernetes.io]: Required value: protected groups must have approval annotation "api-approved.kubernetes.io", see https://github.com/kubernetes/enhancements/pull/1111`
)

// change is a table of changes to cronTab and the errors ValidateCreate
// must then return.
type change struct {
	name   string
	change func(c *CustomResourceDefinition)
	want   []string
}

// testCreate runs a table of changes through ValidateCreate.
func testCreate(t *testing.T, tests []change) {
	t.Helper()
	for _, tt := range tests {
		c := cronTab()
		tt.change(c)
		if diff := cmp.Diff(tt.want, messages(ValidateCreate(c))); diff != "" {
			t.Errorf("%s: ValidateCreate mismatch (-want +got):\n%s", tt.name, diff)
		}
	}
}

func TestGroup(t *testing.T) {
	testCreate(t, []change{
		{"missing group", func(c *CustomResourceDefinition) { c.Spec.Group = "" }, []string{
			`metadata.name: Invalid value: "crontabs.stable.example.com": must be spec.names.plural+"."+spec.group`,
			"spec.group: Required value",
		}},
		{"not a subdomain", func(c *CustomResourceDefinition) {
			c.Spec.Group = "Stable.example.com"
			c.Metadata.Name = "crontabs.Stable.example.com"
		}, []string{
			`metadata.name: Invalid value: "crontabs.Stable.example.com": ` + dns1123,
			`spec.group: Invalid value: "Stable.example.com": ` + dns1123,
		}},
		{"no dot", func(c *CustomResourceDefinition) {
			c.Spec.Group = "stable"
			c.Metadata.Name = "crontabs.stable"
		}, []string{`spec.group: Invalid value: "stable": should be a domain with at least one dot`}},
		{"too long: both messages, joined", func(c *CustomResourceDefinition) {
			c.Spec.Group = strings.Repeat("a", 252) + ".B"
			c.Metadata.Name = "crontabs." + c.Spec.Group
		}, []string{
			`metadata.name: Invalid value: "crontabs.` + strings.Repeat("a", 252) + `.B": must be no more than 253 characters`,
			`metadata.name: Invalid value: "crontabs.` + strings.Repeat("a", 252) + `.B": ` + dns1123,
			`spec.group: Invalid value: "` + strings.Repeat("a", 252) + `.B": must be no more than 253 characters,` + dns1123,
		}},
	})
}

func TestScope(t *testing.T) {
	testCreate(t, []change{
		{"Cluster", func(c *CustomResourceDefinition) { c.Spec.Scope = ClusterScoped }, nil},
		{"missing", func(c *CustomResourceDefinition) { c.Spec.Scope = "" }, []string{"spec.scope: Required value"}},
		{"lower case", func(c *CustomResourceDefinition) { c.Spec.Scope = "namespaced" }, []string{
			`spec.scope: Unsupported value: "namespaced": supported values: "Cluster", "Namespaced"`}},
	})
}

func TestNames(t *testing.T) {
	testCreate(t, []change{
		{"singular and listKind default from kind", func(c *CustomResourceDefinition) {
			c.Spec.Names.Kind = "Cron_Tab"
		}, []string{
			`spec.names.singular: Invalid value: "cron_tab": ` + dns1035,
			`spec.names.kind: Invalid value: "Cron_Tab": ` + mixed + dns1035,
			`spec.names.listKind: Invalid value: "Cron_TabList": ` + mixed + dns1035,
		}},
		{"no kind: singular and listKind cannot default", func(c *CustomResourceDefinition) {
			c.Spec.Names.Kind = ""
		}, []string{
			"spec.names.singular: Required value",
			"spec.names.kind: Required value",
			"spec.names.listKind: Required value",
		}},
		{"no plural", func(c *CustomResourceDefinition) {
			c.Spec.Names.Plural = ""
			c.Metadata.Name = ".stable.example.com"
		}, []string{
			`metadata.name: Invalid value: ".stable.example.com": ` + dns1123,
			"spec.names.plural: Required value",
		}},
		{"plural not a label", func(c *CustomResourceDefinition) {
			c.Spec.Names.Plural = "cron.tabs"
			c.Metadata.Name = "cron.tabs.stable.example.com"
		}, []string{`spec.names.plural: Invalid value: "cron.tabs": ` + dns1035}},
		{"kind equals listKind", func(c *CustomResourceDefinition) {
			c.Spec.Names.ListKind = "CronTab"
		}, []string{`spec.names.listKind: Invalid value: "CronTab": kind and listKind may not be the same`}},
		{"short names and categories, empty ones too", func(c *CustomResourceDefinition) {
			c.Spec.Names.ShortNames = []string{"ct", "", "C"}
			c.Spec.Names.Categories = []string{"all", "a b"}
		}, []string{
			`spec.names.shortNames[1]: Invalid value: "": ` + dns1035,
			`spec.names.shortNames[2]: Invalid value: "C": ` + dns1035,
			`spec.names.categories[1]: Invalid value: "a b": ` + dns1035,
		}},
	})
}

func TestPreserveUnknownFields(t *testing.T) {
	testCreate(t, []change{
		{"true is not allowed on create", func(c *CustomResourceDefinition) {
			c.Spec.PreserveUnknownFields = true
		}, []string{"spec.preserveUnknownFields: Invalid value: true: cannot set to true, set x-kubernetes-preserve-unknown-fields to true in spec.versions[*].schema instead"}},
		{"with defaults and a webhook", func(c *CustomResourceDefinition) {
			c.Spec.PreserveUnknownFields = true
			c.Spec.Versions[1].Schema = &Schema{OpenAPIV3Schema: &JSONSchemaProps{Type: "object", Properties: map[string]JSONSchemaProps{
				"spec": {Type: "object", Default: &JSON{Value: map[string]any{}}},
			}}}

			c.Spec.Conversion = webhookURL("https://x", "v1")
		}, []string{
			"spec.preserveUnknownFields: Invalid value: true: must be false in order to use defaults in the schema",
			`spec.conversion.strategy: Invalid value: "Webhook": must be None if spec.preserveUnknownFields is true`,
			"spec.preserveUnknownFields: Invalid value: true: cannot set to true, set x-kubernetes-preserve-unknown-fields to true in spec.versions[*].schema instead",
		}},
		{"true: only served versions need a schema", func(c *CustomResourceDefinition) {
			c.Spec.PreserveUnknownFields = true
			c.Spec.Versions[0].Schema = nil
		}, []string{
			"spec.versions[0].schema.openAPIV3Schema: Required value",
			"spec.preserveUnknownFields: Invalid value: true: cannot set to true, set x-kubernetes-preserve-unknown-fields to true in spec.versions[*].schema instead",
		}},
	})
}

func TestAPIApproval(t *testing.T) {
	protected := func(group, annotation string) func(c *CustomResourceDefinition) {
		return func(c *CustomResourceDefinition) {
			c.Spec.Group = group
			c.Metadata.Name = "crontabs." + group
			if annotation != "" {
				c.Metadata.Annotations = map[string]string{"api-approved.kubernetes.io": annotation}
			}
		}
	}
	invalidApproval := `metadata.annotations[api-approved.kubernetes.io]: Invalid value: "yes": protected groups must have approval annotation "api-approved.kubernetes.io" with either a URL or a reason starting with "unapproved", see https://github.com/kubernetes/enhancements/pull/1111`
	testCreate(t, []change{
		{"k8s.io without annotation", protected("k8s.io", ""), []string{missingApproval}},
		{"x.kubernetes.io without annotation", protected("x.kubernetes.io", ""), []string{missingApproval}},
		{"notk8s.io is not protected", protected("notk8s.io", ""), nil},
		{"a URL approves", protected("x.k8s.io", "https://github.com/kubernetes/kubernetes/pull/1"), nil},
		{"unapproved bypasses", protected("x.k8s.io", "unapproved, experimental"), nil},
		{"anything else is invalid", protected("x.k8s.io", "yes"), []string{invalidApproval}},
		{"a URL without host is invalid", protected("x.k8s.io", "/pull/1"), []string{
			strings.ReplaceAll(invalidApproval, `"yes"`, `"/pull/1"`)}},
	})
}

func TestStatusAcceptedNamesOnUpdate(t *testing.T) {
	c, old := cronTab(), cronTab()
	old.Status.StoredVersions = []string{"v1"}
	old.Status.AcceptedNames = Names{Plural: "Crontabs", Kind: "CronTab", ListKind: "CronTab"}
	want := []string{
		`status.acceptedNames.plural: Invalid value: "Crontabs": ` + dns1035,
		`status.acceptedNames.listKind: Invalid value: "CronTab": kind and listKind may not be the same`,
	}
	if diff := cmp.Diff(want, messages(ValidateUpdate(c, old))); diff != "" {
		t.Errorf("ValidateUpdate mismatch (-want +got):\n%s", diff)
	}
}
