package builtin

import (
	"fmt"
	"reflect"

	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apiserver/pkg/authorization/authorizerfactory"
	"k8s.io/apiserver/pkg/registry/generic"
	"k8s.io/apiserver/pkg/registry/rest"
	"k8s.io/utils/clock"

	apiservice "k8s.io/kube-aggregator/pkg/registry/apiservice/etcd"
	"k8s.io/kubernetes/pkg/api/legacyscheme"

	mutatingadmissionpolicy "k8s.io/kubernetes/pkg/registry/admissionregistration/mutatingadmissionpolicy/storage"
	mutatingadmissionpolicybinding "k8s.io/kubernetes/pkg/registry/admissionregistration/mutatingadmissionpolicybinding/storage"
	mutatingwebhookconfiguration "k8s.io/kubernetes/pkg/registry/admissionregistration/mutatingwebhookconfiguration/storage"
	validatingadmissionpolicy "k8s.io/kubernetes/pkg/registry/admissionregistration/validatingadmissionpolicy/storage"
	validatingadmissionpolicybinding "k8s.io/kubernetes/pkg/registry/admissionregistration/validatingadmissionpolicybinding/storage"
	validatingwebhookconfiguration "k8s.io/kubernetes/pkg/registry/admissionregistration/validatingwebhookconfiguration/storage"
	storageversion "k8s.io/kubernetes/pkg/registry/apiserverinternal/storageversion/storage"
	controllerrevision "k8s.io/kubernetes/pkg/registry/apps/controllerrevision/storage"
	daemonset "k8s.io/kubernetes/pkg/registry/apps/daemonset/storage"
	deployment "k8s.io/kubernetes/pkg/registry/apps/deployment/storage"
	replicaset "k8s.io/kubernetes/pkg/registry/apps/replicaset/storage"
	statefulset "k8s.io/kubernetes/pkg/registry/apps/statefulset/storage"
	horizontalpodautoscaler "k8s.io/kubernetes/pkg/registry/autoscaling/horizontalpodautoscaler/storage"
	cronjob "k8s.io/kubernetes/pkg/registry/batch/cronjob/storage"
	job "k8s.io/kubernetes/pkg/registry/batch/job/storage"
	certificatesigningrequest "k8s.io/kubernetes/pkg/registry/certificates/certificates/storage"
	clustertrustbundle "k8s.io/kubernetes/pkg/registry/certificates/clustertrustbundle/storage"
	podcertificaterequest "k8s.io/kubernetes/pkg/registry/certificates/podcertificaterequest/storage"
	lease "k8s.io/kubernetes/pkg/registry/coordination/lease/storage"
	leasecandidate "k8s.io/kubernetes/pkg/registry/coordination/leasecandidate/storage"
	configmap "k8s.io/kubernetes/pkg/registry/core/configmap/storage"
	endpoint "k8s.io/kubernetes/pkg/registry/core/endpoint/storage"
	event "k8s.io/kubernetes/pkg/registry/core/event/storage"
	limitrange "k8s.io/kubernetes/pkg/registry/core/limitrange/storage"
	namespace "k8s.io/kubernetes/pkg/registry/core/namespace/storage"
	node "k8s.io/kubernetes/pkg/registry/core/node/storage"
	persistentvolume "k8s.io/kubernetes/pkg/registry/core/persistentvolume/storage"
	persistentvolumeclaim "k8s.io/kubernetes/pkg/registry/core/persistentvolumeclaim/storage"
	pod "k8s.io/kubernetes/pkg/registry/core/pod/storage"
	podtemplate "k8s.io/kubernetes/pkg/registry/core/podtemplate/storage"
	replicationcontroller "k8s.io/kubernetes/pkg/registry/core/replicationcontroller/storage"
	resourcequota "k8s.io/kubernetes/pkg/registry/core/resourcequota/storage"
	secret "k8s.io/kubernetes/pkg/registry/core/secret/storage"
	serviceaccount "k8s.io/kubernetes/pkg/registry/core/serviceaccount/storage"
	endpointslice "k8s.io/kubernetes/pkg/registry/discovery/endpointslice/storage"
	flowschema "k8s.io/kubernetes/pkg/registry/flowcontrol/flowschema/storage"
	prioritylevelconfiguration "k8s.io/kubernetes/pkg/registry/flowcontrol/prioritylevelconfiguration/storage"
	evictionrequest "k8s.io/kubernetes/pkg/registry/lifecycle/evictionrequest/storage"
	ingress "k8s.io/kubernetes/pkg/registry/networking/ingress/storage"
	ingressclass "k8s.io/kubernetes/pkg/registry/networking/ingressclass/storage"
	ipaddress "k8s.io/kubernetes/pkg/registry/networking/ipaddress/storage"
	networkpolicy "k8s.io/kubernetes/pkg/registry/networking/networkpolicy/storage"
	servicecidr "k8s.io/kubernetes/pkg/registry/networking/servicecidr/storage"
	runtimeclass "k8s.io/kubernetes/pkg/registry/node/runtimeclass/storage"
	poddisruptionbudget "k8s.io/kubernetes/pkg/registry/policy/poddisruptionbudget/storage"
	clusterrole "k8s.io/kubernetes/pkg/registry/rbac/clusterrole/storage"
	clusterrolebinding "k8s.io/kubernetes/pkg/registry/rbac/clusterrolebinding/storage"
	role "k8s.io/kubernetes/pkg/registry/rbac/role/storage"
	rolebinding "k8s.io/kubernetes/pkg/registry/rbac/rolebinding/storage"
	deviceclass "k8s.io/kubernetes/pkg/registry/resource/deviceclass/storage"
	devicetaintrule "k8s.io/kubernetes/pkg/registry/resource/devicetaintrule/storage"
	resourceclaim "k8s.io/kubernetes/pkg/registry/resource/resourceclaim/storage"
	resourceclaimtemplate "k8s.io/kubernetes/pkg/registry/resource/resourceclaimtemplate/storage"
	resourcepoolstatusrequest "k8s.io/kubernetes/pkg/registry/resource/resourcepoolstatusrequest/storage"
	resourceslice "k8s.io/kubernetes/pkg/registry/resource/resourceslice/storage"
	compositepodgroup "k8s.io/kubernetes/pkg/registry/scheduling/compositepodgroup/storage"
	podgroup "k8s.io/kubernetes/pkg/registry/scheduling/podgroup/storage"
	priorityclass "k8s.io/kubernetes/pkg/registry/scheduling/priorityclass/storage"
	workload "k8s.io/kubernetes/pkg/registry/scheduling/workload/storage"
	csidriver "k8s.io/kubernetes/pkg/registry/storage/csidriver/storage"
	csinode "k8s.io/kubernetes/pkg/registry/storage/csinode/storage"
	csistoragecapacity "k8s.io/kubernetes/pkg/registry/storage/csistoragecapacity/storage"
	storageclass "k8s.io/kubernetes/pkg/registry/storage/storageclass/storage"
	volumeattachment "k8s.io/kubernetes/pkg/registry/storage/volumeattachment/storage"
	volumeattributesclass "k8s.io/kubernetes/pkg/registry/storage/volumeattributesclass/storage"
	storagemigration "k8s.io/kubernetes/pkg/registry/storagemigration/storagemigration/storage"
)

