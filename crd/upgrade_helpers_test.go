package crd

import (
	"encoding/json"
	"testing"
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
