package apiserver

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/rest"

	"github.com/kubeversion/kubeversion/migrate/audit"
)

// TestAuditLogKubeAPIServer: a kube-apiserver writes its audit log with
// its own log backend (policy: Metadata for every request); alice, with
// the user agent old-dashboard/2.0, lists ResourceSlices through
// resource.k8s.io/v1beta1 twice, and the garbage collector's service
// account once. Audit reads the log and names alice, her user agent and
// her two requests, an error at 1.38, and says it left the garbage
// collector's request out.
func TestAuditLogKubeAPIServer(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a kube-apiserver")
	}
	dir := t.TempDir()
	policy, log := filepath.Join(dir, "policy.yaml"), filepath.Join(dir, "audit.log")
	if err := os.WriteFile(policy, []byte("apiVersion: audit.k8s.io/v1\nkind: Policy\nomitStages: [RequestReceived]\nrules:\n- level: Metadata\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	srv := startServer(t, "--runtime-config=resource.k8s.io/v1beta1=true", "--audit-policy-file="+policy, "--audit-log-path="+log)
	list := func(user, agent string, times int) {
		t.Helper()
		cfg := rest.CopyConfig(srv.config)
		cfg.UserAgent = agent
		cfg.Impersonate = rest.ImpersonationConfig{UserName: user, Groups: []string{"system:masters"}}
		r := dynamic.NewForConfigOrDie(cfg).Resource(schema.GroupVersionResource{Group: "resource.k8s.io", Version: "v1beta1", Resource: "resourceslices"})
		for range times {
			if _, err := r.List(context.Background(), metav1.ListOptions{}); err != nil {
				t.Fatal(err)
			}
		}
	}
	list("alice", "old-dashboard/2.0", 2)
	list("system:serviceaccount:kube-system:generic-garbage-collector", "kube-controller-manager/v1.37.2 (linux/amd64) kubernetes/abcdef/system:serviceaccount:kube-system:generic-garbage-collector", 1)

	r, err := audit.Run(context.Background(), srv.config, audit.Options{Target: 38, AuditLogs: []string{log, filepath.Join(dir, "missing.log")}})
	if err != nil {
		t.Fatal(err)
	}
	var callers []audit.Finding
	for _, f := range r.Findings {
		if f.Subject == "resource.k8s.io/v1beta1 resourceslices" && strings.Contains(f.Message, "(audit log ") {
			callers = append(callers, f)
		}
	}
	want := `removed in 1.38, at or before the target 1.38, and requested by the user "alice" with the user agent "old-dashboard/2.0", 2 times, last at `
	if len(callers) != 1 || callers[0].Check != audit.CheckRemovedAPIRequested || callers[0].Level != audit.Error || !strings.HasPrefix(callers[0].Message, want) {
		t.Fatalf("callers %+v, want one: %s...", callers, want)
	}
	if note := source(r, "audit log "+log).Note; !strings.Contains(note, "3 requests of deprecated versions, of which 1 by controllers that list every resource") {
		t.Errorf("audit log note %q, want 3 requests, 1 left out", note)
	}
	if s := source(r, "audit log "+filepath.Join(dir, "missing.log")); s.Read || !strings.Contains(s.Note, "no such file") {
		t.Errorf("the missing log: %+v, want not read", s)
	}
}
