package crd

import (
	"strconv"
	"strings"
)

// ValidateCreate returns what the API server would reject when c is
// created, or nil. As the server does, it first replaces the status: the
// stored versions become the first version marked storage, whatever c's
// status says. It does not change c. For example, a CRD whose only version
// is named "V1" gives
//
//	spec.versions[0].name: Invalid value: "V1": a DNS-1035 label must consist of ...
//	spec.version: Invalid value: "V1": a DNS-1035 label must consist of ...
//
// See the package doc for the rules and the order of the errors.
func ValidateCreate(c *CustomResourceDefinition) ErrorList {
	return validate(c, storedVersionsAfter(c, nil), options{
		requireSchema:            true,
		requireRecognizedReviews: true,
	})
}

// ValidateUpdate returns what the API server would reject when old is
// replaced by c, or nil. As the server does, it keeps old's stored versions
// and appends c's first storage version if it is missing; a version is never
// removed from the list, so dropping one from spec.versions is an error
// until a storage migration has removed it from the status. Rules that the
// server relaxes for objects that already broke them (schemas, conversion
// review versions) are relaxed when old broke them. It changes neither
// object.
//
// An old object without stored versions is read, as the API server reads
// it from storage, as storing its first storage version.
func ValidateUpdate(c, old *CustomResourceDefinition) ErrorList {
	oldStored := old.Status.StoredVersions
	if len(oldStored) == 0 {
		oldStored = storedVersionsAfter(old, nil) // as decoding defaults it
	}
	oldReviews := []string(nil)
	if old.Spec.Conversion != nil && old.Spec.Conversion.Webhook != nil {
		oldReviews = old.Spec.Conversion.Webhook.ConversionReviewVersions
	}
	return validate(c, storedVersionsAfter(c, oldStored), options{
		requireSchema:            allHaveSchemas(old.Spec.Versions),
		requireRecognizedReviews: len(oldReviews) == 0 || hasRecognizedReviewVersion(oldReviews),
	})
}

// validate runs the rules in the API server's order.
func validate(c *CustomResourceDefinition, stored []string, opts options) ErrorList {
	versions := c.Spec.Versions
	var errs ErrorList

	// A schema identical in every version moves to the top level, where it
	// satisfies every version; so only the versions without one can fail.
	for i := range versions {
		v := &versions[i]
		switch {
		case v.hasSchema():
		case opts.requireSchema:
			errs = append(errs, required(versionPath(i)+".schema.openAPIV3Schema", ""))
		case v.Served:
			errs = append(errs, required(versionPath(i)+".schema.openAPIV3Schema", "because otherwise all fields are pruned"))
		}
	}

	storage := 0
	unique := true
	seen := make(map[string]bool, len(versions))
	for i := range versions {
		v := &versions[i]
		if v.Storage {
			storage++
		}
		if seen[v.Name] {
			unique = false
		}
		seen[v.Name] = true
		if msgs := IsDNS1035Label(v.Name); msgs != nil {
			errs = append(errs, invalid(versionPath(i)+".name", v.Name, strings.Join(msgs, ",")))
		}
		for _, msg := range deprecationWarningErrors(v.Deprecated, v.DeprecationWarning) {
			errs = append(errs, invalid(versionPath(i)+".deprecationWarning", v.DeprecationWarning, msg))
		}
	}
	if !unique {
		errs = append(errs, invalid("spec.versions", versions, "must contain unique version names"))
	}
	if storage != 1 {
		errs = append(errs, invalid("spec.versions", versions, "must have exactly one version marked as storage version"))
	}
	// The internal type repeats versions[0].name as spec.version, and
	// checks it again.
	if len(versions) > 0 && versions[0].Name != "" {
		if msgs := IsDNS1035Label(versions[0].Name); msgs != nil {
			errs = append(errs, invalid("spec.version", versions[0].Name, strings.Join(msgs, ",")))
		}
	}

	conv := c.Spec.Conversion
	if conv == nil {
		conv = &Conversion{Strategy: NoneConverter}
	}
	errs = append(errs, validateConversion(conv, opts.requireRecognizedReviews)...)
	return append(errs, validateStoredVersions(stored, versions)...)
}

func versionPath(i int) string {
	return "spec.versions[" + strconv.Itoa(i) + "]"
}

// allHaveSchemas reports whether every version has a schema, which is what
// makes the API server require schemas of every version on update.
func allHaveSchemas(versions []Version) bool {
	for i := range versions {
		if !versions[i].hasSchema() {
			return false
		}
	}
	return true
}
