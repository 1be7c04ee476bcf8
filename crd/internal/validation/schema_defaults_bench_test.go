package validation

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/field"
	"github.com/kubeversion/kubeversion/crd/internal/structural"
)

// embeddedDefaultsSchema has n embedded resources under spec, each with
// a default that sets apiVersion, kind and metadata, and a list of them
// whose items default the same way: what objectmeta coerces, validates
// and, for the ratchet, drops malformed fields from.
func embeddedDefaultsSchema(b *testing.B, n int) *api.JSONSchemaProps {
	b.Helper()
	const resource = `{"type": "object", "x-kubernetes-embedded-resource": true, "x-kubernetes-preserve-unknown-fields": true,
		"properties": {"a": {"type": "integer"}},
		"default": {"apiVersion": "v1", "kind": "Foo", "a": 1, "metadata": {"name": "x", "labels": {"app": "web"}, "extra": 1}}}`
	props := make([]string, n)
	for i := range props {
		props[i] = `"r` + strconv.Itoa(i) + `": ` + resource
	}
	s := `{"type": "object", "properties": {"spec": {"type": "object", "properties": {` + strings.Join(props, ",") + `,
		"list": {"type": "array", "items": ` + resource + `, "default": [{"apiVersion": "v1", "kind": "Foo", "metadata": {"name": "y"}}]}}}}}`
	var p api.JSONSchemaProps
	if err := json.Unmarshal([]byte(s), &p); err != nil {
		b.Fatal(err)
	}
	return &p
}

// BenchmarkEmbeddedDefaults checks the defaults of embedded resources, as
// a CRD's create does, and asks whether pruning changes them, as its
// update does.
func BenchmarkEmbeddedDefaults(b *testing.B) {
	s := embeddedDefaultsSchema(b, 50)
	ss, msg := structural.New(s, structural.Options{})
	if msg != "" {
		b.Fatal(msg)
	}
	b.Run("func=validateDefaults", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			validateDefaults(ss, field.VersionPath(0).Child("schema").Child("openAPIV3Schema"), true, true)
		}
	})
	b.Run("func=pruningChangesDefaults", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			pruningChangesDefaults(s)
		}
	})
}
