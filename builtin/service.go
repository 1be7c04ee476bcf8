package builtin

import (
	"k8s.io/apiserver/pkg/registry/generic"
	api "k8s.io/kubernetes/pkg/apis/core"
	kubeletclient "k8s.io/kubernetes/pkg/kubelet/client"
	service "k8s.io/kubernetes/pkg/registry/core/service/storage"
)

// nodeKubeletConfig is the kubelet connection a Node's store is built
// with. Judging a Node never connects to a kubelet.
var nodeKubeletConfig = kubeletclient.KubeletClientConfig{Port: 10250}

// newServiceStore builds the Service store without its allocation hooks:
// a Service's cluster IPs, IP families and node ports are allocated from
// the cluster's own ranges, which a file does not say, so they are not
// judged. The strategy's preparation, validation and warnings are.
func newServiceStore(g generic.RESTOptionsGetter) (stored, error) {
	r, _, _, err := service.NewREST(g, api.IPv4Protocol, nil, nil, nil, nil, nil)
	if err != nil {
		return nil, err
	}
	r.Store.BeginCreate = nil
	r.Store.BeginUpdate = nil
	r.Store.AfterDelete = nil
	return r.Store, nil
}
