package upgrade

// The names of the checks.
const (
	checkServedVersionRemoved    = "served-version-removed"
	checkRemovedWithoutDeprecate = "removed-without-deprecation"
	checkDefaultVersionChanged   = "default-version-changed"
	checkDeprecatedDefault       = "deprecated-default"
	checkStorageVersionChanged   = "storage-version-changed"
	checkStoredVersionUnserved   = "stored-version-unserved"
	checkNoneConversionDrops     = "none-conversion-drops-fields"
	checkConversionChanged       = "conversion-strategy-changed"
	checkWebhookMissing          = "webhook-missing-for-version"
	checkScopeChanged            = "scope-changed"
	checkFieldRemoved            = "field-removed"
	checkTypeChanged             = "type-changed"
	checkTypeWidened             = "type-widened"
	checkTypeRemoved             = "type-removed"
	checkEnumAdded               = "enum-added"
	checkEnumValueRemoved        = "enum-value-removed"
	checkEnumValueAdded          = "enum-value-added"
	checkDefaultChanged          = "default-changed"
	checkMaximumTightened        = "maximum-tightened"
	checkMaxLengthTightened      = "max-length-tightened"
	checkMaxItemsTightened       = "max-items-tightened"
	checkMaxPropertiesTightened  = "max-properties-tightened"
	checkMinimumTightened        = "minimum-tightened"
	checkMinLengthTightened      = "min-length-tightened"
	checkMinItemsTightened       = "min-items-tightened"
	checkMinPropertiesTightened  = "min-properties-tightened"
	checkRequiredAdded           = "required-added"
	checkPatternChanged          = "pattern-changed"
	checkPatternLoosened         = "pattern-loosened"
	checkNullableChanged         = "nullable-changed"
	checkFormatChanged           = "format-changed"
	checkUniqueItemsAdded        = "unique-items-added"
	checkAllOfChanged            = "all-of-changed"
	checkAnyOfChanged            = "any-of-changed"
	checkOneOfChanged            = "one-of-changed"
	checkNotChanged              = "not-changed"
	checkListTypeChanged         = "list-type-changed"
	checkMapTypeChanged          = "map-type-changed"
	checkValidationRulesChanged  = "validation-rules-changed"
	checkUnhandledChange         = "unhandled-change"
)

// Level is what a tool does by default with the findings of a check.
type Level uint8

const (
	// Warning is the level of a check whose findings need a judgement: they
	// may break clients or may not.
	Warning Level = iota
	// Error is the level of a check whose findings mean that a request or
	// a stored object that worked before the upgrade fails, or that data is
	// lost.
	Error
)

// checkInfo is one check: its name, what its findings say, and its
// default level.
type checkInfo struct {
	name  string
	doc   string
	level Level
}

// checks are all the checks, in the order Check reports their findings:
// first the version lifecycle, then conversion, then schema compatibility,
// with unhandled-change last. Names, the order of Check and the
// documentation of crd.UpgradeChecks read this table.
var checks = []checkInfo{
	{checkServedVersionRemoved, "a version the live object serves is no longer served: its clients fail", Warning},
	{checkRemovedWithoutDeprecate, "a version stops being served without having been deprecated in the live object", Error},
	{checkDefaultVersionChanged, "kubectl's default version, the preferred served version, changes", Warning},
	{checkDeprecatedDefault, "kubectl's default version is deprecated", Warning},
	{checkStorageVersionChanged, "the storage version moves to another version", Warning},
	{checkStoredVersionUnserved, "a version in the live status.storedVersions is not served", Warning},
	{checkNoneConversionDrops, "with strategy None, a field of one version is missing from another, and objects lose it", Error},
	{checkConversionChanged, "spec.conversion.strategy changes", Warning},
	{checkWebhookMissing, "a version is newly served and converted by the webhook, which must convert it before the CRD is applied", Warning},
	{checkScopeChanged, "spec.scope changes between Namespaced and Cluster", Error},
	{checkFieldRemoved, "a field of the schema is gone", Error},
	{checkTypeChanged, "the type of a field changes", Error},
	{checkTypeWidened, "the type of a field accepts more than before, as integer to number", Warning},
	{checkTypeRemoved, "the type of a field is removed: values of other types are accepted", Warning},
	{checkEnumAdded, "a field without an enum gets one", Error},
	{checkEnumValueRemoved, "a value of an enum is removed", Error},
	{checkEnumValueAdded, "a value is added to an enum", Warning},
	{checkDefaultChanged, "the default of a field changes", Warning},
	{checkMaximumTightened, "maximum is added or lowered", Error},
	{checkMaxLengthTightened, "maxLength is added or lowered", Error},
	{checkMaxItemsTightened, "maxItems is added or lowered", Error},
	{checkMaxPropertiesTightened, "maxProperties is added or lowered", Error},
	{checkMinimumTightened, "minimum is added or raised", Error},
	{checkMinLengthTightened, "minLength is added or raised", Error},
	{checkMinItemsTightened, "minItems is added or raised", Error},
	{checkMinPropertiesTightened, "minProperties is added or raised", Error},
	{checkRequiredAdded, "a property becomes required", Error},
	{checkPatternChanged, "the pattern of a field changes so that it may refuse values it accepted", Error},
	{checkPatternLoosened, "the pattern of a field changes so that it accepts every value it accepted, and more", Warning},
	{checkNullableChanged, "nullable changes", Warning},
	{checkFormatChanged, "the format of a field changes", Warning},
	{checkUniqueItemsAdded, "uniqueItems is set: the items of a list must now be unique", Error},
	{checkAllOfChanged, "allOf changes", Warning},
	{checkAnyOfChanged, "anyOf changes", Warning},
	{checkOneOfChanged, "oneOf changes", Warning},
	{checkNotChanged, "not changes", Warning},
	{checkListTypeChanged, "x-kubernetes-list-type or its map keys change", Warning},
	{checkMapTypeChanged, "x-kubernetes-map-type changes", Warning},
	{checkValidationRulesChanged, "the CEL rules of x-kubernetes-validations change", Warning},
	{checkUnhandledChange, "a schema change that no other check judges", Warning},
}
