package crd

import (
	"github.com/kubeversion/kubeversion"
)

// DeprecationWarning returns the warning the API server sends with every
// request for the named version of c, and false when that version is not
// in spec.versions or is not deprecated. The warning is the version's own
// deprecationWarning when set, else the server's default:
//
//	<group>/<version> <Kind> is deprecated; use <group>/<best> <Kind>
//
// where best is the highest-priority version that is served, not
// deprecated, and ranks strictly above the deprecated one; without such a
// version, the first clause alone. For example, for a CronTab in
// stable.example.com with v1beta1 deprecated and v1 served, the warning for
// v1beta1 is "stable.example.com/v1beta1 CronTab is deprecated; use
// stable.example.com/v1 CronTab".
//
// Where Kubernetes would choose at random between two spellings of one
// version (v1 and v01), this picks the shorter, as [kubeversion.Sort] does.
func DeprecationWarning(c *CustomResourceDefinition, version string) (string, bool) {
	for _, v := range c.Spec.Versions {
		if v.Name != version {
			continue
		}
		if !v.Deprecated {
			return "", false
		}
		if v.DeprecationWarning != nil {
			return *v.DeprecationWarning, true
		}
		return defaultDeprecationWarning(c, version), true
	}
	return "", false
}

func defaultDeprecationWarning(c *CustomResourceDefinition, deprecated string) string {
	msg := c.Spec.Group + "/" + deprecated + " " + c.Spec.Names.Kind + " is deprecated"
	var better []string
	for _, v := range c.Spec.Versions {
		if v.Served && !v.Deprecated && ranksAbove(v.Name, deprecated) {
			better = append(better, v.Name)
		}
	}
	if best, ok := kubeversion.Highest(better); ok {
		msg += "; use " + c.Spec.Group + "/" + best + " " + c.Spec.Names.Kind
	}
	return msg
}

// ranksAbove reports whether a has strictly higher priority than b in
// Kubernetes' own order, where two spellings of one version rank equal.
func ranksAbove(a, b string) bool {
	if kubeversion.Compare(a, b) <= 0 {
		return false
	}
	va, errA := kubeversion.Parse(a)
	vb, errB := kubeversion.Parse(b)
	return errA != nil || errB != nil || va != vb
}

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
