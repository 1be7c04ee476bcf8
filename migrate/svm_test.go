package migrate

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/client-go/rest"
	clientretry "k8s.io/client-go/util/retry"
)

// svmsOf lists the StorageVersionMigrations of the stand-in API.
func (c *cluster) svmsOf(version string) []unstructured.Unstructured {
	c.t.Helper()
	list, err := c.dyn.Resource(svmGVR(version)).List(context.Background(), metav1.ListOptions{})
	if err != nil {
		c.t.Fatal(err)
	}
	return list.Items
}

// storageMigrating returns the CRD's StorageMigrating condition, or nil.
func (c *cluster) storageMigrating() *apiextensionsv1.CustomResourceDefinitionCondition {
	c.t.Helper()
	crd, err := c.ext.ApiextensionsV1().CustomResourceDefinitions().Get(context.Background(), testCRD, metav1.GetOptions{})
	if err != nil {
		c.t.Fatal(err)
	}
	for i := range crd.Status.Conditions {
		if crd.Status.Conditions[i].Type == apiextensionsv1.StorageMigrating {
			return &crd.Status.Conditions[i]
		}
	}
	return nil
}

// TestClusterMigratorGuards runs --use-cluster-migrator where it must not
// go ahead: on the real test server, which does not serve the
// StorageVersionMigration API; then, with the stand-in API but no
// controller, its dry run, a migration of the resource already waiting, a
// controller that never takes the new one up, and an interrupted run.
func TestClusterMigratorGuards(t *testing.T) {
	t.Parallel()
	c := prepare(t, 5)
	// As `kubeversion migrate --use-cluster-migrator [--dry-run]`: exit
	// status 2 and the engine's error, which the command prints.
	asCommand := c.asCommand(Options{Settle: 100 * time.Millisecond})
	for _, dry := range []bool{false, true} {
		var err error
		if dry {
			var p *SVMPlan
			p, err = asCommand.PlanWithClusterMigrator(context.Background(), testCRD)
			if p != nil {
				t.Errorf("not served, dry run: plan %+v, want none", p)
			}
		} else {
			var r *Report
			r, err = asCommand.RunWithClusterMigrator(context.Background(), testCRD)
			if r != nil && r.Target.Name != "" {
				t.Errorf("not served: report %+v, want none", r)
			}
		}
		if exitStatus(err) != 2 || !errors.Is(err, ErrClusterMigratorNotServed) || !strings.Contains(err.Error(), "the cluster does not serve the StorageVersionMigration API") ||
			!strings.Contains(err.Error(), "run without --use-cluster-migrator") {
			t.Errorf("not served, dry run %v: %v; want ErrClusterMigratorNotServed (exit status 2) and the advice", dry, err)
		}
	}
	if _, err := c.migrator(nil, Options{}).RunWithClusterMigrator(context.Background(), testCRD); !errors.Is(err, ErrClusterMigratorNotServed) {
		t.Errorf("RunWithClusterMigrator = %v, want ErrClusterMigratorNotServed", err)
	}
	if counts, _ := c.stored(); counts[testGroup+"/v1beta1"] != 5 {
		t.Errorf("etcd holds %v, want the 5 widgets at v1beta1 untouched", counts)
	}

	c.installSVMAPIStandIn("v1")
	var text bytes.Buffer
	p, err := asCommand.PlanWithClusterMigrator(context.Background(), testCRD)
	if err == nil {
		p.Write(&text)
	}
	if err != nil || p.SVM["apiVersion"] != SVMGroup+"/v1" ||
		!strings.Contains(text.String(), "  apiVersion: storagemigration.k8s.io/v1\n") ||
		!strings.Contains(text.String(), "    generateName: "+testCRD+"-\n") ||
		!strings.Contains(text.String(), "      resource: "+testPlural+"\n") {
		t.Errorf("dry run = %+v, %v\n%s", p, err, &text)
	}
	if n := len(c.svmsOf("v1")); n != 0 {
		t.Errorf("--dry-run created %d StorageVersionMigrations", n)
	}

	// One waiting for the resource already: refused, by Run and Plan.
	pending, err := c.dyn.Resource(svmGVR("v1")).Create(context.Background(), newSVM(Target{Name: testCRD, Group: testGroup, Plural: testPlural}, "v1"), metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	m := c.migrator(nil, Options{})
	if _, err := m.RunWithClusterMigrator(context.Background(), testCRD); !errors.Is(err, ErrStorageMigrating) || !strings.Contains(err.Error(), pending.GetName()) {
		t.Errorf("Run with %s waiting: %v, want ErrStorageMigrating naming it", pending.GetName(), err)
	}
	if _, err := m.PlanWithClusterMigrator(context.Background(), testCRD); !errors.Is(err, ErrStorageMigrating) {
		t.Errorf("Plan with %s waiting: %v, want ErrStorageMigrating", pending.GetName(), err)
	}
	if err := c.dyn.Resource(svmGVR("v1")).Delete(context.Background(), pending.GetName(), metav1.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}

	// No controller takes it up.
	r, err := c.migrator(nil, Options{SVMStartTimeout: 300 * time.Millisecond}).RunWithClusterMigrator(context.Background(), testCRD)
	if err == nil || !strings.Contains(err.Error(), "has no condition after 300ms") || r.SVM == nil || !strings.Contains(err.Error(), r.SVM.Name) || r.Committed {
		t.Errorf("Run without controller = %+v, %v; want the start timeout naming the SVM", r, err)
	}
	t.Logf("without controller: %v", err)

	// Interrupted once it created the SVM: the error names it, and it stays.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	m = c.migrator(nil, Options{Force: true, Notify: func(s string) {
		if strings.HasPrefix(s, "created ") {
			cancel()
		}
	}})
	r, err = m.RunWithClusterMigrator(ctx, testCRD)
	if !errors.Is(err, context.Canceled) || r.SVM == nil || r.SVM.Name == "" || !strings.Contains(err.Error(), r.SVM.Name+" keeps running on the server") {
		t.Errorf("interrupted run = %+v, %v; want context.Canceled naming the SVM", r, err)
	}
	if n := len(c.svmsOf("v1")); n != 2 {
		t.Errorf("%d StorageVersionMigrations on the server, want 2 (none deleted)", n)
	}
	t.Logf("interrupted: %v", err)
	if sv := c.storedVersions(); !slices.Equal(sv, []string{"v1beta1", "v1"}) {
		t.Errorf("storedVersions = %v, want [v1beta1 v1] untouched", sv)
	}

	// The flags of the client-side run that --use-cluster-migrator refuses
	// are the command's to check: see cmd/kubeversion's
	// TestMigrateUsageErrors.
}

