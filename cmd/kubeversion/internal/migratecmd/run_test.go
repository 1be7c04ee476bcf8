package migratecmd

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/kubeversion/kubeversion/migrate"
)

// fakeEngine answers each method with its fields and records the calls.
type fakeEngine struct {
	plan    *migrate.Plan
	svmPlan *migrate.SVMPlan
	report  *migrate.Report
	err     error
	calls   []string
}

func (f *fakeEngine) Plan(_ context.Context, name string) (*migrate.Plan, error) {
	f.calls = append(f.calls, "Plan "+name)
	return f.plan, f.err
}

func (f *fakeEngine) Run(_ context.Context, name string) (*migrate.Report, error) {
	f.calls = append(f.calls, "Run "+name)
	return f.report, f.err
}

func (f *fakeEngine) PlanWithClusterMigrator(_ context.Context, name string) (*migrate.SVMPlan, error) {
	f.calls = append(f.calls, "PlanWithClusterMigrator "+name)
	return f.svmPlan, f.err
}

func (f *fakeEngine) RunWithClusterMigrator(_ context.Context, name string) (*migrate.Report, error) {
	f.calls = append(f.calls, "RunWithClusterMigrator "+name)
	return f.report, f.err
}

var _ Engine = (*migrate.Migrator)(nil)

const crdName = "widgets.example.com"

var target = migrate.Target{Name: crdName, Group: "example.com", Plural: "widgets", Storage: "v1", StoredVersions: []string{"v1beta1", "v1"}}

// TestRunChoosesTheEngineMethod checks which method of the engine each
// combination of --dry-run and --use-cluster-migrator calls, and that its
// result is printed as the engine writes it.
func TestRunChoosesTheEngineMethod(t *testing.T) {
	report := &migrate.Report{Target: target, Counts: migrate.Counts{Written: 3}, Pages: 1, Committed: true, StoredVersions: []string{"v1"}, Duration: 1500 * time.Millisecond}
	svmReport := &migrate.Report{Target: target, Committed: true, StoredVersions: []string{"v1"}, Duration: time.Second,
		SVM: &migrate.SVMRun{Name: crdName + "-x7k2p", APIVersion: "storagemigration.k8s.io/v1", Phase: "Succeeded", Migrated: 3, Total: 3, ControllerTrimmed: true}}
	plan := &migrate.Plan{Target: target, Namespaces: map[string]int{"ns-0": 3}, Total: 3}
	svmPlan := &migrate.SVMPlan{Target: target, SVM: map[string]any{"apiVersion": "storagemigration.k8s.io/v1"}, CommitPatch: json.RawMessage(`[]`)}
	for _, tc := range []struct {
		req    Request
		engine *fakeEngine
		call   string
		result Result
	}{
		{Request{Name: crdName}, &fakeEngine{report: report}, "Run", report},
		{Request{Name: crdName, DryRun: true}, &fakeEngine{plan: plan}, "Plan", plan},
		{Request{Name: crdName, ClusterMigrator: true}, &fakeEngine{report: svmReport}, "RunWithClusterMigrator", svmReport},
		{Request{Name: crdName, DryRun: true, ClusterMigrator: true}, &fakeEngine{svmPlan: svmPlan}, "PlanWithClusterMigrator", svmPlan},
	} {
		for _, output := range []string{"text", "json"} {
			tc.engine.calls = nil
			tc.req.Output = output
			var stdout, stderr, want bytes.Buffer
			status := Run(context.Background(), tc.engine, tc.req, &stdout, &stderr)
			if output == "json" {
				enc := json.NewEncoder(&want)
				enc.SetIndent("", "  ")
				enc.Encode(tc.result)
			} else {
				tc.result.Write(&want)
			}
			if status != ExitOK || stderr.Len() != 0 || len(tc.engine.calls) != 1 || tc.engine.calls[0] != tc.call+" "+crdName || stdout.String() != want.String() {
				t.Errorf("%+v: status %d, calls %q, stderr %q, stdout\n%s\nwant %s %s and stdout\n%s", tc.req, status, tc.engine.calls, &stderr, &stdout, tc.call, crdName, &want)
			}
		}
	}
}

