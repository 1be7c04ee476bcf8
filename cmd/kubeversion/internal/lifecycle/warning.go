package lifecycle

import "fmt"

// WarningMessage returns the deprecation warning that the API server
// sends for an object of r's kind, as WarningMessage of k8s.io/apiserver's
// pkg/endpoints/deprecation words it: "autoscaling/v2beta2
// HorizontalPodAutoscaler is deprecated in v1.23+, unavailable in v1.26+;
// use autoscaling/v2 HorizontalPodAutoscaler". It is "" for a kind that
// states no deprecation.
func WarningMessage(r *Row) string {
	if r.Deprecated == 0 {
		return ""
	}
	w := fmt.Sprintf("%s %s is deprecated in v%d.%d+", r.APIVersion(), r.Kind, 1, r.Deprecated)
	if r.Removed != 0 {
		w += fmt.Sprintf(", unavailable in v%d.%d+", 1, r.Removed)
	}
	if r.Replacement != "" {
		w += "; use " + r.Replacement
	}
	return w
}