// TestClusterMigrator137 delegates to the stand-in controllers of
// Kubernetes 1.37 as the command does: a patch answered 429 once makes the
// controller requeue with "N/M objects not yet migrated" in its Running
// message, which reaches the progress display; the controller trims
// storedVersions itself, and the run commits nothing more.
func TestClusterMigrator137(t *testing.T) {
	t.Parallel()
	const n = 30
	c := prepare(t, n)
	c.installSVMAPIStandIn("v1")
	var patches atomic.Int32
	c.startSVMStandIn("1.37", "v1", hooked(c.cfg, hooks{onPatch: func(ns, name string) *http.Response {
		if patches.Add(1) == 12 {
			return statusResponse(&http.Request{}, metav1.Status{Code: http.StatusTooManyRequests, Reason: metav1.StatusReasonTooManyRequests, Message: "injected throttling"})
		}
		return nil
	}}))
	// As `kubeversion migrate --settle 100ms --use-cluster-migrator -o
	// json`, progress and notes recorded instead of printed.
	var (
		mu       sync.Mutex
		progress []Progress
		notes    []string
	)
	m := c.asCommand(Options{Settle: 100 * time.Millisecond,
		Progress: func(p Progress) { mu.Lock(); progress = append(progress, p); mu.Unlock() },
		Notify:   func(s string) { mu.Lock(); notes = append(notes, s); mu.Unlock() }})
	r, err := m.RunWithClusterMigrator(context.Background(), testCRD)
	if err != nil {
		t.Fatalf("run = %+v, %v\n%s", r, err, strings.Join(notes, "\n"))
	}
	raw, err := json.Marshal(r)
	r = &Report{}
	if err != nil || json.Unmarshal(raw, r) != nil {
		t.Fatalf("report as JSON: %s, %v", raw, err)
	}
	mu.Lock()
	defer mu.Unlock()
	t.Logf("notes:\n%s", strings.Join(notes, "\n"))
	if r.SVM == nil || r.SVM.Phase != "Succeeded" || r.SVM.Migrated != n || r.SVM.Total != n || !r.SVM.ControllerTrimmed ||
		!r.Committed || !slices.Equal(r.StoredVersions, []string{"v1"}) || !strings.HasPrefix(r.SVM.Name, testCRD+"-") || r.SVM.APIVersion != SVMGroup+"/v1" {
		t.Errorf("report = %+v, svm %+v; want Succeeded, %d/%d, trimmed by the controller", r, r.SVM, n, n)
	}
	// The figures of the progress line the command prints:
	// "11/30 objects migrated by the cluster's controller", then 30/30.
	progressed := func(done int, final bool) bool {
		return slices.ContainsFunc(progress, func(p Progress) bool { return p.Processed() == done && p.Total == n && p.Final == final })
	}
	if !progressed(11, false) || !progressed(n, true) {
		t.Errorf("progress = %+v, want 11/%d and a final %d/%d", progress, n, n, n)
	}
	for _, want := range []string{"transient error: injected throttling", "Succeeded (StorageVersionMigrationSucceeded: Migration completed)", "the controller set storedVersions to [v1]"} {
		if !slices.ContainsFunc(notes, func(s string) bool { return strings.Contains(s, want) }) {
			t.Errorf("notes lack %q", want)
		}
	}
	if counts, _ := c.stored(); counts[testGroup+"/v1"] != n || len(counts) != 1 {
		t.Errorf("etcd holds %v, want %d at v1", counts, n)
	}
	if sv := c.storedVersions(); !slices.Equal(sv, []string{"v1"}) {
		t.Errorf("storedVersions = %v, want [v1]", sv)
	}
	if cond := c.storageMigrating(); cond == nil || cond.Status != apiextensionsv1.ConditionFalse || !strings.Contains(cond.Message, "stored versions have been updated") {
		t.Errorf("StorageMigrating = %+v, want False after the controller's trim", cond)
	}
	svms := c.svmsOf("v1")
	if len(svms) != 1 || svms[0].GetName() != r.SVM.Name {
		t.Fatalf("server holds %d StorageVersionMigrations, want 1, %s", len(svms), r.SVM.Name)
	}
	if gr, _, _ := unstructured.NestedStringMap(svms[0].Object, "spec", "resource"); gr["group"] != testGroup || gr["resource"] != testPlural {
		t.Errorf("spec.resource = %v", gr)
	}

	// Text report of a second run: nothing to do.
	r, err = c.asCommand(Options{}).RunWithClusterMigrator(context.Background(), testCRD)
	var text bytes.Buffer
	if err == nil {
		r.Write(&text)
	}
	if err != nil || !r.NothingToDo || !strings.Contains(text.String(), "nothing to do") {
		t.Errorf("second run = %+v, %v, %q", r, err, &text)
	}
}

