package builtin

import (
	"net"
	"slices"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apiserver/pkg/registry/generic"
	api "k8s.io/kubernetes/pkg/apis/core"
	kubeletclient "k8s.io/kubernetes/pkg/kubelet/client"
	"k8s.io/kubernetes/pkg/registry/core/service/ipallocator"
	"k8s.io/kubernetes/pkg/registry/core/service/portallocator"
	service "k8s.io/kubernetes/pkg/registry/core/service/storage"
)

// nodeKubeletConfig is the kubelet connection a Node's store is built
// with. Judging a Node never connects to a kubelet.
var nodeKubeletConfig = kubeletclient.KubeletClientConfig{Port: 10250}

// newServiceStore builds the Service store with its allocation hooks, as
// the server runs them (IP families defaulted and checked, cluster IPs and
// node ports allocated or kept on update), over allocators of a
// single-stack IPv4 cluster whose ranges hold every address and port: a
// cluster's ranges are its own state, which a file does not say, so an
// address or port the object names is never refused for its range.
func newServiceStore(g generic.RESTOptionsGetter) (stored, error) {
	ips := map[api.IPFamily]ipallocator.Interface{api.IPv4Protocol: anyIP{}}
	r, _, _, err := service.NewREST(g, api.IPv4Protocol, ips, anyPort{}, nil, nil, nil)
	if err != nil {
		return nil, err
	}
	return r, nil
}

// placeholderIP and placeholderPort are what anyIP and anyPort allocate
// when asked for any: an address of the documentation range
// (192.0.2.0/24) and the first port of the default node port range.
// Judge leaves them out of a stored object.
var placeholderIP = net.IPv4(192, 0, 2, 1)

const placeholderPort = 30000

// anyIP is an IPv4 allocator of the whole address space that holds
// nothing: every address is free, and allocating one reserves nothing.
type anyIP struct{}

func (anyIP) Allocate(net.IP) error           { return nil }
func (anyIP) AllocateNext() (net.IP, error)   { return placeholderIP, nil }
func (anyIP) Release(net.IP) error            { return nil }
func (anyIP) ForEach(func(net.IP))            {}
func (anyIP) CIDR() net.IPNet                 { return net.IPNet{IP: net.IPv4zero, Mask: net.CIDRMask(0, 32)} }
func (anyIP) IPFamily() api.IPFamily          { return api.IPv4Protocol }
func (anyIP) Has(net.IP) bool                 { return false }
func (anyIP) Destroy()                        {}
func (anyIP) EnableMetrics()                  {}
func (a anyIP) DryRun() ipallocator.Interface { return a }

// anyPort is a node port allocator of every port that holds nothing.
type anyPort struct{}

func (anyPort) Allocate(int) error         { return nil }
func (anyPort) AllocateNext() (int, error) { return placeholderPort, nil }
func (anyPort) Release(int) error          { return nil }
func (anyPort) ForEach(func(int))          {}
func (anyPort) Has(int) bool               { return false }
func (anyPort) Destroy()                   {}
func (anyPort) EnableMetrics()             {}

var _ portallocator.Interface = anyPort{}

// sentAllocations returns what scrubAllocations needs of obj, the object
// sent, before the store changes it: a copy of a Service, nil for any
// other kind, whose copy would be 3% of judging it.
func sentAllocations(obj runtime.Object) runtime.Object {
	if svc, ok := obj.(*api.Service); ok {
		return svc.DeepCopy()
	}
	return nil
}

// scrubAllocations removes from stored, an object the store accepted,
// the placeholders anyIP and anyPort allocated for a Service: a cluster
// IP, and node ports, that neither the object sent nor the live object
// (nil on create) had. The server would store addresses and ports of its
// own ranges there; Judge does not make them up.
func scrubAllocations(stored, sent, live any) {
	svc, ok := stored.(*api.Service)
	if !ok {
		return
	}
	had := func(ip string) bool {
		for _, o := range []any{sent, live} {
			if s, ok := o.(*api.Service); ok && s != nil && (s.Spec.ClusterIP == ip || slices.Contains(s.Spec.ClusterIPs, ip)) {
				return true
			}
		}
		return false
	}
	if p := placeholderIP.String(); svc.Spec.ClusterIP == p && !had(p) {
		svc.Spec.ClusterIP = ""
		var kept []string
		for _, ip := range svc.Spec.ClusterIPs {
			if ip != p {
				kept = append(kept, ip)
			}
		}
		svc.Spec.ClusterIPs = kept
	}
	hadPort := func(port int32) bool {
		for _, o := range []any{sent, live} {
			if s, ok := o.(*api.Service); ok && s != nil {
				for _, sp := range s.Spec.Ports {
					if sp.NodePort == port {
						return true
					}
				}
				if s.Spec.HealthCheckNodePort == port {
					return true
				}
			}
		}
		return false
	}
	for i := range svc.Spec.Ports {
		if svc.Spec.Ports[i].NodePort == placeholderPort && !hadPort(placeholderPort) {
			svc.Spec.Ports[i].NodePort = 0
		}
	}
	if svc.Spec.HealthCheckNodePort == placeholderPort && !hadPort(placeholderPort) {
		svc.Spec.HealthCheckNodePort = 0
	}
}
