package validation

import (
	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/field"
)

// updateOptions returns the options of an update from old, whose internal
// spec is oldIn, to the spec in: each rule is relaxed where old already
// broke it, as ValidateCustomResourceDefinitionUpdate computes them.
func updateOptions(in, oldIn *internalSpec, old *api.CustomResourceDefinition) options {
	var oldReviews []string
	if w := oldIn.conversion.Webhook; w != nil {
		oldReviews = w.ConversionReviewVersions
	}
	established := old.Status.IsEstablished()
	return options{
		requireRecognizedReviews:     len(oldReviews) == 0 || hasRecognizedReviewVersion(oldReviews),
		requireSchema:                allHaveSchemas(old.Spec.Versions),
		requireImmutableNames:        established,
		allowInvalidCABundle:         !established || hasInvalidCABundle(oldIn.conversion),
		allowTooManySelectableFields: tooManySelectableFieldsAllowed(in, oldIn),
		schema:                       updateSchemaOptions(old),
	}
}

// hasInvalidCABundle reports whether conv has a webhook caBundle that is
// set and invalid.
func hasInvalidCABundle(conv *api.Conversion) bool {
	if conv.Webhook == nil || conv.Webhook.ClientConfig == nil || len(conv.Webhook.ClientConfig.CABundle) == 0 {
		return false
	}
	return caBundleError(conv.Webhook.ClientConfig.CABundle) != ""
}

// tooManySelectableFieldsAllowed returns the versions ("" for the top
// level) that had more than the maximum of selectable fields in old and
// still have the same ones.
func tooManySelectableFieldsAllowed(in, oldIn *internalSpec) map[string]bool {
	allowed := map[string]bool{}
	if len(oldIn.selectableFields) > maxSelectableFields && api.SemanticEqual(in.selectableFields, oldIn.selectableFields) {
		allowed[""] = true
	}
	oldFields := make(map[string][]api.SelectableField, len(oldIn.versions))
	for _, v := range oldIn.versions {
		oldFields[v.Name] = v.SelectableFields // the last of a name wins
	}
	for _, v := range in.versions {
		if f, ok := oldFields[v.Name]; ok && len(f) > maxSelectableFields && api.SemanticEqual(v.SelectableFields, f) {
			allowed[v.Name] = true
		}
	}
	return allowed
}

// validateSpecUpdate returns the errors of fields that may not change:
// spec.group and spec.names.plural never, spec.scope and spec.names.kind
// once old is Established.
func validateSpecUpdate(in, oldIn *internalSpec, opts options) field.ErrorList {
	var errs field.ErrorList
	immutable := func(parent *field.Path, name, value, oldValue string) {
		if value != oldValue {
			errs = append(errs, field.Invalid(parent.Child(name), value, fieldImmutable))
		}
	}
	if opts.requireImmutableNames {
		immutable(specPath, "scope", in.Scope, oldIn.Scope)
		immutable(namesPath, "kind", in.names.Kind, oldIn.names.Kind)
	}
	immutable(specPath, "group", in.Group, oldIn.Group)
	immutable(namesPath, "plural", in.names.Plural, oldIn.names.Plural)
	return errs
}

const fieldImmutable = "field is immutable"
