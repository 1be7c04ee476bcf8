package validation

import (
	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/field"
)

// Create returns what the API server would reject when c is created, or
// nil, as crd.ValidateCreate documents, with cel, if not nil, judging the
// x-kubernetes-validations rules.
func Create(c *api.CustomResourceDefinition, cel CELChecker) field.ErrorList {
	c = validationCopy(c)
	in := newInternalSpec(&c.Spec)
	opts := options{
		requireRecognizedReviews: true,
		requireSchema:            true,
		allowInvalidCABundle:     true, // not Established yet
		schema:                   createSchemaOptions(),
	}
	opts.schema.cel, opts.schema.crd = cel, c
	errs := validateMetaCreate(&c.Metadata, in)
	errs = append(errs, validateSpec(in, opts)...)
	// The new status has no accepted names to check.
	errs = append(errs, validateStoredVersions(storedVersionsAfter(c, nil), c.Spec.Versions)...)
	errs = append(errs, validateAPIApproval(c, nil)...)
	return append(errs, validatePreserveUnknownFields(c, nil)...)
}

// Update returns what the API server would reject when old is replaced
// by c, or nil, as crd.ValidateUpdate documents, with cel, if not nil,
// judging the x-kubernetes-validations rules.
func Update(c, old *api.CustomResourceDefinition, cel CELChecker) field.ErrorList {
	oldStored := old.Status.StoredVersions
	if len(oldStored) == 0 {
		// As decoding defaults it; an empty list stays empty, not null.
		oldStored = storedVersionsAfter(old, oldStored)
	}
	c = validationCopy(c)
	in, oldIn := newInternalSpec(&c.Spec), newInternalSpec(&old.Spec)
	opts := updateOptions(in, oldIn, old)
	opts.schema.cel, opts.schema.crd, opts.schema.old = cel, c, old
	errs := validateMetaUpdate(c, old)
	errs = append(errs, validateSpec(in, opts)...)
	errs = append(errs, validateSpecUpdate(in, oldIn, opts)...)
	errs = append(errs, validateNames(&old.Status.AcceptedNames, acceptedNamePath)...)
	errs = append(errs, validateStoredVersions(storedVersionsAfter(c, oldStored), c.Spec.Versions)...)
	errs = append(errs, validateAPIApproval(c, old)...)
	return append(errs, validatePreserveUnknownFields(c, old)...)
}

// allHaveSchemas reports whether every version has a schema, which is what
// makes the API server require schemas of every version on update.
func allHaveSchemas(versions []api.Version) bool {
	for i := range versions {
		if !api.HasSchema(&versions[i]) {
			return false
		}
	}
	return true
}
