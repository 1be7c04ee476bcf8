package apiserver

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/rest"

	"github.com/kubeversion/kubeversion/migrate/audit"
)

// TestAuditKubeAPIServer runs audit against a whole kube-apiserver, with
// two deprecated betas that 1.37 serves only when asked turned on:
// resource.k8s.io/v1beta1 (removed in 1.38) and coordination.k8s.io/v1beta1
// (removed in 1.39). A client lists ResourceSlices through the first twice
// and LeaseCandidates through the second once; two CRDs have conversion
// webhooks, one whose Service has no EndpointSlice and one whose Service
// has a ready endpoint. Audit, judging for 1.38, must find the first an
// error, the second a warning, with their counts, the Service without
// endpoints an error, and the server's identity lease; and, in the
// managedFields of DeviceClasses listed in pages of 2, the manager that
// wrote three of them through v1beta1; and StorageVersionMigrations that
// failed, run and succeeded.
func TestAuditKubeAPIServer(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a kube-apiserver")
	}
	srv := startServer(t, "--runtime-config=resource.k8s.io/v1beta1=true,coordination.k8s.io/v1beta1=true")
	ctx := context.Background()
	dyn := dynamic.NewForConfigOrDie(srv.config)
	create := func(gvr schema.GroupVersionResource, namespace string, obj map[string]any) {
		t.Helper()
		r := dyn.Resource(gvr)
		var err error
		if namespace != "" {
			_, err = r.Namespace(namespace).Create(ctx, &unstructured.Unstructured{Object: obj}, metav1.CreateOptions{})
		} else {
			_, err = r.Create(ctx, &unstructured.Unstructured{Object: obj}, metav1.CreateOptions{})
		}
		if err != nil {
			t.Fatal(err)
		}
	}

	services := schema.GroupVersionResource{Version: "v1", Resource: "services"}
	for _, name := range []string{"dead", "alive"} {
		create(services, "default", map[string]any{"apiVersion": "v1", "kind": "Service", "metadata": map[string]any{"name": name},
			"spec": map[string]any{"ports": []any{map[string]any{"port": int64(443)}}}})
	}
	create(schema.GroupVersionResource{Group: "discovery.k8s.io", Version: "v1", Resource: "endpointslices"}, "default", map[string]any{
		"apiVersion": "discovery.k8s.io/v1", "kind": "EndpointSlice",
		"metadata":    map[string]any{"name": "alive-1", "labels": map[string]any{"kubernetes.io/service-name": "alive"}},
		"addressType": "IPv4",
		"endpoints":   []any{map[string]any{"addresses": []any{"10.0.0.1"}, "conditions": map[string]any{"ready": true}}},
		"ports":       []any{map[string]any{"port": int64(8443)}},
	})
	crds := schema.GroupVersionResource{Group: "apiextensions.k8s.io", Version: "v1", Resource: "customresourcedefinitions"}
	for _, name := range []string{"dead", "alive"} {
		create(crds, "", webhookCRD(name))
	}
	// Objects written through old versions, whose managedFields keep them
	// (an entry needs a field of the manager's: a label):
	// three DeviceClasses through resource.k8s.io/v1beta1 by legacy-dra,
	// one through v1 by new-dra.
	writeAs := func(manager, apiVersion string, names ...string) {
		t.Helper()
		group, version, _ := strings.Cut(apiVersion, "/")
		r := dyn.Resource(schema.GroupVersionResource{Group: group, Version: version, Resource: "deviceclasses"})
		for _, name := range names {
			obj := &unstructured.Unstructured{Object: map[string]any{"apiVersion": apiVersion, "kind": "DeviceClass", "metadata": map[string]any{"name": name, "labels": map[string]any{"tier": "gpu"}}}}
			if _, err := r.Create(ctx, obj, metav1.CreateOptions{FieldManager: manager}); err != nil {
				t.Fatal(err)
			}
		}
	}
	writeAs("legacy-dra", "resource.k8s.io/v1beta1", "gpu-a", "gpu-b", "gpu-c")
	writeAs("new-dra", "resource.k8s.io/v1", "gpu-d")
	// A LeaseCandidate, a kind that coordination.k8s.io serves in v1beta1
	// only, beside its preferred v1.
	create(schema.GroupVersionResource{Group: "coordination.k8s.io", Version: "v1beta1", Resource: "leasecandidates"}, "default", map[string]any{
		"apiVersion": "coordination.k8s.io/v1beta1", "kind": "LeaseCandidate",
		"metadata": map[string]any{"name": "scheduler-1", "labels": map[string]any{"app": "demo"}},
		"spec":     map[string]any{"leaseName": "scheduler", "binaryVersion": "1.37.2", "emulationVersion": "1.37.0", "strategy": "OldestEmulationVersion"},
	})
	// StorageVersionMigrations, whose status the controller (not running
	// here) would write: one failed, one running, one succeeded.
	svms := schema.GroupVersionResource{Group: "storagemigration.k8s.io", Version: "v1", Resource: "storageversionmigrations"}
	for name, cond := range map[string]string{"failed": "Failed", "running": "Running", "done": "Succeeded"} {
		create(svms, "", map[string]any{"apiVersion": "storagemigration.k8s.io/v1", "kind": "StorageVersionMigration",
			"metadata": map[string]any{"name": name}, "spec": map[string]any{"resource": map[string]any{"group": "dead.example.com", "resource": "widgets"}}})
		u, err := dyn.Resource(svms).Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			t.Fatal(err)
		}
		u.Object["status"] = map[string]any{"conditions": []any{map[string]any{"type": cond, "status": "True", "reason": "Test",
			"message": "conversion webhook unreachable", "lastTransitionTime": time.Now().UTC().Format(time.RFC3339)}}}
		if _, err := dyn.Resource(svms).UpdateStatus(ctx, u, metav1.UpdateOptions{}); err != nil {
			t.Fatal(err)
		}
	}

	subjects := []string{"resource.k8s.io/v1beta1 resourceslices", "coordination.k8s.io/v1beta1 leasecandidates"}
	before := requestCounts(t, runAudit(t, srv.config, false), subjects)
	cfg := rest.CopyConfig(srv.config)
	cfg.UserAgent = "legacy-client/0.1"
	old := dynamic.NewForConfigOrDie(cfg)
	for range 2 {
		if _, err := old.Resource(schema.GroupVersionResource{Group: "resource.k8s.io", Version: "v1beta1", Resource: "resourceslices"}).List(ctx, metav1.ListOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := old.Resource(schema.GroupVersionResource{Group: "coordination.k8s.io", Version: "v1beta1", Resource: "leasecandidates"}).Namespace("default").List(ctx, metav1.ListOptions{}); err != nil {
		t.Fatal(err)
	}

	var r *audit.Report
	deadline := time.Now().Add(30 * time.Second) // the identity lease is written by a post-start hook
	for {
		if note := source(runAudit(t, srv.config, false), "metrics").Note; strings.Contains(note, "the cluster's one API server instance") || time.Now().After(deadline) {
			break
		}
		time.Sleep(time.Second)
	}
	// The last run lists LeaseCandidates through v1beta1 for their
	// managedFields, after it read the metrics: its own request is not in
	// its counts. The runs before it read no managedFields.
	r = runAudit(t, srv.config, true)
	after := requestCounts(t, r, subjects)
	byCheck := map[string]audit.Finding{}
	for _, f := range r.Findings {
		byCheck[f.Subject] = f
	}
	for i, want := range []struct {
		check   string
		level   audit.Level
		removal string
		count   int
	}{
		{audit.CheckRemovedAPIRequested, audit.Error, "removed in 1.38, at or before the target 1.38", 2},
		{audit.CheckDeprecatedAPIRequested, audit.Warning, "deprecated, removed in 1.39", 1},
	} {
		f := byCheck[subjects[i]]
		if f.Check != want.check || f.Level != want.level || !strings.HasPrefix(f.Message, want.removal) || after[i]-before[i] != want.count {
			t.Errorf("%s: %+v (requests %d before, %d after); want %s at level %s, %q, %d more requests", subjects[i], f, before[i], after[i], want.check, want.level, want.removal, want.count)
		}
	}
	if f := byCheck["customresourcedefinition widgets.dead.example.com"]; f.Check != audit.CheckWebhookNoEndpoints || f.Level != audit.Error {
		t.Errorf("the webhook without endpoints: %+v, want %s", f, audit.CheckWebhookNoEndpoints)
	}
	if f, ok := byCheck["customresourcedefinition widgets.alive.example.com"]; ok {
		t.Errorf("the webhook with a ready endpoint: %+v, want no finding", f)
	}
	want := `3 objects hold fields that the manager "legacy-dra" (Update) wrote through it, such as gpu-a: removed in Kubernetes 1.38`
	if f := byCheck["resource.k8s.io/v1beta1 DeviceClass"]; f.Check != audit.CheckOldVersionWritten || f.Level != audit.Error || f.Message != want {
		t.Errorf("DeviceClasses written through v1beta1: %+v, want %s: %s", f, audit.CheckOldVersionWritten, want)
	}
	if f := byCheck["storageversionmigration failed"]; f.Check != audit.CheckStorageMigrationFailed || f.Level != audit.Error ||
		f.Message != "the migration of widgets.dead.example.com failed (Test: conversion webhook unreachable): objects may still be stored in older versions" || f.Fix != "kubeversion migrate widgets.dead.example.com" {
		t.Errorf("the failed migration: %+v", f)
	}
	if f := byCheck["storageversionmigration running"]; f.Check != audit.CheckStorageMigrationRunning || f.Level != audit.Warning {
		t.Errorf("the running migration: %+v", f)
	}
	if f, ok := byCheck["storageversionmigration done"]; ok {
		t.Errorf("the migration that succeeded: %+v, want no finding", f)
	}
	if f := byCheck["coordination.k8s.io/v1beta1 LeaseCandidate"]; f.Check != audit.CheckOldVersionWritten || f.Level != audit.Warning || !strings.HasPrefix(f.Message, "1 object holds fields") {
		t.Errorf("the LeaseCandidate written through v1beta1, its group's only version of it: %+v", f)
	}
	for _, name := range []string{"metrics", "customresourcedefinitions", "endpointslices", "managedFields", "storageversionmigrations"} {
		if s := source(r, name); !s.Read {
			t.Errorf("source %s not read: %s", name, s.Note)
		}
	}
	if note := source(r, "metrics").Note; !strings.Contains(note, "the cluster's one API server instance") {
		t.Errorf("metrics note %q, want the one instance of its identity lease", note)
	}
	t.Logf("%d findings: %+v; %+v", len(r.Findings), r.Findings, r.Sources)
}

// webhookCRD returns a CRD widgets.NAME.example.com whose conversion
// webhook is the Service default/NAME.
func webhookCRD(name string) map[string]any {
	schema := map[string]any{"openAPIV3Schema": map[string]any{"type": "object", "x-kubernetes-preserve-unknown-fields": true}}
	return map[string]any{
		"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
		"metadata": map[string]any{"name": "widgets." + name + ".example.com"},
		"spec": map[string]any{
			"group": name + ".example.com", "scope": "Namespaced",
			"names": map[string]any{"plural": "widgets", "singular": "widget", "kind": "Widget", "listKind": "WidgetList"},
			"versions": []any{
				map[string]any{"name": "v1", "served": true, "storage": true, "schema": schema},
				map[string]any{"name": "v2", "served": true, "storage": false, "schema": schema},
			},
			"conversion": map[string]any{"strategy": "Webhook", "webhook": map[string]any{
				"conversionReviewVersions": []any{"v1"},
				"clientConfig":             map[string]any{"service": map[string]any{"namespace": "default", "name": name, "path": "/convert"}},
			}},
		},
	}
}

// runAudit runs audit at target 1.38, in pages of 2, with the old
// versions of the test when olds is set.
func runAudit(t *testing.T, cfg *rest.Config, olds bool) *audit.Report {
	t.Helper()
	o := audit.Options{Target: 38, PageSize: 2}
	if olds {
		o.OldVersions = oldVersions(t)
	}
	r, err := audit.Run(context.Background(), cfg, o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// oldVersions returns the OldVersions of the test.
func oldVersions(t *testing.T) func(target int) []audit.OldVersion {
	return func(target int) []audit.OldVersion {
		if target != 38 {
			t.Errorf("OldVersions(%d), want the target 38", target)
		}
		return []audit.OldVersion{{APIVersion: "resource.k8s.io/v1beta1", Kind: "DeviceClass", Level: audit.Error,
			Message: "removed in Kubernetes 1.38", Groups: []string{"resource.k8s.io"}},
			{APIVersion: "coordination.k8s.io/v1beta1", Kind: "LeaseCandidate", Level: audit.Warning,
				Message: "deprecated", Groups: []string{"coordination.k8s.io"}}}
	}
}

func source(r *audit.Report, name string) audit.Source {
	for _, s := range r.Sources {
		if s.Name == name {
			return s
		}
	}
	return audit.Source{Name: name, Note: "missing from the report"}
}

// requestCounts returns the counts of requests the findings of r about
// each subject give, 0 when there is none.
func requestCounts(t *testing.T, r *audit.Report, subjects []string) []int {
	t.Helper()
	counts := make([]int, len(subjects))
	for i, s := range subjects {
		for _, f := range r.Findings {
			if f.Subject != s {
				continue
			}
			_, after, _ := strings.Cut(f.Message, "requested ")
			if strings.HasPrefix(after, "once ") {
				counts[i] = 1
				continue
			}
			n, err := strconv.Atoi(strings.Fields(after)[0])
			if err != nil {
				t.Fatalf("no count in %q", f.Message)
			}
			counts[i] = n
		}
	}
	return counts
}
