package validation

import (
	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/field"
	"github.com/kubeversion/kubeversion/crd/internal/objectmeta"
	"github.com/kubeversion/kubeversion/crd/internal/openapi"
	"github.com/kubeversion/kubeversion/crd/internal/prune"
	"github.com/kubeversion/kubeversion/crd/internal/structural"
	"github.com/kubeversion/kubeversion/internal/jsonvalue"
)

// validateDefaults checks every default in s, the model of a structural
// schema whose root is at path (for example
// "spec.versions[0].schema.openAPIV3Schema"), as the API server's
// defaulting.ValidateDefaults does (CEL rules aside). The server calls it
// only for a structural schema, and so should callers.
//
// A default is checked against the model of the schema it sits in by
// package openapi's validator, after two checks of its own:
//
//   - with requirePrunedDefaults, it must be unchanged by pruning with that
//     schema: "must not have unknown fields";
//   - where the schema is an embedded resource (or the resource root),
//     apiVersion and kind must be non-empty strings and metadata valid
//     object metadata (see [objectmeta.Validate]).
//
// A default under apiVersion, kind or metadata of a resource is checked
// within the resource around it, with apiVersion "validation/v1" and kind
// "Validation" where it sets none: the metadata must stay valid ("must
// result in valid metadata: ...") and the default must fit its schema.
//
// Like the server, it coerces in place the embedded metadata of every
// default outside apiVersion, kind and metadata (see [objectmeta.Coerce]).
// The model's defaults are those of the wire schema it was built from, so
// that schema changes too: callers that must keep it build the model from
// a copy (see validationCopy). A default inside them is checked in a copy.
//
// isResourceRoot is true for the root of a CRD's schema. The properties of
// a schema are visited in sorted order, where the server's order is
// random; defaults under additionalProperties are not visited, as in the
// server, since they are forbidden there.
// The walk does not go where the model says no default is (HasDefaults).
func validateDefaults(s *structural.Structural, path *field.Path, isResourceRoot, requirePrunedDefaults bool) field.ErrorList {
	if s == nil || !s.HasDefaults {
		return nil // and no resource root to copy
	}
	if isResourceRoot {
		s = structural.ResourceRoot(s)
	}
	d := defaultsChecker{prune: requirePrunedDefaults}
	d.walk(s, path, s, nil, false)
	return d.errs
}

// defaultsChecker holds the state of one validateDefaults.
type defaultsChecker struct {
	prune  bool
	values openapi.Validator
	errs   field.ErrorList
}

// defaultStep is one step from a resource down to a default: a field name, or
// into a list when index is true.
type defaultStep struct {
	key   string
	index bool
}

// walk checks the default of s and those below it. root is the model of
// the nearest resource around s, and steps the way from it to s.
func (d *defaultsChecker) walk(s *structural.Structural, path *field.Path, root *structural.Structural, steps []defaultStep, insideMeta bool) {
	if s == nil || !s.HasDefaults {
		return
	}
	if s.XEmbeddedResource {
		insideMeta = false
		root = s
		steps = nil
	}
	if s.Default != nil && *s.Default != nil {
		if insideMeta {
			d.checkInMeta(s, path, root, steps)
		} else {
			d.check(s, path)
		}
	}
	if s.Items != nil {
		d.walk(s.Items, path.Child("items"), root, appendStep(steps, defaultStep{index: true}), insideMeta)
	}
	for _, p := range s.Properties {
		if !p.Schema.HasDefaults {
			continue
		}
		k := p.Name
		meta := insideMeta || s.XEmbeddedResource && (k == "apiVersion" || k == "kind" || k == "metadata")
		d.walk(p.Schema, path.Property(k), root, appendStep(steps, defaultStep{key: k}), meta)
	}
}

// appendStep appends to a copy of steps, which sibling walks share.
func appendStep(steps []defaultStep, s defaultStep) []defaultStep {
	return append(steps[:len(steps):len(steps)], s)
}

// check checks a default outside apiVersion, kind and metadata.
func (d *defaultsChecker) check(s *structural.Structural, path *field.Path) {
	at := path.Child("default")
	// The server coerces the default itself, not a copy: metadata it
	// rewrites is what the value check sees, and what every error holding
	// the default, or the schema around it, prints, even one reported
	// before.
	def := *s.Default
	if d.prune && prune.Value(jsonvalue.Copy(def), s, s.XEmbeddedResource) {
		d.errs = append(d.errs, field.Invalid(at, def, "must not have unknown fields"))
	}
	if err := objectmeta.Coerce(at, def, s, s.XEmbeddedResource); err != nil {
		d.errs = append(d.errs, err)
	} else if errs := objectmeta.Validate(at, def, s, s.XEmbeddedResource); len(errs) > 0 {
		d.errs = append(d.errs, errs...)
	} else {
		d.errs = append(d.errs, openapi.FieldErrors(d.values.Validate(def, s), at)...)
	}
}

// checkInMeta checks a default inside apiVersion, kind or metadata of the
// resource whose model is root, by building the resource around it.
func (d *defaultsChecker) checkInMeta(s *structural.Structural, path *field.Path, root *structural.Structural, steps []defaultStep) {
	at := path.Child("default")
	def := *s.Default
	obj := surround(jsonvalue.Copy(def), steps)
	if err := objectmeta.Coerce(nil, obj, root, true); err != nil {
		d.errs = append(d.errs, field.Invalid(at, def, "must result in valid metadata: "+err.Error()))
	} else if errs := objectmeta.Validate(nil, obj, root, true); len(errs) > 0 {
		d.errs = append(d.errs, field.Invalid(at, def, "must result in valid metadata: "+aggregate(errs)))
	} else {
		d.errs = append(d.errs, openapi.FieldErrors(d.values.Validate(def, s), at)...)
	}
}

// surround builds the resource that holds x at the end of steps, with
// apiVersion and kind set where it has none, as the server's
// SurroundingObjectFunc does.
func surround(x any, steps []defaultStep) map[string]any {
	for i := len(steps) - 1; i >= 0; i-- {
		if steps[i].index {
			x = []any{x}
		} else {
			x = map[string]any{steps[i].key: x}
		}
	}
	// Inside metadata there is at least one step, a field: x is an object.
	obj := x.(map[string]any)
	if _, ok := obj["kind"]; !ok {
		obj["kind"] = "Validation"
	}
	if _, ok := obj["apiVersion"]; !ok {
		obj["apiVersion"] = "validation/v1"
	}
	return obj
}

// aggregate writes a list of errors as the API server's ToAggregate does:
// one message alone, several in brackets.
func aggregate(errs field.ErrorList) string {
	if len(errs) == 1 {
		return errs[0].Error()
	}
	// An aggregate drops messages seen before.
	msgs := make([]string, len(errs))
	for i, e := range errs {
		msgs[i] = e.Error()
	}
	msgs = field.Unique(msgs, func(m string) string { return m })
	if len(msgs) == 1 {
		return msgs[0]
	}
	s := "["
	for i, m := range msgs {
		if i > 0 {
			s += ", "
		}
		s += m
	}
	return s + "]"
}

// CheckDefaults returns the errors of the defaults of s, a schema at
// path, as the API server checks them when s is structural, pruning them
// first when prune is true; nil when s is not structural.
func CheckDefaults(s *api.JSONSchemaProps, path *field.Path, prune bool) field.ErrorList {
	ss, msg := structural.New(s, structural.Options{})
	if msg != "" {
		return nil
	}
	return validateDefaults(ss, path, true, prune)
}
