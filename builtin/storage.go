package builtin

import (
	"context"
	"fmt"
	"reflect"
	"sync"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/apiserver/pkg/registry/generic"
	serverstorage "k8s.io/apiserver/pkg/server/storage"
	"k8s.io/apiserver/pkg/storage"
	"k8s.io/apiserver/pkg/storage/storagebackend"
	"k8s.io/apiserver/pkg/storage/storagebackend/factory"
	"k8s.io/apiserver/pkg/util/compatibility"
	"k8s.io/client-go/tools/cache"
	basecompatibility "k8s.io/component-base/compatibility"
	apiregistrationv1 "k8s.io/kube-aggregator/pkg/apis/apiregistration/v1"
	apiregistrationv1beta1 "k8s.io/kube-aggregator/pkg/apis/apiregistration/v1beta1"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
)

// optionsGetter gives every store the storage below, with the codec the
// API server stores the resource with (storageCodec), which copies where
// it need not encode (copyingCodec).
type optionsGetter struct{}

func (optionsGetter) GetRESTOptions(resource schema.GroupResource, _ runtime.Object) (generic.RESTOptions, error) {
	codec, err := storageCodec(resource)
	if err != nil {
		return generic.RESTOptions{}, err
	}
	return generic.RESTOptions{
		StorageConfig: &storagebackend.ConfigForResource{
			Config:        storagebackend.Config{Codec: copyingCodec{codec}},
			GroupResource: resource,
		},
		Decorator:      liveDecorator,
		ResourcePrefix: "/" + resource.Group + "/" + resource.Resource,
	}, nil
}

// storageCodec is the codec a kube-apiserver stores resource with: as
// protobuf (APIService as JSON), in the version its storage factory
// configuration chooses (k8s.io/kubernetes pkg/kubeapiserver: the group's
// preferred version, or an override). A dry run encodes and decodes the object with it, so
// that what a round trip through etcd changes (an empty list read back as
// none) changes here too.
func storageCodec(resource schema.GroupResource) (runtime.Codec, error) {
	if resource.Group == apiregistrationv1.GroupName {
		// The aggregator stores APIService as JSON, in v1 (k8s.io/kubernetes
		// pkg/controlplane/apiserver's aggregator config).
		return legacyscheme.Codecs.LegacyCodec(apiregistrationv1.SchemeGroupVersion, apiregistrationv1beta1.SchemeGroupVersion), nil
	}
	version, err := storageEncoding().StorageEncodingFor(resource)
	if err != nil {
		return nil, err
	}
	codec, _, err := serverstorage.NewStorageCodec(serverstorage.StorageCodecConfig{
		StorageMediaType:  runtime.ContentTypeProtobuf,
		StorageSerializer: legacyscheme.Codecs,
		StorageVersion:    version,
		MemoryVersion:     schema.GroupVersion{Group: resource.Group, Version: runtime.APIVersionInternal},
	})
	return codec, err
}

// storageEncoding is the storage factory configuration's choice of
// storage versions, built once: kube-apiserver's (k8s.io/kubernetes
// pkg/kubeapiserver's NewStorageFactoryConfig), for its effective
// version, with storageOverrides.
var storageEncoding = sync.OnceValue(func() *serverstorage.DefaultResourceEncodingConfig {
	version := compatibility.DefaultComponentGlobalsRegistry.EffectiveVersionFor(basecompatibility.DefaultKubeComponent)
	encoding := serverstorage.NewDefaultResourceEncodingConfigForEffectiveVersion(legacyscheme.Scheme, version)
	for _, o := range storageOverrides {
		encoding.SetResourceEncoding(o.GroupResource(), o.GroupVersion(), schema.GroupVersion{Group: o.Group, Version: runtime.APIVersionInternal})
	}
	return encoding
})

