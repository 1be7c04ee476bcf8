package crd

import "github.com/kubeversion/kubeversion"

// PreferredVersion returns the version that discovery advertises as
// preferred for c, and that kubectl uses when none is named: the
// highest-priority served version, by [kubeversion.Compare]. The storage
// flag plays no part. It returns false when no version is served, in which
// case the group disappears from discovery. For example, with v1beta1 and
// v1 served and v2alpha1 not, PreferredVersion returns "v1", true.
func PreferredVersion(c *CustomResourceDefinition) (string, bool) {
	var served []string
	for _, v := range c.Spec.Versions {
		if v.Served {
			served = append(served, v.Name)
		}
	}
	return kubeversion.Highest(served)
}
