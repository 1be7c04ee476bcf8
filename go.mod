module github.com/kubeversion/kubeversion

go 1.24

require github.com/google/go-cmp v0.7.0