// noWatch returns a copy of cfg whose watches of StorageVersionMigrations
// are refused with 403, as RBAC without the watch verb would, and the
// number of them.
func noWatch(cfg *rest.Config) (*rest.Config, *atomic.Int32) {
	var n atomic.Int32
	cfg = rest.CopyConfig(cfg)
	cfg.Wrap(func(rt http.RoundTripper) http.RoundTripper {
		return roundTripFunc(func(r *http.Request) (*http.Response, error) {
			if r.URL.Query().Get("watch") == "true" && strings.Contains(r.URL.Path, "/"+SVMResource) {
				n.Add(1)
				return statusResponse(r, metav1.Status{Code: http.StatusForbidden, Reason: metav1.StatusReasonForbidden, Message: "watch forbidden"}), nil
			}
			return rt.RoundTrip(r)
		})
	})
	return cfg, &n
}

// TestClusterMigrator135 delegates to the stand-in controllers of
// Kubernetes 1.35, which serve storagemigration.k8s.io/v1beta1 only and
// never trim storedVersions: the run finds v1beta1, and commits itself.
// Its client may not watch, so it polls.
func TestClusterMigrator135(t *testing.T) {
	t.Parallel()
	const n = 20
	c := prepare(t, n)
	c.installSVMAPIStandIn("v1beta1")
	c.startSVMStandIn("1.35", "v1beta1", nil)
	var (
		mu    sync.Mutex
		lines []string
	)
	cfg, refused := noWatch(c.cfg)
	m := c.migrator(cfg, Options{Notify: func(s string) { mu.Lock(); lines = append(lines, s); mu.Unlock() }})
	r, err := m.RunWithClusterMigrator(context.Background(), testCRD)
	if err != nil {
		t.Fatalf("Run: %v\n%s", err, strings.Join(lines, "\n"))
	}
	if refused.Load() == 0 {
		t.Errorf("no watch was tried")
	}
	t.Logf("notes:\n%s", strings.Join(lines, "\n"))
	if r.SVM.Phase != "Succeeded" || r.SVM.APIVersion != SVMGroup+"/v1beta1" || r.SVM.ControllerTrimmed || !r.Committed ||
		!slices.Equal(r.StoredVersions, []string{"v1"}) || r.SVM.Total != 0 {
		t.Errorf("report = %+v, svm %+v; want Succeeded at v1beta1, committed by the run, no figures", r, r.SVM)
	}
	if counts, _ := c.stored(); counts[testGroup+"/v1"] != n || len(counts) != 1 {
		t.Errorf("etcd holds %v, want %d at v1", counts, n)
	}
	if sv := c.storedVersions(); !slices.Equal(sv, []string{"v1"}) {
		t.Errorf("storedVersions = %v, want [v1]", sv)
	}
	if cond := c.storageMigrating(); cond != nil {
		t.Errorf("StorageMigrating = %+v, want none (1.35 has no migration runner)", cond)
	}
	var b bytes.Buffer
	r.Write(&b)
	if !strings.Contains(b.String(), "StorageVersionMigration "+r.SVM.Name+" (storagemigration.k8s.io/v1beta1): Succeeded") ||
		!strings.Contains(b.String(), "status.storedVersions set to [v1]\n") {
		t.Errorf("text report:\n%s", &b)
	}
}

