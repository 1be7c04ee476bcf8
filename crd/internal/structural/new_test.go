package structural

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/kubeversion/kubeversion/crd/internal/api"
)

// schemaOf decodes a schema written as JSON.
func schemaOf(t *testing.T, text string) *api.JSONSchemaProps {
	t.Helper()
	var s api.JSONSchemaProps
	if err := json.Unmarshal([]byte(text), &s); err != nil {
		t.Fatal(err)
	}
	return &s
}

// TestNewLenient checks what Options.Lenient changes: a schema the strict
// model refuses is converted, and for a structural schema the two models
// are equal but for the value validations.
func TestNewLenient(t *testing.T) {
	for _, tt := range []struct{ schema, refusal string }{
		{`{"type":"object","properties":{"a":{"type":"array","items":[{"type":"string"}]}}}`, "OpenAPIV3Schema 'items' must be a schema, but is an array"},
		{`{"type":"object","x-kubernetes-preserve-unknown-fields":false}`, "internal error: 'x-kubernetes-preserve-unknown-fields' must be true or undefined"},
		{`{"type":"object","properties":{"a":{"type":"string","maxLength":3,"default":"x"},"b":{"type":"array","items":{"type":"integer","minimum":1}}},"additionalProperties":false}`, ""},
	} {
		s := schemaOf(t, tt.schema)
		strict, msg := New(s, Options{})
		if msg != tt.refusal {
			t.Errorf("New(%s) refuses with %q, want %q", tt.schema, msg, tt.refusal)
		}
		lenient, msg := New(s, Options{Lenient: true})
		if msg != "" || lenient == nil {
			t.Errorf("New(%s, lenient) = %v, %q: want a model", tt.schema, lenient, msg)
			continue
		}
		if strict == nil {
			continue
		}
		if !lenient.HasDefaults || strict.Property("a").ValueValidation == nil || lenient.Property("a").ValueValidation != nil {
			t.Errorf("New(%s, lenient): HasDefaults %v, value validations strict %v lenient %v", tt.schema, lenient.HasDefaults, strict.Property("a").ValueValidation, lenient.Property("a").ValueValidation)
		}
		clearValueValidations(strict)
		if !reflect.DeepEqual(strict, lenient) {
			t.Errorf("New(%s): the lenient model differs from the strict one beyond its value validations", tt.schema)
		}
	}
}

// clearValueValidations sets every ValueValidation of s and below to nil.
func clearValueValidations(s *Structural) {
	if s == nil {
		return
	}
	s.ValueValidation = nil
	clearValueValidations(s.Items)
	for _, p := range s.Properties {
		clearValueValidations(p.Schema)
	}
	if s.AdditionalProperties != nil {
		clearValueValidations(s.AdditionalProperties.Structural)
	}
}
