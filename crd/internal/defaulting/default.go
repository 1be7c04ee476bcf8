package defaulting

import (
	"github.com/kubeversion/kubeversion/crd/internal/structural"
	"github.com/kubeversion/kubeversion/internal/jsonvalue"
)

// Default sets in x the defaults of s, as the server's Default does:
//
//   - in an object, each property of s with a default that x lacks, or
//     holds as null where the property is not nullable, gets a copy of the
//     default; a field that additionalProperties matches, null where its
//     schema is not nullable, gets a copy of that schema's default (or
//     stays null without one);
//   - in a list, each null item whose items schema is not nullable gets a
//     copy of the items' default, or stays null;
//   - then every field and item is defaulted by its own schema, those just
//     set included, so that a default gets the defaults inside it.
//
// A default of null counts as none. Fields that s does not specify are
// left alone, and so is everything below them; the defaults of
// x-kubernetes-preserve-unknown-fields schemas apply like any other. x is
// changed in place; the defaults of s are not shared with it.
//
// For example, with s {"properties": {"replicas": {"type": "integer",
// "default": 1}}}, Default turns {} into {"replicas": 1} and
// {"replicas": null} into {"replicas": 1} too.
func Default(x any, s *structural.Structural) {
	if s == nil {
		return
	}
	switch x := x.(type) {
	case map[string]any:
		for _, p := range s.Properties {
			if !hasDefault(p.Schema) {
				continue
			}
			if v, found := x[p.Name]; !found || nonNullableNull(v, p.Schema) {
				x[p.Name] = jsonvalue.Copy(*p.Schema.Default)
			}
		}
		for k, v := range x {
			if p := s.Property(k); p != nil {
				Default(v, p)
			} else if s.AdditionalProperties != nil {
				ap := s.AdditionalProperties.Structural
				if nonNullableNull(v, ap) {
					v = defaultOf(ap)
					x[k] = v
				}
				Default(v, ap)
			}
		}
	case []any:
		for i := range x {
			if nonNullableNull(x[i], s.Items) {
				x[i] = defaultOf(s.Items)
			}
			Default(x[i], s.Items)
		}
	}
}

// hasDefault reports whether s has a default other than null.
func hasDefault(s *structural.Structural) bool {
	return s != nil && s.Default != nil && *s.Default != nil
}

// defaultOf returns a copy of the default of s, or nil.
func defaultOf(s *structural.Structural) any {
	if !hasDefault(s) {
		return nil
	}
	return jsonvalue.Copy(*s.Default)
}

// nonNullableNull reports whether x is null where s, a schema, does not
// allow it.
func nonNullableNull(x any, s *structural.Structural) bool {
	return x == nil && s != nil && !s.Nullable
}
