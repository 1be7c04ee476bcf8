package upgrade

import (
	"github.com/kubeversion/kubeversion"
	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/decode"
)

// The tests that moved here from package crd call its names; these give
// them the same meaning, with the version priority crd passes in.

// Decode is crd.Decode.
func Decode(data []byte) (*api.CustomResourceDefinition, error) { return decode.Decode(data) }

// CheckUpgrade is crd.CheckUpgrade.
func CheckUpgrade(old, new *api.CustomResourceDefinition) []Finding {
	return Check(old, new, testOrder)
}

// UpgradeChecks is crd.UpgradeChecks.
func UpgradeChecks() []string { return Names() }

// testOrder is the order crd passes: kubeversion's priority, and
// crd.PreferredVersion, the highest served version.
var testOrder = Order{
	Compare: kubeversion.Compare,
	Preferred: func(c *api.CustomResourceDefinition) (string, bool) {
		var served []string
		for _, v := range c.Spec.Versions {
			if v.Served {
				served = append(served, v.Name)
			}
		}
		return kubeversion.Highest(served)
	},
}
