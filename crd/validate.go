package crd

import (
	"github.com/kubeversion/kubeversion/crd/internal/api"
)

// ValidateCreate returns what the API server would reject when c is
// created, or nil. As the server does, it first replaces the status: the
// stored versions become the first version marked storage, whatever c's
// status says, and the generation becomes 1. It does not change c: where
// the server's validation changes the object it checks (it coerces the
// embedded metadata of defaults), a copy is changed, and the errors print
// that copy, as the server's errors print the object it changed. For
// example, a CRD whose only version is named "V1" gives
//
//	spec.versions[0].name: Invalid value: "V1": a DNS-1035 label must consist of ...
//	spec.version: Invalid value: "V1": a DNS-1035 label must consist of ...
//
// See the package doc for the rules and the order of the errors. The CEL
// rules of the schemas are not compiled: see [Validator].
func ValidateCreate(c *CustomResourceDefinition) ErrorList {
	return Validator{}.ValidateCreate(c)
}

// Validator checks CRDs as ValidateCreate and ValidateUpdate do, and with
// CEL, if not nil, judges their x-kubernetes-validations rules too, where
// and in the order the API server does. The zero Validator is
// ValidateCreate and ValidateUpdate. For example, with the checker of
// github.com/kubeversion/kubeversion/cel, a rule "self.replicas >= '0'"
// on the root of the schema of a CRD's one version, whose replicas is an
// integer, gives
//
//	spec.validation.openAPIV3Schema.x-kubernetes-validations[0].rule: Invalid value: {"Rule":"self.replicas \u003e= '0'",...}: compilation failed: ERROR: <input>:1:15: found no matching overload for '_>=_' applied to '(int, string)'
type Validator struct {
	CEL CELChecker
}

// ValidateCreate is [ValidateCreate], with v's CEL checker.
func (v Validator) ValidateCreate(c *CustomResourceDefinition) ErrorList {
	c = validationCopy(c)
	in := newInternalSpec(&c.Spec)
	opts := options{
		requireRecognizedReviews: true,
		requireSchema:            true,
		allowInvalidCABundle:     true, // not Established yet
		schema:                   createSchemaOptions(),
	}
	opts.schema.cel, opts.schema.crd = v.CEL, c
	errs := validateMetaCreate(&c.Metadata, in)
	errs = append(errs, validateSpec(in, opts)...)
	// The new status has no accepted names to check.
	errs = append(errs, validateStoredVersions(storedVersionsAfter(c, nil), c.Spec.Versions)...)
	errs = append(errs, validateAPIApproval(c, nil)...)
	return append(errs, validatePreserveUnknownFields(c, nil)...)
}

// ValidateUpdate returns what the API server would reject when old is
// replaced by c, or nil. As the server's registry strategy does, it keeps
// old's status, with c's first storage version appended to the stored
// versions if it is missing; a version is never removed from that list,
// so dropping one from spec.versions is an error until a storage migration
// has removed it from the status. Rules that the server relaxes for
// objects that already broke them (schemas, conversion review versions,
// too many selectable fields, an invalid caBundle) are relaxed when old
// broke them; spec.scope and spec.names.kind may change only while old is
// not Established. It changes neither object (see ValidateCreate).
//
// The metadata is checked as the strategy sees it: c must carry a
// resourceVersion, as it does when kubectl sends it; its generation is
// old's plus one when the spec changed, else its own.
//
// An old object without stored versions is read, as the API server reads
// it from storage, as storing its first storage version.
//
// The CEL rules of the schemas are not compiled: see [Validator].
func ValidateUpdate(c, old *CustomResourceDefinition) ErrorList {
	return Validator{}.ValidateUpdate(c, old)
}

// ValidateUpdate is [ValidateUpdate], with v's CEL checker.
func (v Validator) ValidateUpdate(c, old *CustomResourceDefinition) ErrorList {
	oldStored := old.Status.StoredVersions
	if len(oldStored) == 0 {
		// As decoding defaults it; an empty list stays empty, not null.
		oldStored = storedVersionsAfter(old, oldStored)
	}
	c = validationCopy(c)
	in, oldIn := newInternalSpec(&c.Spec), newInternalSpec(&old.Spec)
	opts := updateOptions(in, oldIn, old)
	opts.schema.cel, opts.schema.crd, opts.schema.old = v.CEL, c, old
	errs := validateMetaUpdate(c, old)
	errs = append(errs, validateSpec(in, opts)...)
	errs = append(errs, validateSpecUpdate(in, oldIn, opts)...)
	errs = append(errs, validateNames(&old.Status.AcceptedNames, "status.acceptedNames")...)
	errs = append(errs, validateStoredVersions(storedVersionsAfter(c, oldStored), c.Spec.Versions)...)
	errs = append(errs, validateAPIApproval(c, old)...)
	return append(errs, validatePreserveUnknownFields(c, old)...)
}

// allHaveSchemas reports whether every version has a schema, which is what
// makes the API server require schemas of every version on update.
func allHaveSchemas(versions []Version) bool {
	for i := range versions {
		if !api.HasSchema(&versions[i]) {
			return false
		}
	}
	return true
}
