package migrate

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// SVMGroup and SVMResource name the API of the in-tree
// StorageVersionMigration controller (KEP-4192): served as v1 from
// Kubernetes 1.37, as v1beta1 in 1.35 and 1.36 (feature gate
// StorageVersionMigrator and the API enabled), as v1alpha1 before.
const (
	SVMGroup    = "storagemigration.k8s.io"
	SVMResource = "storageversionmigrations"
	svmKind     = "StorageVersionMigration"
)

// svmVersions are the versions of SVMGroup a run with the cluster's
// migrator uses, preferred first. v1alpha1 (1.30–1.34) is left out: its
// controller patched with server-side apply and never trims storedVersions.
var svmVersions = []string{"v1", "v1beta1"}

// ErrClusterMigratorNotServed is returned by the runs with the cluster's
// migrator when the server does not serve storagemigration.k8s.io v1 or
// v1beta1: the in-tree StorageVersionMigration controller is not there to
// delegate to.
var ErrClusterMigratorNotServed = errors.New("migrate: the cluster does not serve the StorageVersionMigration API (storagemigration.k8s.io v1 or v1beta1)")

// ErrSVMFailed is returned when the StorageVersionMigration ended with its
// Failed condition: the report gives its reason and message, and
// status.storedVersions was left as it was.
var ErrSVMFailed = errors.New("migrate: the StorageVersionMigration failed, storedVersions left unchanged")

// SVMRun is what became of the StorageVersionMigration of a run with the
// cluster's migrator, as the report gives it.
type SVMRun struct {
	// Name is the object's name (generated from the CRD's name), and
	// APIVersion the group/version it was created at.
	Name       string `json:"name"`
	APIVersion string `json:"apiVersion"`
	// Phase is Succeeded or Failed when the migration ended, Running when
	// the run stopped following it before, Pending when the controller had
	// not taken it up yet, NotCreated when the run stopped before creating
	// it (Name is then empty).
	Phase string `json:"phase"`
	// Reason and Message are those of the condition of Phase.
	Reason  string `json:"reason,omitempty"`
	Message string `json:"message,omitempty"`
	// Migrated and Total are the figures of the controller's last message
	// on the Running condition ("N/M objects not yet migrated" gives
	// Migrated M-N of Total M), both 0 when it gave none.
	Migrated int `json:"migrated"`
	Total    int `json:"total"`
	// ControllerTrimmed is true when the controller set storedVersions to
	// the storage version itself (Kubernetes 1.36 and later), false when
	// the run's own guarded commit did.
	ControllerTrimmed bool `json:"controllerTrimmed,omitempty"`
	// Restored is true when the controller trimmed storedVersions although
	// the migration failed, and the run put back the versions it read at
	// the start (see [Migrator.RunWithClusterMigrator]).
	Restored bool `json:"restored,omitempty"`
}

// svmObject is the part of a StorageVersionMigration the run reads, decoded
// from the dynamic client's unstructured object (no typed client needed).
type svmObject struct {
	metav1.ObjectMeta `json:"metadata"`
	Spec              struct {
		Resource metav1.GroupResource `json:"resource"`
	} `json:"spec"`
	Status struct {
		Conditions      []metav1.Condition `json:"conditions,omitempty"`
		ResourceVersion string             `json:"resourceVersion,omitempty"`
	} `json:"status"`
}

// decodeSVM decodes u into an svmObject.
func decodeSVM(u *unstructured.Unstructured) (*svmObject, error) {
	var s svmObject
	if err := runtime.DefaultUnstructuredConverter.FromUnstructured(u.Object, &s); err != nil {
		return nil, fmt.Errorf("migrate: StorageVersionMigration %s: %w", u.GetName(), err)
	}
	return &s, nil
}

// terminal returns the condition Succeeded or Failed that is True, or nil.
func (s *svmObject) terminal() *metav1.Condition {
	for _, t := range []string{"Succeeded", "Failed"} {
		if c := meta.FindStatusCondition(s.Status.Conditions, t); c != nil && c.Status == metav1.ConditionTrue {
			return c
		}
	}
	return nil
}

// running returns the Running condition when it is True, or nil.
func (s *svmObject) running() *metav1.Condition {
	if c := meta.FindStatusCondition(s.Status.Conditions, "Running"); c != nil && c.Status == metav1.ConditionTrue {
		return c
	}
	return nil
}

