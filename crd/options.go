package crd

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
}