// storageOverrides are the resources kube-apiserver stores in a version
// other than their group's preferred one: the list of pkg/kubeapiserver's
// NewStorageFactoryConfig, copied because that package links the whole
// generic API server (admission plugins, options, a fake clientset),
// about 10 ms and 2 MiB of start-up for every run of the command.
// TestStorageOverrides holds the copy to the original.
var storageOverrides = []schema.GroupVersionResource{
	{Group: "coordination.k8s.io", Version: "v1beta1", Resource: "leasecandidates"},
	{Group: "certificates.k8s.io", Version: "v1beta1", Resource: "clustertrustbundles"},
	{Group: "certificates.k8s.io", Version: "v1beta1", Resource: "podcertificaterequests"},
	{Group: "storagemigration.k8s.io", Version: "v1beta1", Resource: "storageversionmigrations"},
	{Group: "resource.k8s.io", Version: "v1beta2", Resource: "devicetaintrules"},
	{Group: "resource.k8s.io", Version: "v1alpha3", Resource: "resourcepoolstatusrequests"},
	{Group: "scheduling.k8s.io", Version: "v1beta1", Resource: "workloads"},
	{Group: "scheduling.k8s.io", Version: "v1beta1", Resource: "podgroups"},
	{Group: "scheduling.k8s.io", Version: "v1alpha3", Resource: "compositepodgroups"},
	{Group: "lifecycle.k8s.io", Version: "v1alpha1", Resource: "evictions"},
	{Group: "lifecycle.k8s.io", Version: "v1alpha1", Resource: "evictionrequests"},
}

func liveDecorator(*storagebackend.ConfigForResource, string, func(runtime.Object) (string, error), func() runtime.Object, func() runtime.Object, storage.AttrFunc, storage.IndexerFuncs, *cache.Indexers) (storage.Interface, factory.DestroyFunc, error) {
	return liveStorage{}, func() {}, nil
}

// liveKey carries the live object of an update in a request's context.
type liveKey struct{}

// withLive returns ctx holding the live object (the internal type) that
// an update is judged against.
func withLive(ctx context.Context, live runtime.Object) context.Context {
	return context.WithValue(ctx, liveKey{}, live)
}

// liveStorage is the storage a server-side dry run reads: it holds
// nothing but the live object of the update being judged, found in the
// request's context, and it refuses every write (a dry run makes none).
type liveStorage struct{}

var errWrite = fmt.Errorf("kubeversion's dry-run storage does not write")

func (liveStorage) Versioner() storage.Versioner { return storage.APIObjectVersioner{} }

func (liveStorage) Get(ctx context.Context, key string, opts storage.GetOptions, out runtime.Object) error {
	live, _ := ctx.Value(liveKey{}).(runtime.Object)
	if live == nil {
		if opts.IgnoreNotFound {
			return runtime.SetZeroValue(out)
		}
		return storage.NewKeyNotFoundError(key, 0)
	}
	dst, src := reflect.ValueOf(out), reflect.ValueOf(live.DeepCopyObject())
	if dst.Type() != src.Type() {
		return fmt.Errorf("live object is a %T, want a %T", live, out)
	}
	dst.Elem().Set(src.Elem())
	return nil
}

func (liveStorage) Create(context.Context, string, runtime.Object, runtime.Object, uint64) error {
	return errWrite
}

func (liveStorage) Delete(context.Context, string, runtime.Object, *storage.Preconditions, storage.ValidateObjectFunc, runtime.Object, storage.DeleteOptions) error {
	return errWrite
}

func (liveStorage) Watch(context.Context, string, storage.ListOptions) (watch.Interface, error) {
	return nil, errWrite
}

func (liveStorage) GetList(context.Context, string, storage.ListOptions, runtime.Object) error {
	return errWrite
}

func (liveStorage) GuaranteedUpdate(context.Context, string, runtime.Object, bool, *storage.Preconditions, storage.UpdateFunc, runtime.Object) error {
	return errWrite
}

func (liveStorage) Stats(context.Context) (storage.Stats, error) { return storage.Stats{}, nil }

func (liveStorage) ReadinessCheck() error { return nil }

func (liveStorage) RequestWatchProgress(context.Context) error { return errWrite }

func (liveStorage) GetCurrentResourceVersion(context.Context) (uint64, error) { return 1, nil }

func (liveStorage) EnableResourceSizeEstimation(storage.KeysFunc) error { return nil }

func (liveStorage) CompactRevision() int64 { return 0 }
