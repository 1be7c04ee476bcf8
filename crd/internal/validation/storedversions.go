package validation

import (
	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/field"
)

// storedVersionsAfter returns status.storedVersions as the API server's
// registry strategy leaves it before validation: the given list (empty on
// create, the old object's on update) with the first storage version of c
// appended if it is not already there. It never changes c or the list.
func storedVersionsAfter(c *api.CustomResourceDefinition, stored []string) []string {
	for _, v := range c.Spec.Versions {
		if v.Storage {
			for _, s := range stored {
				if s == v.Name {
					return stored
				}
			}
			return append(stored[:len(stored):len(stored)], v.Name)
		}
	}
	return stored
}

// validateStoredVersions checks status.storedVersions against
// spec.versions. Kubernetes reports the names missing from spec.versions in
// the random order of a Go map; they come here in index order.
func validateStoredVersions(stored []string, versions []api.Version) field.ErrorList {
	path := field.NewPath("status", "storedVersions")
	if len(stored) == 0 {
		return field.ErrorList{field.Invalid(path, stored, "must have at least one stored version")}
	}
	last := make(map[string]int, len(stored)) // last index of each name
	for i, s := range stored {
		last[s] = i
	}
	var errs field.ErrorList
	for _, v := range versions {
		// As in the API server, a name counts once: a second version of
		// the same name finds it gone.
		_, ok := last[v.Name]
		if v.Storage && !ok {
			errs = append(errs, field.Invalid(path, stored, "must have the storage version "+v.Name))
		}
		delete(last, v.Name)
	}
	for i, s := range stored {
		if j, ok := last[s]; ok && j == i {
			errs = append(errs, field.Invalid(path.Index(i), s, "missing from spec.versions; "+s+
				" was previously a storage version, and must remain in spec.versions until a storage migration ensures no data remains persisted in "+
				s+" and removes "+s+" from status.storedVersions"))
		}
	}
	return errs
}
