package validation

import (
	"strings"

	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/field"
)

// validateSubresources checks subresources (at path) as
// ValidateCustomResourceDefinitionSubresources: only the scale paths have
// rules. The paths are those of the server, "scale.specReplicasPath" and
// so on under path.
func validateSubresources(s *api.Subresources, path *field.Path) field.ErrorList {
	if s == nil || s.Scale == nil {
		return nil
	}
	scale := s.Scale
	var errs field.ErrorList
	replicas := func(value, name, prefix, detail string) {
		p := path.Child("scale").Child(name)
		if value == "" {
			errs = append(errs, field.Required(p, ""))
		} else if e := validateSimpleJSONPath(value, p); e != nil {
			errs = append(errs, e...)
		} else if !strings.HasPrefix(value, prefix) {
			errs = append(errs, field.Invalid(p, value, detail))
		}
	}
	replicas(scale.SpecReplicasPath, "specReplicasPath", ".spec.", "should be a json path under .spec")
	replicas(scale.StatusReplicasPath, "statusReplicasPath", ".status.", "should be a json path under .status")
	if sel := scale.LabelSelectorPath; sel != nil && *sel != "" {
		p := path.Child("scale").Child("labelSelectorPath")
		if e := validateSimpleJSONPath(*sel, p); e != nil {
			errs = append(errs, e...)
		} else if !strings.HasPrefix(*sel, ".spec.") && !strings.HasPrefix(*sel, ".status.") {
			// The server passes the pointer: the value prints as JSON.
			errs = append(errs, field.Invalid(p, sel, "should be a json path under either .spec or .status"))
		}
	}
	return errs
}
