package builtin

import (
	"context"
	"fmt"
	"reflect"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/apiserver/pkg/registry/generic"
	"k8s.io/apiserver/pkg/storage"
	"k8s.io/apiserver/pkg/storage/storagebackend"
	"k8s.io/apiserver/pkg/storage/storagebackend/factory"
	"k8s.io/client-go/tools/cache"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
)

// optionsGetter gives every store the storage below, with the codec the
// API server stores the resource with: its group's preferred version.
type optionsGetter struct{}

func (optionsGetter) GetRESTOptions(resource schema.GroupResource, _ runtime.Object) (generic.RESTOptions, error) {
	versions := legacyscheme.Scheme.PrioritizedVersionsForGroup(resource.Group)
	if len(versions) == 0 {
		return generic.RESTOptions{}, fmt.Errorf("no versions of group %q in the scheme", resource.Group)
	}
	return generic.RESTOptions{
		StorageConfig: &storagebackend.ConfigForResource{
			Config:        storagebackend.Config{Codec: legacyscheme.Codecs.LegacyCodec(versions[0])},
			GroupResource: resource,
		},
		Decorator:      liveDecorator,
		ResourcePrefix: "/" + resource.Group + "/" + resource.Resource,
	}, nil
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
