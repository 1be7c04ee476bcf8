package validation

// options are the rules that differ between create and update, as the API
// server's validationOptions: on create every rule applies; on update a
// rule the live object already broke is relaxed, so that an object stored
// under older rules can still be changed.
type options struct {
	// requireRecognizedReviews: conversionReviewVersions must include v1
	// or v1beta1.
	requireRecognizedReviews bool
	// requireSchema: every version needs a schema, not only served ones.
	requireSchema bool
	// requireImmutableNames: spec.scope and spec.names.kind may not
	// change, because the live object is Established.
	requireImmutableNames bool
	// allowInvalidCABundle: the webhook's caBundle is not checked, because
	// the live object is not Established or its caBundle was invalid too.
	allowInvalidCABundle bool
	// allowTooManySelectableFields holds the versions ("" for the top
	// level) whose unchanged selectable fields were already too many.
	allowTooManySelectableFields map[string]bool
	// schema holds the options of the schema rules.
	schema schemaOptions
}
