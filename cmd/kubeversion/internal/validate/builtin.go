package validate

// builtinGroups are the API groups that the Kubernetes API server serves
// itself, as of Kubernetes 1.37: the GroupName of each package of
// k8s.io/api v0.37.2, with "" for the core group of ConfigMap and Pod. An
// object of one of them, with no CRD of its kind in the input, is no
// custom resource: validate skips it, and says so. Groups below them,
// such as gateway.networking.k8s.io, are not built in; nor are the groups
// of aggregated APIs (metrics.k8s.io), whose objects are reported as not
// checked, for want of a CRD.
var builtinGroups = map[string]bool{
	"":                             true,
	"admission.k8s.io":             true,
	"admissionregistration.k8s.io": true,
	"apiextensions.k8s.io":         true,
	"apiregistration.k8s.io":       true,
	"apidiscovery.k8s.io":          true,
	"apps":                         true,
	"authentication.k8s.io":        true,
	"authorization.k8s.io":         true,
	"autoscaling":                  true,
	"batch":                        true,
	"certificates.k8s.io":          true,
	"coordination.k8s.io":          true,
	"discovery.k8s.io":             true,
	"events.k8s.io":                true,
	"extensions":                   true,
	"flowcontrol.apiserver.k8s.io": true,
	"imagepolicy.k8s.io":           true,
	"internal.apiserver.k8s.io":    true,
	"lifecycle.k8s.io":             true,
	"networking.k8s.io":            true,
	"node.k8s.io":                  true,
	"policy":                       true,
	"rbac.authorization.k8s.io":    true,
	"resource.k8s.io":              true,
	"scheduling.k8s.io":            true,
	"storage.k8s.io":               true,
	"storagemigration.k8s.io":      true,
}
