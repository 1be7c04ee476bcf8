package upgrade

import (
	"slices"

	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/field"
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

// Order is what the checks need to know of version priority, which
// package crd knows and this package does not import.
type Order struct {
	// Compare orders two version names by priority, as
	// kubeversion.Compare: negative when a has the lower priority.
	Compare func(a, b string) int
	// Preferred returns the version kubectl uses by default, as
	// crd.PreferredVersion.
	Preferred func(c *api.CustomResourceDefinition) (string, bool)
}

// Names returns the names of all the checks, in the order of the table
// checks, which is the order Check reports them in. The slice is new on
// every call.
func Names() []string {
	names := make([]string, len(checks))
	for i, c := range checks {
		names[i] = c.name
	}
	return names
}

// Breaking returns the names of the checks at level Error, in the order
// of Names. The slice is new on every call.
func Breaking() []string {
	var names []string
	for _, c := range checks {
		if c.level == Error {
			names = append(names, c.name)
		}
	}
	return names
}

// Check returns what replacing old, the live CustomResourceDefinition, by
// new would do to clients and stored objects, as crd.CheckUpgrade
// documents, with version priority taken from o.
func Check(old, new *api.CustomResourceDefinition, o Order) []Finding {
	if new == nil {
		return nil
	}
	var fs []Finding
	if old != nil {
		fs = append(fs, checkLifecycle(old, new, o)...)
	} else {
		fs = append(fs, checkDeprecatedDefaultVersion(new, o)...)
	}
	fs = append(fs, checkNoneConversion(new)...)
	if old != nil {
		fs = append(fs, checkConversionChanges(old, new)...)
	}
	fs = append(fs, checkSchemas(old, new, o)...)
	rank := make(map[string]int, len(checks))
	for i, c := range checks {
		rank[c.name] = i
	}
	slices.SortStableFunc(fs, func(a, b Finding) int { return rank[a.Check] - rank[b.Check] })
	return fs
}

// versionIndex returns the index of the named version in c's
// spec.versions, or -1.
func versionIndex(c *api.CustomResourceDefinition, name string) int {
	return slices.IndexFunc(c.Spec.Versions, func(v api.Version) bool { return v.Name == name })
}

// upgradeVersionPath returns "spec.versions[i]" for the named version of
// c, or "spec.versions" when c has no such version.
func upgradeVersionPath(c *api.CustomResourceDefinition, name string) string {
	if i := versionIndex(c, name); i >= 0 {
		return field.VersionPath(i).String()
	}
	return "spec.versions"
}

// storageVersion returns the name of c's first storage version, or "".
func storageVersion(c *api.CustomResourceDefinition) string {
	for _, v := range c.Spec.Versions {
		if v.Storage {
			return v.Name
		}
	}
	return ""
}

// conversionStrategy returns c's spec.conversion.strategy, None when
// missing, as the server reads it.
func conversionStrategy(c *api.CustomResourceDefinition) string {
	if c.Spec.Conversion == nil || c.Spec.Conversion.Strategy == "" {
		return api.NoneConverter
	}
	return c.Spec.Conversion.Strategy
}
