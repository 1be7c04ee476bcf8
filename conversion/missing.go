package conversion

import "github.com/kubeversion/kubeversion/crd"

// Pair is a conversion from one version to another, by version name. For
// example, Pair{From: "v1alpha1", To: "v1"}.
type Pair struct {
	From, To string
}

// Missing returns the pairs of served versions of def that the Converter
// cannot convert, in the order of spec.versions: for each served version
// From, each other served version To with no [Converter.Path]. It returns
// nil when every served version converts to every other. It looks at the
// versions only, whatever def's conversion strategy. For example, for a CRD
// serving v1beta1 and v1 and a Converter with only the step v1beta1->v1,
// Missing returns [{v1 v1beta1}].
func (c *Converter) Missing(def *crd.CustomResourceDefinition) []Pair {
	var served []string
	for _, v := range def.Spec.Versions {
		if v.Served {
			served = append(served, v.Name)
		}
	}
	c.mu.RLock()
	defer c.mu.RUnlock()
	var missing []Pair
	for _, from := range served {
		for _, to := range served {
			if from != to && c.path(from, to) == nil {
				missing = append(missing, Pair{from, to})
			}
		}
	}
	return missing
}
