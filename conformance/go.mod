module github.com/kubeversion/kubeversion/conformance

go 1.26.0

replace github.com/kubeversion/kubeversion => ../

require (
	github.com/kubeversion/kubeversion v0.0.0-00010101000000-000000000000
	k8s.io/apimachinery v0.37.2
)
