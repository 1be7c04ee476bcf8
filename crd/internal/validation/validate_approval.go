package validation

import (
	"net/url"
	"strings"

	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/field"
)

// apiApprovalAnnotation is the annotation that a CRD in a group under
// k8s.io or kubernetes.io must carry: the URL of the pull request that
// approved its API, or a reason starting with "unapproved".
const apiApprovalAnnotation = "api-approved.kubernetes.io"

type approvalState int

const (
	approvalInvalid approvalState = iota
	approved
	approvalBypassed
	approvalMissing
)

const approvalPR = ", see https://github.com/kubernetes/enhancements/pull/1111"

// apiApproval reads the approval annotation as apihelpers.GetAPIApprovalState.
func apiApproval(annotations map[string]string) (approvalState, string) {
	a := annotations[apiApprovalAnnotation]
	u, err := url.ParseRequestURI(a)
	switch {
	case a == "":
		return approvalMissing, `protected groups must have approval annotation "` + apiApprovalAnnotation + `"` + approvalPR
	case strings.HasPrefix(a, "unapproved"):
		return approvalBypassed, ""
	case err == nil && u.Host != "" && u.Scheme != "":
		return approved, ""
	}
	return approvalInvalid, `protected groups must have approval annotation "` + apiApprovalAnnotation +
		`" with either a URL or a reason starting with "unapproved"` + approvalPR
}

// isProtectedGroup reports whether group is k8s.io, kubernetes.io or under
// one of them.
func isProtectedGroup(group string) bool {
	return group == "k8s.io" || strings.HasSuffix(group, ".k8s.io") ||
		group == "kubernetes.io" || strings.HasSuffix(group, ".kubernetes.io")
}

// validateAPIApproval checks the approval annotation of a CRD in a
// protected group, as the server's validateAPIApproval; on update (old
// non-nil) only when its state (missing, invalid, approved, bypassed)
// changed.
func validateAPIApproval(c, old *api.CustomResourceDefinition) field.ErrorList {
	if !isProtectedGroup(c.Spec.Group) {
		return nil
	}
	state, reason := apiApproval(c.Metadata.Annotations)
	if old != nil {
		if oldState, _ := apiApproval(old.Metadata.Annotations); oldState == state {
			return nil
		}
	}
	path := field.NewPath("metadata", "annotations").Key(apiApprovalAnnotation)
	switch state {
	case approvalInvalid:
		return field.ErrorList{field.Invalid(path, c.Metadata.Annotations[apiApprovalAnnotation], reason)}
	case approvalMissing:
		return field.ErrorList{field.Required(path, reason)}
	}
	return nil
}

// validatePreserveUnknownFields rejects spec.preserveUnknownFields true,
// unless old already had it.
func validatePreserveUnknownFields(c, old *api.CustomResourceDefinition) field.ErrorList {
	if old != nil && old.Spec.PreserveUnknownFields || !c.Spec.PreserveUnknownFields {
		return nil
	}
	return field.ErrorList{field.Invalid(field.NewPath("spec", "preserveUnknownFields"), true,
		"cannot set to true, set x-kubernetes-preserve-unknown-fields to true in spec.versions[*].schema instead")}
}
