package validation

import (
	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/internal/jsonvalue"
)

// The API server checks a default's embedded metadata by coercing it in
// place, in the very object it validates (see validateDefaults): a default
// {"metadata": {"unknownField": 1}} of an embedded resource becomes
// {"metadata": {}}, and a root default loses "name": "". Its errors hold
// parts of that object and are printed only when the validation is over,
// so every error whose value holds such a default, the schema around it or
// the list of versions, prints it coerced, even one reported before the
// coercion. ValidateCreate and ValidateUpdate validate a copy made by
// validationCopy, whose defaults they may change in the same way, and
// return errors that hold parts of it. An error that holds the list of
// versions also holds what the server's conversion kept at the top level
// before the coercion (see internalSpec.invalidVersions), as the coercion
// can make schemas that differed equal.

// validationCopy returns c when validating it cannot change it, which is
// when no schema of c has a default that is an object or a list. Else it
// returns a copy of c that owns its list of versions, their schemas and
// every default validateDefaults may coerce: the defaults reached through
// properties and items, as the server's defaults walk goes, with the
// schemas on the way to them. The rest, which validation only reads, is
// shared with c.
func validationCopy(c *api.CustomResourceDefinition) *api.CustomResourceDefinition {
	if !hasCoercibleDefault(c.Spec.Versions) {
		return c
	}
	cp := *c
	cp.Spec.Versions = make([]api.Version, len(c.Spec.Versions))
	for i, v := range c.Spec.Versions {
		if v.Schema != nil {
			v.Schema = &api.Schema{OpenAPIV3Schema: copyDefaults(v.Schema.OpenAPIV3Schema)}
		}
		cp.Spec.Versions[i] = v
	}
	return &cp
}

// hasCoercibleDefault reports whether some schema of versions has a
// default that coercing metadata can change: an object or a list.
func hasCoercibleDefault(versions []api.Version) bool {
	found := false
	for i := range versions {
		if !api.HasSchema(&versions[i]) {
			continue
		}
		api.WalkSchema(versions[i].Schema.OpenAPIV3Schema, func(s *api.JSONSchemaProps) {
			if s.Default != nil {
				switch s.Default.Value.(type) {
				case map[string]any, []any:
					found = true
				}
			}
		})
		if found {
			return true
		}
	}
	return false
}

// copyDefaults returns a copy of s with its own default and its own
// properties and items, recursively; other fields are shared with s.
func copyDefaults(s *api.JSONSchemaProps) *api.JSONSchemaProps {
	if s == nil {
		return nil
	}
	c := *s
	if s.Default != nil {
		c.Default = &api.JSON{Value: jsonvalue.Copy(s.Default.Value)}
	}
	if s.Items != nil {
		items := *s.Items
		items.Schema = copyDefaults(s.Items.Schema)
		c.Items = &items
	}
	if s.Properties != nil {
		c.Properties = make(map[string]api.JSONSchemaProps, len(s.Properties))
		for k, p := range s.Properties {
			c.Properties[k] = *copyDefaults(&p)
		}
	}
	return &c
}
