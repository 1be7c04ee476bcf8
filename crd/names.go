package crd

import "github.com/kubeversion/kubeversion/crd/internal/names"

// IsDNS1035Label checks a version name as the API server does: a DNS-1035
// label of at most 63 bytes, matching [a-z]([-a-z0-9]*[a-z0-9])?. It returns
// nil for a valid name, else Kubernetes' messages, at most two. For
// example, IsDNS1035Label("v1beta1") == nil, and IsDNS1035Label("V1")
// returns the one message that starts "a DNS-1035 label must consist of
// lower case alphanumeric characters". A name need not be a Kubernetes
// version: "foo" is valid. The empty name gets the pattern message.
func IsDNS1035Label(name string) []string {
	return names.DNS1035Label(name)
}
