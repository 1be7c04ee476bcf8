module github.com/kubeversion/kubeversion

go 1.24

require (
	github.com/google/go-cmp v0.7.0
	github.com/leanovate/gopter v0.2.11
	sigs.k8s.io/yaml v1.6.0
)

require (
	go.yaml.in/yaml/v2 v2.4.2 // indirect
	go.yaml.in/yaml/v3 v3.0.6 // indirect
)