// TestClusterMigratorFailed has the stand-in 1.37 controller meet a patch
// refused with 403: the SVM fails with ErrSVMFailed, for which the command
// exits 1, and its message. Like finishCRDMigration of v1.37.2 (its unit test "Migration
// failed: CRD condition updated" expects it), the stand-in's migration
// runner then trims storedVersions although objects are still stored as
// v1beta1: the run must put [v1beta1 v1] back.
func TestClusterMigratorFailed(t *testing.T) {
	t.Parallel()
	const n = 15
	c := prepare(t, n)
	c.installSVMAPIStandIn("v1")
	c.startSVMStandIn("1.37", "v1", hooked(c.cfg, hooks{onPatch: func(ns, name string) *http.Response {
		if name == "w-00007" {
			return statusResponse(&http.Request{}, metav1.Status{Code: http.StatusForbidden, Reason: metav1.StatusReasonForbidden, Message: "injected: patch forbidden"})
		}
		return nil
	}}))
	// As `kubeversion migrate --settle 100ms --use-cluster-migrator`: exit
	// status 1, the engine's error (which the command prints) with the
	// controller's reason and message, and the text report.
	r, err := c.asCommand(Options{Settle: 100 * time.Millisecond}).RunWithClusterMigrator(context.Background(), testCRD)
	var text bytes.Buffer
	if r != nil && r.Target.Name != "" {
		r.Write(&text)
	}
	t.Logf("report:\n%s\nerror: %v", &text, err)
	if exitStatus(err) != 1 || !errors.Is(err, ErrSVMFailed) || !strings.Contains(err.Error(), "the StorageVersionMigration failed, storedVersions left unchanged") ||
		!strings.Contains(err.Error(), "StorageVersionMigrationFailed: ") || !strings.Contains(err.Error(), "injected: patch forbidden") {
		t.Errorf("error %v, want ErrSVMFailed (exit status 1) and the controller's reason and message", err)
	}
	if !strings.Contains(text.String(), ": Failed (StorageVersionMigrationFailed: 8/15 not yet migrated. ") || !strings.Contains(text.String(), ", 7/15 objects migrated") ||
		!strings.Contains(text.String(), "status.storedVersions put back to [v1beta1 v1]: the cluster's controller had set it to [v1] although the migration failed") {
		t.Errorf("report lacks the failure or the restored storedVersions")
	}
	if r == nil || r.SVM == nil || r.SVM.Phase != "Failed" || !r.SVM.Restored || r.Committed || !slices.Equal(r.StoredVersions, []string{"v1beta1", "v1"}) {
		t.Errorf("report = %+v, want the SVM Failed, storedVersions restored to [v1beta1 v1]", r)
	}
	if cond := c.storageMigrating(); cond == nil || cond.Status != apiextensionsv1.ConditionFalse || cond.Reason != "MigrationFailed" {
		t.Errorf("StorageMigrating = %+v, want False, MigrationFailed: the stand-in runner ran its cleanup", cond)
	}
	if sv := c.storedVersions(); !slices.Equal(sv, []string{"v1beta1", "v1"}) {
		t.Errorf("storedVersions = %v, want [v1beta1 v1] untouched", sv)
	}
	if counts, _ := c.stored(); counts[testGroup+"/v1beta1"] == 0 {
		t.Errorf("etcd holds %v: the failed migration should leave objects at v1beta1", counts)
	}
}