// newSVM returns the StorageVersionMigration that migrates the objects of
// t, at apiVersion storagemigration.k8s.io/<version>, named by the server
// from the CRD's name. For example, for the CronTab CRD:
//
//	apiVersion: storagemigration.k8s.io/v1
//	kind: StorageVersionMigration
//	metadata: {generateName: crontabs.stable.example.com-}
//	spec: {resource: {group: stable.example.com, resource: crontabs}}
func newSVM(t Target, version string) *unstructured.Unstructured {
	return &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": SVMGroup + "/" + version,
		"kind":       svmKind,
		"metadata":   map[string]any{"generateName": t.Name + "-"},
		"spec":       map[string]any{"resource": map[string]any{"group": t.Group, "resource": t.Plural}},
	}}
}

// svmGVR returns the resource of the StorageVersionMigrations at version.
func svmGVR(version string) schema.GroupVersionResource {
	return schema.GroupVersionResource{Group: SVMGroup, Version: version, Resource: SVMResource}
}

// clusterMigratorVersion asks per-group-version discovery which version of
// storagemigration.k8s.io the server serves, v1 first, and returns it, or
// ErrClusterMigratorNotServed (saying so when the server serves v1alpha1
// only).
func (m *Migrator) clusterMigratorVersion() (string, error) {
	served := func(v string) (bool, error) {
		list, err := m.discovery.ServerResourcesForGroupVersion(SVMGroup + "/" + v)
		if apierrors.IsNotFound(err) {
			return false, nil
		}
		if err != nil {
			return false, fmt.Errorf("migrate: discovery of %s/%s: %w", SVMGroup, v, err)
		}
		return slices.ContainsFunc(list.APIResources, func(r metav1.APIResource) bool { return r.Name == SVMResource }), nil
	}
	for _, v := range svmVersions {
		if ok, err := served(v); ok || err != nil {
			return v, err
		}
	}
	if ok, _ := served("v1alpha1"); ok {
		return "", fmt.Errorf("%w: it serves v1alpha1 only (Kubernetes 1.30 to 1.34), whose controller never trims storedVersions; run without --use-cluster-migrator to migrate from this client", ErrClusterMigratorNotServed)
	}
	return "", fmt.Errorf("%w; it is served from Kubernetes 1.37 (1.35 and 1.36: feature gate StorageVersionMigrator and --runtime-config=%s/v1beta1=true); run without --use-cluster-migrator to migrate from this client", ErrClusterMigratorNotServed, SVMGroup)
}

// unfinishedSVM returns the name of a StorageVersionMigration of t's
// resource that has neither succeeded nor failed ("" when none): the
// controller runs one per resource at a time, and a run would wait behind
// it, or (before 1.36) run beside it.
func (m *Migrator) unfinishedSVM(ctx context.Context, t Target, version string) (string, error) {
	var list *unstructured.UnstructuredList
	_, err := retry(ctx, m.opts, func(ctx context.Context) (err error) {
		list, err = m.dynamic.Resource(svmGVR(version)).List(ctx, metav1.ListOptions{})
		return err
	})
	if err != nil {
		return "", fmt.Errorf("migrate: list StorageVersionMigrations: %w", err)
	}
	for i := range list.Items {
		s, err := decodeSVM(&list.Items[i])
		if err != nil {
			return "", err
		}
		if s.Spec.Resource == (metav1.GroupResource{Group: t.Group, Resource: t.Plural}) && s.terminal() == nil {
			return s.Name, nil
		}
	}
	return "", nil
}

// svmProgress matches the figures of the controller's messages (Kubernetes
// 1.37 migrationRunningMessage and failMigrationWithObjectsMigrated):
// "…, 3/10 objects not yet migrated", "3/10 not yet migrated. …" and
// "…, 10 objects verified migrated".
var (
	svmNotYet    = regexp.MustCompile(`\b(\d+)/(\d+) (?:objects )?not yet migrated`)
	svmVerified  = regexp.MustCompile(`\b(\d+) objects verified migrated`)
	errNoFigures = errors.New("no figures")
)

// parseSVMProgress returns the objects migrated and the total of a message
// of the controller, or errNoFigures when it gives none (as before 1.37).
// For example, "The migration is running, 3/10 objects not yet migrated"
// gives 7, 10.
func parseSVMProgress(msg string) (migrated, total int, err error) {
	if s := svmNotYet.FindStringSubmatch(msg); s != nil {
		left, err1 := strconv.Atoi(s[1])
		total, err2 := strconv.Atoi(s[2])
		if err1 != nil || err2 != nil || left > total {
			return 0, 0, errNoFigures
		}
		return total - left, total, nil
	}
	if s := svmVerified.FindStringSubmatch(msg); s != nil {
		total, err := strconv.Atoi(s[1])
		if err != nil {
			return 0, 0, errNoFigures
		}
		return total, total, nil
	}
	return 0, 0, errNoFigures
}
