package crd

import "slices"

// Finding is one thing that an upgrade of a CustomResourceDefinition does
// to its clients or to its stored objects, which the API server accepts
// without a word. It is a value: two equal findings are ==.
//
// Check is the stable name of the check that found it, one of
// [UpgradeChecks], for example "served-version-removed"; a tool may let
// users set each name to error, warning or off. Field is the path in the
// new CustomResourceDefinition that the finding is about, written as the
// API server writes paths, for example "spec.versions[1].served" or
// "spec.versions[0].schema.openAPIV3Schema.properties[spec].type"; where
// the thing is gone from the new object, it is the closest path that is
// still there. Version is the name of the version the finding concerns,
// or "" when it concerns the whole CRD. Message says what happens and
// what to do, in lower case.
//
// From is set only on the findings of comparing two served versions of the
// new CRD with each other: it is the lower-priority one, whose schema
// Version's is compared with. For example, a field of v1beta1 that v1
// lacks gives a field-removed finding with Version "v1" and From
// "v1beta1". Clients moving from From to Version meet the change, which a
// new API version may make on purpose, so a tool may weigh these findings
// lower; stored objects are not concerned, except through conversion,
// which none-conversion-drops-fields covers. From is "" on every other
// finding, including those of a storage version move.
type Finding struct {
	Check   string
	Field   string
	Version string
	From    string
	Message string
}

// String returns the finding as one line, "<field>: <message> [<check>]",
// for example
//
//	spec.versions[0].served: v1beta1 is no longer served ... [served-version-removed]
func (f Finding) String() string {
	return f.Field + ": " + f.Message + " [" + f.Check + "]"
}

// The names of the checks, in the order [CheckUpgrade] reports them.
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

var upgradeChecks = []string{
	checkServedVersionRemoved, checkRemovedWithoutDeprecate, checkDefaultVersionChanged,
	checkDeprecatedDefault, checkStorageVersionChanged, checkStoredVersionUnserved,
	checkNoneConversionDrops, checkConversionChanged, checkWebhookMissing,
	checkScopeChanged, checkFieldRemoved, checkTypeChanged, checkTypeWidened, checkTypeRemoved,
	checkEnumAdded, checkEnumValueRemoved, checkEnumValueAdded, checkDefaultChanged,
	checkMaximumTightened, checkMaxLengthTightened, checkMaxItemsTightened, checkMaxPropertiesTightened,
	checkMinimumTightened, checkMinLengthTightened, checkMinItemsTightened, checkMinPropertiesTightened,
	checkRequiredAdded, checkPatternChanged, checkPatternLoosened, checkNullableChanged, checkFormatChanged,
	checkUniqueItemsAdded, checkAllOfChanged, checkAnyOfChanged, checkOneOfChanged, checkNotChanged, checkListTypeChanged, checkMapTypeChanged, checkValidationRulesChanged,
	checkUnhandledChange,
}

// UpgradeChecks returns the names of all the checks of [CheckUpgrade], in
// the order it reports them: first the version lifecycle
// ("served-version-removed" and the like), then conversion, then schema
// compatibility ("scope-changed", "field-removed", ..., and
// "unhandled-change" last). The slice is new on every call. A tool that
// takes check names from its users can reject the names not in it.
func UpgradeChecks() []string {
	return slices.Clone(upgradeChecks)
}

// CheckUpgrade returns what replacing old, the live CustomResourceDefinition,
// by new would do to clients and stored objects, in the order of
// [UpgradeChecks] and, within a check, of the versions. It reads the live
// object's status.storedVersions; new's status is ignored.
//
// With old nil (no live object), it runs only the checks that need none:
// none-conversion-drops-fields, deprecated-default, and the schema
// compatibility of each served version with the next higher one. With old,
// it checks the version lifecycle, the conversion, and the schema
// compatibility within each version kept, from old's storage version to
// new's when the storage version moves, and between served versions
// neighbouring in priority where one of them is new or has a changed
// schema. A nil new gives no findings. The checks that need no live object
// report what is true of new whether or not old had it too, so that lint
// with and without a live object agrees on them: CheckUpgrade(c, c) gives
// exactly the deprecated-default and none-conversion-drops-fields findings
// of CheckUpgrade(nil, c), and nothing else.
//
// For example, when the live CRD serves v1beta1 and v1 and the new one
// drops v1beta1, which was not deprecated, CheckUpgrade reports
// served-version-removed and removed-without-deprecation at
// "spec.versions".
func CheckUpgrade(old, new *CustomResourceDefinition) []Finding {
	if new == nil {
		return nil
	}
	var fs []Finding
	if old != nil {
		fs = append(fs, checkLifecycle(old, new)...)
	} else {
		fs = append(fs, checkDeprecatedDefaultVersion(new)...)
	}
	fs = append(fs, checkNoneConversion(new)...)
	if old != nil {
		fs = append(fs, checkConversionChanges(old, new)...)
	}
	fs = append(fs, checkSchemas(old, new)...)
	rank := make(map[string]int, len(upgradeChecks))
	for i, c := range upgradeChecks {
		rank[c] = i
	}
	slices.SortStableFunc(fs, func(a, b Finding) int { return rank[a.Check] - rank[b.Check] })
	return fs
}

// versionIndex returns the index of the named version in c's
// spec.versions, or -1.
func versionIndex(c *CustomResourceDefinition, name string) int {
	return slices.IndexFunc(c.Spec.Versions, func(v Version) bool { return v.Name == name })
}

// upgradeVersionPath returns "spec.versions[i]" for the named version of
// c, or "spec.versions" when c has no such version.
func upgradeVersionPath(c *CustomResourceDefinition, name string) string {
	if i := versionIndex(c, name); i >= 0 {
		return versionPath(i)
	}
	return "spec.versions"
}

// storageVersion returns the name of c's first storage version, or "".
func storageVersion(c *CustomResourceDefinition) string {
	for _, v := range c.Spec.Versions {
		if v.Storage {
			return v.Name
		}
	}
	return ""
}

// conversionStrategy returns c's spec.conversion.strategy, None when
// missing, as the server reads it.
func conversionStrategy(c *CustomResourceDefinition) string {
	if c.Spec.Conversion == nil || c.Spec.Conversion.Strategy == "" {
		return NoneConverter
	}
	return c.Spec.Conversion.Strategy
}