// newStore builds one resource's storage, as the API server's storage
// provider for its group builds it, over the given options.
type newStore func(generic.RESTOptionsGetter) (stored, error)

// stored is what the API server's handlers call to create and update an
// object of a resource: its storage, a registry store or a type around
// one.
type stored interface {
	rest.Creater
	rest.Updater
	rest.Scoper
}

// storeSpec names a resource and how its store is built.
type storeSpec struct {
	resource schema.GroupResource
	build    newStore
}

// allow stands in for the authorizer some strategies ask (for a
// ValidatingAdmissionPolicy's paramKind, a PodCertificateRequest's
// signer): the request is judged as a cluster admin's.
var allow = authorizerfactory.NewAlwaysAllowAuthorizer()

// storeSpecs are the stored resources of a 1.37 kube-apiserver, each
// with the constructor its storage provider (k8s.io/kubernetes
// pkg/registry/*/rest) calls. Review kinds (TokenReview,
// SubjectAccessReview, ...) are not stored and not judged.
var storeSpecs = []storeSpec{
	// core
	{gr("", "configmaps"), one(configmap.NewREST)},
	{gr("", "endpoints"), one(endpoint.NewREST)},
	{gr("", "events"), func(g generic.RESTOptionsGetter) (stored, error) {
		r, err := event.NewREST(g, 3600)
		return storeOf(r, err)
	}},
	{gr("", "limitranges"), one(limitrange.NewREST)},
	{gr("", "namespaces"), func(g generic.RESTOptionsGetter) (stored, error) {
		r, _, _, err := namespace.NewREST(g)
		return storeOf(r, err)
	}},
	{gr("", "nodes"), func(g generic.RESTOptionsGetter) (stored, error) {
		s, err := node.NewStorage(g, nodeKubeletConfig, nil)
		if err != nil {
			return nil, err
		}
		return s.Node, nil
	}},
	{gr("", "persistentvolumes"), two(persistentvolume.NewREST)},
	{gr("", "persistentvolumeclaims"), two(persistentvolumeclaim.NewREST)},
	{gr("", "pods"), func(g generic.RESTOptionsGetter) (stored, error) {
		s, err := pod.NewStorage(g, nil, nil, nil, allow)
		if err != nil {
			return nil, err
		}
		return s.Pod, nil
	}},
	{gr("", "podtemplates"), one(podtemplate.NewREST)},
	{gr("", "replicationcontrollers"), func(g generic.RESTOptionsGetter) (stored, error) {
		s, err := replicationcontroller.NewStorage(g)
		if err != nil {
			return nil, err
		}
		return s.Controller, nil
	}},
	{gr("", "resourcequotas"), two(resourcequota.NewREST)},
	{gr("", "secrets"), one(secret.NewREST)},
	{gr("", "services"), newServiceStore},
	{gr("", "serviceaccounts"), func(g generic.RESTOptionsGetter) (stored, error) {
		r, err := serviceaccount.NewREST(g, nil, nil, authorizerfactory.NewAlwaysDenyAuthorizer(), 0, nil, nil, nil, nil, nil, false, 0)
		return storeOf(r, err)
	}},

	// admissionregistration.k8s.io
	{gr("admissionregistration.k8s.io", "mutatingwebhookconfigurations"), one(mutatingwebhookconfiguration.NewREST)},
	{gr("admissionregistration.k8s.io", "validatingwebhookconfigurations"), one(validatingwebhookconfiguration.NewREST)},
	{gr("admissionregistration.k8s.io", "validatingadmissionpolicies"), func(g generic.RESTOptionsGetter) (stored, error) {
		r, _, err := validatingadmissionpolicy.NewREST(g, allow, nil)
		return storeOf(r, err)
	}},
	{gr("admissionregistration.k8s.io", "validatingadmissionpolicybindings"), func(g generic.RESTOptionsGetter) (stored, error) {
		r, err := validatingadmissionpolicybinding.NewREST(g, allow, nil, nil)
		return storeOf(r, err)
	}},
	{gr("admissionregistration.k8s.io", "mutatingadmissionpolicies"), func(g generic.RESTOptionsGetter) (stored, error) {
		r, err := mutatingadmissionpolicy.NewREST(g, allow, nil)
		return storeOf(r, err)
	}},
	{gr("admissionregistration.k8s.io", "mutatingadmissionpolicybindings"), func(g generic.RESTOptionsGetter) (stored, error) {
		r, err := mutatingadmissionpolicybinding.NewREST(g, allow, nil, nil)
		return storeOf(r, err)
	}},

	// apiregistration.k8s.io: the aggregator's store (k8s.io/kube-aggregator)
	{gr("apiregistration.k8s.io", "apiservices"), func(g generic.RESTOptionsGetter) (stored, error) {
		return apiservice.NewREST(legacyscheme.Scheme, g), nil
	}},
	// internal.apiserver.k8s.io
	{gr("internal.apiserver.k8s.io", "storageversions"), two(storageversion.NewREST)},

	// apps
	{gr("apps", "controllerrevisions"), one(controllerrevision.NewREST)},
	{gr("apps", "daemonsets"), two(daemonset.NewREST)},
	{gr("apps", "deployments"), func(g generic.RESTOptionsGetter) (stored, error) {
		s, err := deployment.NewStorage(g)
		if err != nil {
			return nil, err
		}
		return s.Deployment, nil
	}},
	{gr("apps", "replicasets"), func(g generic.RESTOptionsGetter) (stored, error) {
		s, err := replicaset.NewStorage(g)
		if err != nil {
			return nil, err
		}
		return s.ReplicaSet, nil
	}},
	{gr("apps", "statefulsets"), func(g generic.RESTOptionsGetter) (stored, error) {
		s, err := statefulset.NewStorage(g)
		if err != nil {
			return nil, err
		}
		return s.StatefulSet, nil
	}},

	// autoscaling
	{gr("autoscaling", "horizontalpodautoscalers"), two(horizontalpodautoscaler.NewREST)},

	// batch
	{gr("batch", "cronjobs"), two(cronjob.NewREST)},
	{gr("batch", "jobs"), func(g generic.RESTOptionsGetter) (stored, error) {
		s, err := job.NewStorage(g)
		if err != nil {
			return nil, err
		}
		return s.Job, nil
	}},

	// certificates.k8s.io
	{gr("certificates.k8s.io", "certificatesigningrequests"), func(g generic.RESTOptionsGetter) (stored, error) {
		r, _, _, err := certificatesigningrequest.NewREST(g)
		return storeOf(r, err)
	}},
	{gr("certificates.k8s.io", "clustertrustbundles"), one(clustertrustbundle.NewREST)},
	{gr("certificates.k8s.io", "podcertificaterequests"), func(g generic.RESTOptionsGetter) (stored, error) {
		r, _, err := podcertificaterequest.NewREST(g, allow, clock.RealClock{})
		return storeOf(r, err)
	}},

	// coordination.k8s.io
	{gr("coordination.k8s.io", "leases"), one(lease.NewREST)},
	{gr("coordination.k8s.io", "leasecandidates"), one(leasecandidate.NewREST)},

	// discovery.k8s.io
	{gr("discovery.k8s.io", "endpointslices"), one(endpointslice.NewREST)},

	// events.k8s.io: the core group's store, as the events group's
	// storage provider uses it
	{gr("events.k8s.io", "events"), func(g generic.RESTOptionsGetter) (stored, error) {
		r, err := event.NewREST(g, 3600)
		return storeOf(r, err)
	}},

	// flowcontrol.apiserver.k8s.io
	{gr("flowcontrol.apiserver.k8s.io", "flowschemas"), two(flowschema.NewREST)},
	{gr("flowcontrol.apiserver.k8s.io", "prioritylevelconfigurations"), two(prioritylevelconfiguration.NewREST)},

	// lifecycle.k8s.io
	{gr("lifecycle.k8s.io", "evictionrequests"), two(evictionrequest.NewREST)},

	// networking.k8s.io
	{gr("networking.k8s.io", "ingresses"), two(ingress.NewREST)},
	{gr("networking.k8s.io", "ingressclasses"), one(ingressclass.NewREST)},
	{gr("networking.k8s.io", "ipaddresses"), one(ipaddress.NewREST)},
	{gr("networking.k8s.io", "networkpolicies"), one(networkpolicy.NewREST)},
	{gr("networking.k8s.io", "servicecidrs"), two(servicecidr.NewREST)},

	// node.k8s.io
	{gr("node.k8s.io", "runtimeclasses"), one(runtimeclass.NewREST)},

	// policy
	{gr("policy", "poddisruptionbudgets"), two(poddisruptionbudget.NewREST)},

	// rbac.authorization.k8s.io: the stores without the escalation check
	// the storage provider wraps them in (it depends on the requester)
	{gr("rbac.authorization.k8s.io", "clusterroles"), one(clusterrole.NewREST)},
	{gr("rbac.authorization.k8s.io", "clusterrolebindings"), one(clusterrolebinding.NewREST)},
	{gr("rbac.authorization.k8s.io", "roles"), one(role.NewREST)},
	{gr("rbac.authorization.k8s.io", "rolebindings"), one(rolebinding.NewREST)},

	// resource.k8s.io
	{gr("resource.k8s.io", "deviceclasses"), one(deviceclass.NewREST)},
	{gr("resource.k8s.io", "devicetaintrules"), two(devicetaintrule.NewRESTv1)},
	{gr("resource.k8s.io", "resourceclaimtemplates"), func(g generic.RESTOptionsGetter) (stored, error) {
		r, err := resourceclaimtemplate.NewREST(g, namespaces{})
		return storeOf(r, err)
	}},
	{gr("resource.k8s.io", "resourceclaims"), func(g generic.RESTOptionsGetter) (stored, error) {
		r, _, err := resourceclaim.NewREST(g, namespaces{}, allow)
		return storeOf(r, err)
	}},
	{gr("resource.k8s.io", "resourcepoolstatusrequests"), two(resourcepoolstatusrequest.NewREST)},
	{gr("resource.k8s.io", "resourceslices"), one(resourceslice.NewREST)},

	// scheduling.k8s.io
	{gr("scheduling.k8s.io", "priorityclasses"), one(priorityclass.NewREST)},
	{gr("scheduling.k8s.io", "podgroups"), two(podgroup.NewREST)},
	{gr("scheduling.k8s.io", "compositepodgroups"), two(compositepodgroup.NewREST)},
	{gr("scheduling.k8s.io", "workloads"), one(workload.NewREST)},

	// storage.k8s.io
	{gr("storage.k8s.io", "csidrivers"), func(g generic.RESTOptionsGetter) (stored, error) {
		s, err := csidriver.NewStorage(g)
		if err != nil {
			return nil, err
		}
		return s.CSIDriver, nil
	}},
	{gr("storage.k8s.io", "csinodes"), func(g generic.RESTOptionsGetter) (stored, error) {
		s, err := csinode.NewStorage(g)
		if err != nil {
			return nil, err
		}
		return s.CSINode, nil
	}},
	{gr("storage.k8s.io", "csistoragecapacities"), func(g generic.RESTOptionsGetter) (stored, error) {
		s, err := csistoragecapacity.NewStorage(g)
		if err != nil {
			return nil, err
		}
		return s.CSIStorageCapacity, nil
	}},
	{gr("storage.k8s.io", "storageclasses"), one(storageclass.NewREST)},
	{gr("storage.k8s.io", "volumeattachments"), func(g generic.RESTOptionsGetter) (stored, error) {
		s, err := volumeattachment.NewStorage(g)
		if err != nil {
			return nil, err
		}
		return s.VolumeAttachment, nil
	}},
	{gr("storage.k8s.io", "volumeattributesclasses"), one(volumeattributesclass.NewREST)},

	// storagemigration.k8s.io
	{gr("storagemigration.k8s.io", "storageversionmigrations"), two(storagemigration.NewREST)},
}

func gr(group, resource string) schema.GroupResource {
	return schema.GroupResource{Group: group, Resource: resource}
}

// one and two adapt the constructors that return the resource's storage
// alone, or with its status storage, which is not judged.
func one[R any](f func(generic.RESTOptionsGetter) (R, error)) newStore {
	return func(g generic.RESTOptionsGetter) (stored, error) {
		r, err := f(g)
		return storeOf(r, err)
	}
}

func two[R, S any](f func(generic.RESTOptionsGetter) (R, S, error)) newStore {
	return func(g generic.RESTOptionsGetter) (stored, error) {
		r, _, err := f(g)
		return storeOf(r, err)
	}
}

// storeOf returns r, a storage package's REST type, as stored.
func storeOf(r any, err error) (stored, error) {
	if err != nil {
		return nil, err
	}
	s, ok := r.(stored)
	if !ok || reflect.ValueOf(r).IsNil() {
		return nil, fmt.Errorf("%T cannot create and update", r)
	}
	return s, nil
}
