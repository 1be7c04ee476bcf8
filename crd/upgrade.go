package crd

import (
	"github.com/kubeversion/kubeversion"
	"github.com/kubeversion/kubeversion/crd/internal/upgrade"
)

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
type Finding = upgrade.Finding

// UpgradeChecks returns the names of all the checks of [CheckUpgrade], in
// the order it reports them: first the version lifecycle
// ("served-version-removed" and the like), then conversion, then schema
// compatibility ("scope-changed", "field-removed", ..., and
// "unhandled-change" last). The slice is new on every call. A tool that
// takes check names from its users can reject the names not in it.
func UpgradeChecks() []string {
	return upgrade.Names()
}

// BreakingUpgradeChecks returns the names of the checks of [UpgradeChecks]
// whose findings mean that a request or a stored object that worked
// before the upgrade fails, or that data is lost, in the order of
// UpgradeChecks. The findings of the other checks need a judgement: they
// may break clients or may not. A tool may make the first errors and the
// others warnings by default, as kubeversion lint does. The slice is new
// on every call.
func BreakingUpgradeChecks() []string {
	return upgrade.Breaking()
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
	return upgrade.Check(old, new, upgrade.Order{Compare: kubeversion.Compare, Preferred: PreferredVersion})
}