// TestClusterMigratorGenerationChanged changes the CRD's spec while the
// stand-in 1.37 controller migrates: its migration runner then leaves
// storedVersions ("generation mismatch"), and the run's own commit, whose
// test operations pin the generation read at the start, must refuse too.
func TestClusterMigratorGenerationChanged(t *testing.T) {
	t.Parallel()
	c := prepare(t, 10)
	c.installSVMAPIStandIn("v1")
	c.startSVMStandIn("1.37", "v1", nil)
	changed := false
	m := c.migrator(nil, Options{Notify: func(s string) {
		if strings.Contains(s, " Running: ") && !changed {
			changed = true
			err := clientretry.RetryOnConflict(clientretry.DefaultRetry, func() error {
				crd, err := c.ext.ApiextensionsV1().CustomResourceDefinitions().Get(context.Background(), testCRD, metav1.GetOptions{})
				if err != nil {
					return err
				}
				crd.Spec.Versions[1].Schema.OpenAPIV3Schema.Description = "changed during the migration"
				_, err = c.ext.ApiextensionsV1().CustomResourceDefinitions().Update(context.Background(), crd, metav1.UpdateOptions{})
				return err
			})
			if err != nil {
				t.Error(err)
			}
		}
	}})
	r, err := m.RunWithClusterMigrator(context.Background(), testCRD)
	if !changed || !errors.Is(err, ErrCRDChanged) || r.Committed || r.SVM.Phase != "Succeeded" || r.SVM.ControllerTrimmed {
		t.Fatalf("Run = committed %v, svm %+v, %v; want Succeeded and ErrCRDChanged", r.Committed, r.SVM, err)
	}
	t.Logf("refused: %v", err)
	if sv := c.storedVersions(); !slices.Equal(sv, []string{"v1beta1", "v1"}) {
		t.Errorf("storedVersions = %v, want [v1beta1 v1] untouched", sv)
	}
	if cond := c.storageMigrating(); cond == nil || !strings.Contains(cond.Message, "generation mismatch") {
		t.Errorf("StorageMigrating = %+v, want the runner's generation mismatch", cond)
	}
}
