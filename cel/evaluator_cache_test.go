package cel

import (
	"testing"

	"github.com/kubeversion/kubeversion/crd"
)

// TestValidatorCache checks that a schema is compiled once, whether it
// comes again at the same address or as a copy; that a CRD that
// preserves unknown fields has a compilation of its own; and that the
// cache stays within its bound.
func TestValidatorCache(t *testing.T) {
	rule := func(r string) *crd.JSONSchemaProps {
		return &crd.JSONSchemaProps{Type: "object", XValidations: []crd.ValidationRule{{Rule: r}}}
	}
	var c validatorCache
	get := func(s *crd.JSONSchemaProps, preserve bool) *compiledSchema {
		t.Helper()
		v, err := c.get(s, preserve)
		if err != nil {
			t.Fatalf("get(%v): %v", s.XValidations, err)
		}
		return v
	}
	s := rule("self == self")
	first := get(s, false)
	if first.validator == nil {
		t.Fatalf("a schema with a rule has no validator")
	}
	if get(s, false) != first {
		t.Errorf("the same schema was compiled again")
	}
	if get(rule("self == self"), false) != first {
		t.Errorf("a copy of the schema was compiled again")
	}
	if get(s, true) == first {
		t.Errorf("a CRD that preserves unknown fields shares the compilation of one that does not")
	}
	if get(rule("self != self"), false) == first {
		t.Errorf("another rule shares the compilation")
	}
	for i := range maxValidators + 1 {
		get(&crd.JSONSchemaProps{Type: "object", MaxProperties: ptr(int64(i))}, false)
	}
	if len(c.byAddress) > maxValidators || len(c.byContent) > maxValidators {
		t.Errorf("the cache has %d schemas by address and %d by content, more than %d", len(c.byAddress), len(c.byContent), maxValidators)
	}
}

func ptr[T any](v T) *T { return &v }
