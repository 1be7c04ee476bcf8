package crd

// options are the rules that differ between create and update, as the API
// server's validationOptions: on create every rule applies; on update a
// rule the live object already broke is relaxed, so that an object stored
// under older rules can still be changed.
type options struct {
	// allowDefaults permits default in schemas; disallowDefaultsReason
	// says why not, when it is false.
	allowDefaults          bool
	disallowDefaultsReason string
	// requireRecognizedReviews: conversionReviewVersions must include v1
	// or v1beta1.
	requireRecognizedReviews bool
	// requireImmutableNames forbids changing spec.names (the live object
	// is Established).
	requireImmutableNames bool
	// requireSchema: every version needs a schema, not only served ones.
	requireSchema bool
	// requireValidPropertyType: every type is one of the OpenAPI types.
	requireValidPropertyType bool
	// requireStructuralSchema: schemas must be structural.
	requireStructuralSchema bool
	// requirePrunedDefaults: defaults must be unchanged by pruning.
	requirePrunedDefaults bool
	// requireAtomicSetType: the items of a list-type set are atomic.
	requireAtomicSetType bool
	// requireMapListKeysMapSetValidation: keys of list-type map are not
	// nullable and are required or defaulted; items of map and set lists
	// are not nullable.
	requireMapListKeysMapSetValidation bool
	// allowInvalidCABundle: on create, before the CRD is Established, and
	// when the live object's caBundle was already invalid.
	allowInvalidCABundle bool
	// allowTooManySelectableFields, by version name: the live object
	// already had too many and they are unchanged.
	allowTooManySelectableFields map[string]bool
	// unchangedSchemas, by version name: versions whose schema the update
	// leaves as it was.
	unchangedSchemas map[string]bool
}

// schemaValidator is the state the API server's specStandardValidatorV3
// carries down a schema while checking its keywords.
type schemaValidator struct {
	allowDefaults            bool
	disallowDefaultsReason   string
	insideResourceMeta       bool
	requireValidPropertyType bool
	// forbidOldSelfPath, when not empty, is the highest path below which
	// CEL rules may not use oldSelf.
	forbidOldSelfPath string
}
