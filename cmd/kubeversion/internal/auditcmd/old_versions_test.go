package auditcmd

import (
	"slices"
	"testing"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/lifecycle"
	"github.com/kubeversion/kubeversion/migrate/audit"
)

// TestOldVersions: the table's verdicts at the target, with the groups
// where the objects are listed now.
func TestOldVersions(t *testing.T) {
	olds := OldVersions(lifecycle.Load(), 38)
	find := func(apiVersion, kind string) *audit.OldVersion {
		i := slices.IndexFunc(olds, func(o audit.OldVersion) bool { return o.APIVersion == apiVersion && o.Kind == kind })
		if i < 0 {
			return nil
		}
		return &olds[i]
	}
	for _, c := range []struct {
		apiVersion, kind string
		level            audit.Level
		groups           []string
		message          string
	}{
		{"extensions/v1beta1", "Ingress", audit.Error, []string{"extensions", "networking.k8s.io"},
			`no matches for kind "Ingress" in version "extensions/v1beta1": removed in Kubernetes 1.22; use networking.k8s.io/v1 Ingress`},
		{"resource.k8s.io/v1beta1", "DeviceClass", audit.Error, []string{"resource.k8s.io"},
			`no matches for kind "DeviceClass" in version "resource.k8s.io/v1beta1": removed in Kubernetes 1.38`},
		{"v1", "Endpoints", audit.Warning, []string{"", "discovery.k8s.io"},
			"v1 Endpoints is deprecated in v1.33+; use discovery.k8s.io/v1 EndpointSlice"},
	} {
		o := find(c.apiVersion, c.kind)
		if o == nil || o.Level != c.level || !slices.Equal(o.Groups, c.groups) || o.Message != c.message {
			t.Errorf("%s %s: %+v; want level %s, groups %q, %q", c.apiVersion, c.kind, o, c.level, c.groups, c.message)
		}
	}
	if o := find("apps/v1", "Deployment"); o != nil {
		t.Errorf("apps/v1 Deployment: %+v, want nothing: it is served", o)
	}
	if got, want := len(OldVersions(lifecycle.Load(), 99)), len(OldVersions(lifecycle.Load(), lifecycle.Load().Newest)); got != want {
		t.Errorf("a target past the table: %d versions, want the newest release's %d", got, want)
	}
}
