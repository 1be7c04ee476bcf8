module github.com/kubeversion/kubeversion/cmd/kubeversion

go 1.26.0

require (
	github.com/google/go-cmp v0.7.0
	github.com/kubeversion/kubeversion v0.0.0-20261124202035-e99a35766bc4
	go.yaml.in/yaml/v3 v3.0.6
	sigs.k8s.io/yaml v1.6.0
)

require go.yaml.in/yaml/v2 v2.4.2 // indirect
