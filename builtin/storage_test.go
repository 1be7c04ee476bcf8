package builtin

import (
	"slices"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/kubernetes/pkg/kubeapiserver"
)

// TestStorageOverrides checks that the storage versions the judge
// encodes with are kube-apiserver's own: storageOverrides is the list of
// pkg/kubeapiserver's NewStorageFactoryConfig, in its order, and every
// resource the judge serves is stored in the version that configuration
// chooses.
func TestStorageOverrides(t *testing.T) {
	cfg := kubeapiserver.NewStorageFactoryConfig()
	if !slices.Equal(storageOverrides, cfg.ResourceEncodingOverrides) {
		t.Errorf("storageOverrides = %v\nwant pkg/kubeapiserver's %v", storageOverrides, cfg.ResourceEncodingOverrides)
	}
	want := cfg.DefaultResourceEncoding
	for _, o := range cfg.ResourceEncodingOverrides {
		want.SetResourceEncoding(o.GroupResource(), o.GroupVersion(), schema.GroupVersion{Group: o.Group, Version: runtime.APIVersionInternal})
	}
	j, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, gvk := range j.Kinds() {
		r, _, ok := j.Resource(gvk)
		if !ok {
			continue
		}
		got, err := storageEncoding().StorageEncodingFor(r.GroupResource())
		if err != nil {
			t.Fatal(err)
		}
		theirs, err := want.StorageEncodingFor(r.GroupResource())
		if err != nil {
			t.Fatal(err)
		}
		if got != theirs {
			t.Errorf("%s stored as %s, kube-apiserver stores it as %s", r.GroupResource(), got, theirs)
		}
		checked++
	}
	if checked < 142 {
		t.Errorf("%d kinds checked, want every one the judge serves (142)", checked)
	}
}
