package crd

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// tv is a version of a test CRD: its name, flags, and schema as JSON ("" for
// {"type":"object"}).
type tv struct {
	name                        string
	served, storage, deprecated bool
	schema                      string
}

// upCRD returns the namespaced CRD widgets.example.com with the versions
// vs, each change applied to it.
func upCRD(t *testing.T, vs []tv, changes ...func(*CustomResourceDefinition)) *CustomResourceDefinition {
	t.Helper()
	c := &CustomResourceDefinition{
		Metadata: Metadata{Name: "widgets.example.com"},
		Spec: Spec{
			Group: "example.com",
			Names: Names{Plural: "widgets", Kind: "Widget"},
			Scope: NamespaceScoped,
		},
	}
	for _, v := range vs {
		s := v.schema
		if s == "" {
			s = `{"type":"object"}`
		}
		var props JSONSchemaProps
		if err := json.Unmarshal([]byte(s), &props); err != nil {
			t.Fatalf("schema of %s: %v", v.name, err)
		}
		c.Spec.Versions = append(c.Spec.Versions, Version{Name: v.name, Served: v.served, Storage: v.storage,
			Deprecated: v.deprecated, Schema: &Schema{OpenAPIV3Schema: &props}})
	}
	for _, change := range changes {
		change(c)
	}
	return c
}

// stored sets the live status.storedVersions.
func stored(versions ...string) func(*CustomResourceDefinition) {
	return func(c *CustomResourceDefinition) { c.Status.StoredVersions = versions }
}

// webhook sets strategy Webhook, with service ns/conv.
func webhook(c *CustomResourceDefinition) {
	c.Spec.Conversion = &Conversion{Strategy: WebhookConverter, Webhook: &Webhook{
		ClientConfig:             &ClientConfig{Service: &ServiceReference{Namespace: "ns", Name: "conv"}},
		ConversionReviewVersions: []string{"v1"},
	}}
}

// summary returns each finding as "check field version", the part a
// table states; messages are checked where a case names words they hold.
func summary(fs []Finding) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.Check + " " + f.Field + " " + f.Version
	}
	return out
}

// upgradeCase is a comparison of two revisions of a CRD with the findings
// of CheckUpgrade: want as summary lists them, and words that their
// messages hold, in this order.
type upgradeCase struct {
	name     string
	old, new *CustomResourceDefinition
	want     []string
	words    []string
}

// checkUpgradeCases checks each of tests in a subtest of its name.
func checkUpgradeCases(t *testing.T, tests []upgradeCase) {
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkFindings(t, CheckUpgrade(tt.old, tt.new), tt.want, tt.words)
		})
	}
}

// checkFindings reports the difference between summary(fs) and want, and
// each of words that the messages of fs lack (see checkWords).
func checkFindings(t *testing.T, fs []Finding, want, words []string) {
	t.Helper()
	if diff := cmp.Diff(want, summary(fs), cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("CheckUpgrade mismatch (-want +got):\n%s", diff)
	}
	checkWords(t, fs, words)
}

// checkWords reports each of words that is not in the messages of fs, in
// order.
func checkWords(t *testing.T, fs []Finding, words []string) {
	t.Helper()
	var all strings.Builder
	for _, f := range fs {
		all.WriteString(f.Message + "\n")
	}
	text := all.String()
	for _, w := range words {
		i := strings.Index(text, w)
		if i < 0 {
			t.Errorf("messages lack %q; they are:\n%s", w, all.String())
			continue
		}
		text = text[i+len(w):]
	}
}
