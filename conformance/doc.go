// Package conformance proves that kubeversion gives the answers of
// Kubernetes itself: its tests run kubeversion side by side with
// k8s.io/apimachinery and k8s.io/apiextensions-apiserver on exhaustive and
// generated inputs, and its benchmarks measure both in one run. It is a
// module of its own so that the kubeversion module depends on nothing
// outside the standard library.
package conformance