// TestRunErrors checks the message and the exit status of each error of
// the engine, and what is printed with it.
func TestRunErrors(t *testing.T) {
	failed := &migrate.Report{Target: target, Failed: []migrate.Failure{{Namespace: "ns-0", Name: "w-1", Reason: "forbidden"}}, StoredVersions: target.StoredVersions}
	for _, tc := range []struct {
		name   string
		engine *fakeEngine
		req    Request
		status int
		stdout string // contained; "" for none at all
		stderr string // exactly
	}{
		{"objects failed", &fakeEngine{report: failed, err: fmt.Errorf("%w: 1 of 3", migrate.ErrObjectsFailed)}, Request{}, ExitFailed,
			"failed: ns-0/w-1", "kubeversion migrate: objects failed, storedVersions left unchanged: 1 of 3\n"},
		{"CRD changed", &fakeEngine{report: &migrate.Report{Target: target}, err: migrate.ErrCRDChanged}, Request{}, ExitFailed,
			"status.storedVersions left as", "kubeversion migrate: the CRD changed during the run, storedVersions left unchanged\n"},
		{"storage migrating", &fakeEngine{err: fmt.Errorf("preflight: %w", migrate.ErrStorageMigrating)}, Request{DryRun: true}, ExitFailed,
			"", "kubeversion migrate: preflight: migrate: a StorageVersionMigration is running for the CRD (condition StorageMigrating=True)\n"},
		{"hash timeout", &fakeEngine{report: &migrate.Report{}, err: migrate.ErrHashTimeout}, Request{}, ExitFailed,
			"", "kubeversion migrate: discovery does not show the storage version's storageVersionHash\n"},
		{"SVM failed", &fakeEngine{err: migrate.ErrSVMFailed}, Request{ClusterMigrator: true}, ExitFailed,
			"", "kubeversion migrate: the StorageVersionMigration failed, storedVersions left unchanged\n"},
		{"not served", &fakeEngine{err: fmt.Errorf("%w; run without --use-cluster-migrator to migrate from this client", migrate.ErrClusterMigratorNotServed)}, Request{ClusterMigrator: true, DryRun: true}, ExitError,
			"", "kubeversion migrate: the cluster does not serve the StorageVersionMigration API (storagemigration.k8s.io v1 or v1beta1); run without --use-cluster-migrator to migrate from this client\n"},
		{"interrupted", &fakeEngine{report: &migrate.Report{Target: target}, err: fmt.Errorf("migrate: listing: %w", context.Canceled)}, Request{Output: "json"}, ExitError,
			`"name": "widgets.example.com"`, "kubeversion migrate: listing: context canceled\n"},
		{"no such CRD", &fakeEngine{err: errors.New(`migrate: customresourcedefinitions.apiextensions.k8s.io "nosuch.example.com" not found`)}, Request{}, ExitError,
			"", "kubeversion migrate: customresourcedefinitions.apiextensions.k8s.io \"nosuch.example.com\" not found\n"},
	} {
		var stdout, stderr bytes.Buffer
		tc.req.Name = crdName
		status := Run(context.Background(), tc.engine, tc.req, &stdout, &stderr)
		if status != tc.status || stderr.String() != tc.stderr ||
			tc.stdout == "" && stdout.Len() != 0 || !strings.Contains(stdout.String(), tc.stdout) {
			t.Errorf("%s: status %d, stdout %q, stderr %q; want %d, stdout with %q, stderr %q", tc.name, status, &stdout, &stderr, tc.status, tc.stdout, tc.stderr)
		}
		if got := ExitStatus(tc.engine.err); got != tc.status {
			t.Errorf("%s: ExitStatus = %d, want %d", tc.name, got, tc.status)
		}
	}
	if ExitStatus(nil) != ExitOK {
		t.Error("ExitStatus(nil) is not ExitOK")
	}
}
