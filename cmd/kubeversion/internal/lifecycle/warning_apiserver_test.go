package lifecycle_test

import (
	"testing"

	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apiserver/pkg/endpoints/deprecation"
	"k8s.io/client-go/kubernetes/scheme"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/lifecycle"
)

// TestWarningMessageAsAPIServer compares WarningMessage with the
// API server's own, k8s.io/apiserver's deprecation.WarningMessage, for
// every row whose type the compiled k8s.io/api of the pinned release
// has, and checks each lifecycle statement against the compiled methods:
// the table states what the newest release says, which is the pinned one.
func TestWarningMessageAsAPIServer(t *testing.T) {
	tb := lifecycle.Load()
	compared := 0
	for i := range tb.Rows {
		r := &tb.Rows[i]
		gvk := schema.GroupVersionKind{Group: r.Group, Version: r.Version, Kind: r.Kind}
		obj, err := scheme.Scheme.New(gvk)
		if err != nil {
			continue
		}
		obj.GetObjectKind().SetGroupVersionKind(gvk)
		if got, want := lifecycle.WarningMessage(r), deprecation.WarningMessage(obj); got != want {
			t.Errorf("%s %s: WarningMessage = %q, the API server's %q", r.APIVersion(), r.Kind, got, want)
		}
		if removed, ok := obj.(interface{ APILifecycleRemoved() (int, int) }); ok {
			if _, minor := removed.APILifecycleRemoved(); minor != r.Removed {
				t.Errorf("%s %s: removed 1.%d, compiled k8s.io/api says 1.%d", r.APIVersion(), r.Kind, r.Removed, minor)
			}
		}
		if intro, ok := obj.(interface{ APILifecycleIntroduced() (int, int) }); ok {
			if _, minor := intro.APILifecycleIntroduced(); minor != r.Introduced {
				t.Errorf("%s %s: introduced 1.%d, compiled k8s.io/api says 1.%d", r.APIVersion(), r.Kind, r.Introduced, minor)
			}
		}
		compared++
	}
	if compared < 150 {
		t.Errorf("compared %d rows with the compiled k8s.io/api, want more than 150", compared)
	}
}
