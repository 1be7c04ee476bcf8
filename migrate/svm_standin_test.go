package migrate

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"k8s.io/apiextensions-apiserver/pkg/apihelpers"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	utilnet "k8s.io/apimachinery/pkg/util/net"
	"k8s.io/apimachinery/pkg/util/resourceversion"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/metadata"
	"k8s.io/client-go/rest"
	clientretry "k8s.io/client-go/util/retry"
)

// This file is a STAND-IN for the in-tree StorageVersionMigration API and
// controllers, which the apiextensions test server has neither: the API is
// built into kube-apiserver, and the controllers run in
// kube-controller-manager (k8s.io/kubernetes, which this module does not
// require: conformance/apiserver's clustermigrator_test.go runs the real
// ones, of 1.37.2, beside a whole kube-apiserver).
// The API is stood in for by a CRD of the same group, version, kind and
// fields; the controllers by a goroutine written after the sources of
// pkg/controller/storageversionmigrator at k8s.io/kubernetes v1.37.2
// (migrationrunner.go, resourceversion.go, storageversionmigrator.go,
// util.go) and v1.35.4 (no migration runner, server-side apply body, no
// trim of storedVersions). What it leaves out: informers and work queues
// (it polls every 20ms instead), the garbage collector's metadata cache (a
// fresh metadata list stands in for it: it is at least as new as the
// checkpoint, the condition the real controller waits for), and the
// rate-limited requeue after a transient error (a fixed 300ms, long enough
// for the tests' polls to see the message). Tests passing against it say
// that kubeversion follows what those sources write, including 1.35's,
// which conformance/apiserver does not run.

// installSVMAPIStandIn creates, in the test server, the CRD standing in for
// the built-in API storagemigration.k8s.io/<version>, StorageVersionMigration
// (cluster-scoped, status subresource, the fields of k8s.io/api v0.37.2
// storagemigration/v1), and waits until it is served.
func (c *cluster) installSVMAPIStandIn(version string) {
	c.t.Helper()
	str := apiextensionsv1.JSONSchemaProps{Type: "string"}
	cond := apiextensionsv1.JSONSchemaProps{Type: "object", Required: []string{"type", "status"}, Properties: map[string]apiextensionsv1.JSONSchemaProps{
		"type": str, "status": str, "reason": str, "message": str,
		"lastTransitionTime": {Type: "string", Format: "date-time"},
		"observedGeneration": {Type: "integer", Format: "int64"},
	}}
	schema := &apiextensionsv1.JSONSchemaProps{Type: "object", Properties: map[string]apiextensionsv1.JSONSchemaProps{
		"spec": {Type: "object", Properties: map[string]apiextensionsv1.JSONSchemaProps{
			"resource": {Type: "object", Required: []string{"resource"}, Properties: map[string]apiextensionsv1.JSONSchemaProps{"group": str, "resource": str}},
		}},
		"status": {Type: "object", Properties: map[string]apiextensionsv1.JSONSchemaProps{
			"conditions": {Type: "array", Items: &apiextensionsv1.JSONSchemaPropsOrArray{Schema: &cond},
				XListType: ptr("map"), XListMapKeys: []string{"type"}},
			"resourceVersion": str,
		}},
	}}
	c.createCRD(&apiextensionsv1.CustomResourceDefinition{
		ObjectMeta: metav1.ObjectMeta{
			Name: SVMResource + "." + SVMGroup,
			// A CRD in a *.k8s.io group needs this annotation.
			Annotations: map[string]string{apiextensionsv1.KubeAPIApprovedAnnotation: "https://github.com/kubernetes/enhancements/pull/4192"},
		},
		Spec: apiextensionsv1.CustomResourceDefinitionSpec{
			Group: SVMGroup,
			Names: apiextensionsv1.CustomResourceDefinitionNames{Plural: SVMResource, Singular: "storageversionmigration", Kind: svmKind, ListKind: svmKind + "List"},
			Scope: apiextensionsv1.ClusterScoped,
			Versions: []apiextensionsv1.CustomResourceDefinitionVersion{{
				Name: version, Served: true, Storage: true,
				Schema:       &apiextensionsv1.CustomResourceValidation{OpenAPIV3Schema: schema},
				Subresources: &apiextensionsv1.CustomResourceSubresources{Status: &apiextensionsv1.CustomResourceSubresourceStatus{}},
			}},
		},
	})
}

func ptr[T any](v T) *T { return &v }

// svmStandIn plays the StorageVersionMigration controllers of one release
// (see the comment at the top of this file).
type svmStandIn struct {
	c *cluster
	// release is "1.37" (migration runner: StorageMigrating condition on the
	// CRD, one active SVM per resource, trim of storedVersions; merge patch
	// body; progress in the Running message) or "1.35" (none of that:
	// server-side apply body with uid, Running then Succeeded).
	release string
	version string // of the stand-in API
	dyn     dynamic.Interface
	meta    metadata.Interface
	disc    discovery.DiscoveryInterface
	// requeue is the wait after a transient error.
	requeue time.Duration
}

// startSVMStandIn starts the stand-in controllers of release on the
// stand-in API at version; they stop when the test ends. cfg (c.cfg when
// nil) is their client's, through which a test injects errors.
func (c *cluster) startSVMStandIn(release, version string, cfg *rest.Config) {
	if cfg == nil {
		cfg = c.cfg
	}
	s := &svmStandIn{c: c, release: release, version: version, requeue: 300 * time.Millisecond,
		dyn: dynamic.NewForConfigOrDie(cfg), meta: metadata.NewForConfigOrDie(cfg), disc: discovery.NewDiscoveryClientForConfigOrDie(cfg)}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		last := ""
		for ctx.Err() == nil {
			if err := s.tick(ctx); err != nil && ctx.Err() == nil && err.Error() != last {
				last = err.Error()
				c.t.Logf("stand-in controller: %v (retried)", err)
			}
			select {
			case <-ctx.Done():
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()
	c.t.Cleanup(func() { cancel(); <-done })
}

func (s *svmStandIn) svms() dynamic.ResourceInterface {
	return s.dyn.Resource(svmGVR(s.version))
}

// tick does one pass of each controller over every StorageVersionMigration.
func (s *svmStandIn) tick(ctx context.Context) error {
	list, err := s.svms().List(ctx, metav1.ListOptions{})
	if err != nil {
		return err
	}
	if s.release == "1.37" {
		if err := s.runner(ctx, list.Items); err != nil {
			return err
		}
	}
	for i := range list.Items {
		u, err := s.svms().Get(ctx, list.Items[i].GetName(), metav1.GetOptions{})
		if err != nil {
			return err
		}
		if u, err = s.resourceVersion(ctx, u); err != nil {
			return err
		}
		if err := s.migrate(ctx, u); err != nil {
			return err
		}
	}
	return nil
}

// decode decodes u, failing the test on an object it cannot read.
func (s *svmStandIn) decode(u *unstructured.Unstructured) *svmObject {
	o, err := decodeSVM(u)
	if err != nil {
		s.c.t.Errorf("stand-in: %v", err)
		return &svmObject{}
	}
	return o
}

// updateStatus writes o.Status as the status of u, and returns the object
// the server answers.
func (s *svmStandIn) updateStatus(ctx context.Context, u *unstructured.Unstructured, o *svmObject) (*unstructured.Unstructured, error) {
	st, err := runtime.DefaultUnstructuredConverter.ToUnstructured(&o.Status)
	if err != nil {
		return nil, err
	}
	u = u.DeepCopy()
	u.Object["status"] = st
	return s.svms().UpdateStatus(ctx, u, metav1.UpdateOptions{})
}

// setStatusConditions is util.go's: a condition is never set twice; in
// 1.35, Succeeded and Failed set Running to False.
func (s *svmStandIn) setStatusConditions(o *svmObject, typ, reason, message string) {
	if meta.FindStatusCondition(o.Status.Conditions, typ) != nil {
		return
	}
	if s.release == "1.35" && (typ == "Succeeded" || typ == "Failed") {
		if c := meta.FindStatusCondition(o.Status.Conditions, "Running"); c != nil {
			c.Status = metav1.ConditionFalse
		}
	}
	o.Status.Conditions = append(o.Status.Conditions, metav1.Condition{Type: typ, Status: metav1.ConditionTrue, LastTransitionTime: metav1.Now(), Reason: reason, Message: message})
}

// runningMessage is util.go's migrationRunningMessage (1.37).
func runningMessageOf(toPatch, total *int, transient error) string {
	msg := "The migration is running"
	if toPatch != nil && total != nil && *total > 0 {
		if *toPatch > 0 {
			msg += fmt.Sprintf(", %d/%d objects not yet migrated", *toPatch, *total)
		} else {
			msg += fmt.Sprintf(", %d objects verified migrated", *total)
		}
	}
	if transient != nil {
		msg += fmt.Sprintf("; transient error: %s", transient.Error())
	}
	return msg
}

// runner is migrationrunner.go's MigrationRunnerController.sync for each
// resource (1.36 and later): a running SVM that ended is cleaned up (the
// CRD's StorageMigrating condition set to False and, when the CRD's
// generation is the one it recorded, storedVersions trimmed; then Running
// set to False); else, when none runs, the oldest one waiting is promoted
// (StorageMigrating=True on the CRD with its generation, Running=True).
func (s *svmStandIn) runner(ctx context.Context, items []unstructured.Unstructured) error {
	byResource := map[metav1.GroupResource][]*unstructured.Unstructured{}
	for i := range items {
		o := s.decode(&items[i])
		byResource[o.Spec.Resource] = append(byResource[o.Spec.Resource], &items[i])
	}
	for gr, us := range byResource {
		var promote *unstructured.Unstructured
		inProgress := false
		for _, u := range us {
			o := s.decode(u)
			running, terminal := o.running() != nil, o.terminal() != nil
			switch {
			case running && terminal:
				if err := s.cleanupAdmission(ctx, u, o); err != nil {
					return err
				}
			case running:
				inProgress, promote = true, nil
			case !terminal && !inProgress && (promote == nil || older(u, promote)):
				promote = u
			}
		}
		if promote != nil {
			if err := s.markAsActive(ctx, gr, promote); err != nil {
				return err
			}
		}
	}
	return nil
}

// older is compareSVM(a, b) == -1: created first, else first by name.
func older(a, b *unstructured.Unstructured) bool {
	ta, tb := a.GetCreationTimestamp(), b.GetCreationTimestamp()
	if !ta.Equal(&tb) {
		return ta.Before(&tb)
	}
	return a.GetName() < b.GetName()
}

// crdFor returns the CRD of gr, or nil.
func (s *svmStandIn) crdFor(ctx context.Context, gr metav1.GroupResource) (*apiextensionsv1.CustomResourceDefinition, error) {
	crd, err := s.c.ext.ApiextensionsV1().CustomResourceDefinitions().Get(ctx, gr.Resource+"."+gr.Group, metav1.GetOptions{})
	if apierrors.IsNotFound(err) {
		return nil, nil
	}
	return crd, err
}

// setStorageMigrating writes the CRD's StorageMigrating condition (and, with
// trim, storedVersions = [storage version]) guarded by the resourceVersion
// read, as the runner's server-side apply WithResourceVersion does.
func (s *svmStandIn) setStorageMigrating(ctx context.Context, name string, f func(crd *apiextensionsv1.CustomResourceDefinition) (apiextensionsv1.CustomResourceDefinitionCondition, bool)) error {
	return clientretry.RetryOnConflict(clientretry.DefaultRetry, func() error {
		crd, err := s.c.ext.ApiextensionsV1().CustomResourceDefinitions().Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		cond, trim := f(crd)
		apihelpers.SetCRDCondition(crd, cond)
		if trim {
			for _, v := range crd.Spec.Versions {
				if v.Storage {
					crd.Status.StoredVersions = []string{v.Name}
					break
				}
			}
		}
		_, err = s.c.ext.ApiextensionsV1().CustomResourceDefinitions().UpdateStatus(ctx, crd, metav1.UpdateOptions{FieldManager: "migration-runner-controller"})
		return err
	})
}

// markAsActive is the runner's: StorageMigrating=True on the CRD, with the
// CRD's generation, then Running=True on the SVM.
func (s *svmStandIn) markAsActive(ctx context.Context, gr metav1.GroupResource, u *unstructured.Unstructured) error {
	crd, err := s.crdFor(ctx, gr)
	if err != nil {
		return err
	}
	if crd != nil {
		err := s.setStorageMigrating(ctx, crd.Name, func(crd *apiextensionsv1.CustomResourceDefinition) (apiextensionsv1.CustomResourceDefinitionCondition, bool) {
			return apiextensionsv1.CustomResourceDefinitionCondition{Type: apiextensionsv1.StorageMigrating, Status: apiextensionsv1.ConditionTrue,
				Reason: "MigrationRunning", Message: fmt.Sprintf("Migration %s is running", u.GetName()), ObservedGeneration: crd.Generation}, false
		})
		if err != nil {
			return err
		}
	}
	o := s.decode(u)
	s.setStatusConditions(o, "Running", "MigrationRunning", runningMessageOf(nil, nil, nil))
	_, err = s.updateStatus(ctx, u, o)
	return err
}

// cleanupAdmission is the runner's: finishCRDMigration, then Running=False.
func (s *svmStandIn) cleanupAdmission(ctx context.Context, u *unstructured.Unstructured, o *svmObject) error {
	meta.SetStatusCondition(&o.Status.Conditions, metav1.Condition{Type: "Running", Status: metav1.ConditionFalse,
		Reason: "MigrationCompleted", Message: "Migration completed", ObservedGeneration: u.GetGeneration()})
	success := meta.IsStatusConditionTrue(o.Status.Conditions, "Succeeded")
	crd, err := s.crdFor(ctx, o.Spec.Resource)
	if err != nil {
		return err
	}
	if crd != nil {
		err := s.setStorageMigrating(ctx, crd.Name, func(crd *apiextensionsv1.CustomResourceDefinition) (apiextensionsv1.CustomResourceDefinitionCondition, bool) {
			c := apihelpers.FindCRDCondition(crd, apiextensionsv1.StorageMigrating)
			can := c != nil && c.ObservedGeneration == crd.Generation
			reason, msg := "MigrationFailed", "The migration has failed"
			if success {
				reason, msg = "MigrationSucceeded", "The migration has succeeded"
				if can {
					msg += " and the stored versions have been updated"
				} else {
					msg += " but the stored versions have not been updated due to a generation mismatch"
				}
			}
			return apiextensionsv1.CustomResourceDefinitionCondition{Type: apiextensionsv1.StorageMigrating, Status: apiextensionsv1.ConditionFalse,
				Reason: reason, Message: msg, ObservedGeneration: crd.Generation}, can
		})
		if err != nil {
			return err
		}
	}
	_, err = s.updateStatus(ctx, u, o)
	return err
}

// target returns the group/version/resource and kind the controllers use
// for gr: the version discovery prefers, as their RESTMapper does.
func (s *svmStandIn) target(gr metav1.GroupResource) (schema.GroupVersionResource, string, bool, error) {
	// The group's own discovery document: the test server serves neither
	// /api nor /apis, which ServerGroups needs.
	var g metav1.APIGroup
	b, err := s.disc.RESTClient().Get().AbsPath("/apis/"+gr.Group).SetHeader("Accept", "application/json").Do(context.Background()).Raw()
	if err == nil {
		err = json.Unmarshal(b, &g)
	}
	if err != nil {
		return schema.GroupVersionResource{}, "", false, err
	}
	{
		gv := g.PreferredVersion.GroupVersion
		list, err := s.disc.ServerResourcesForGroupVersion(gv)
		if err != nil {
			return schema.GroupVersionResource{}, "", false, err
		}
		for _, r := range list.APIResources {
			if r.Name == gr.Resource {
				if !slices.Contains(r.Verbs, "update") || !slices.Contains(r.Verbs, "patch") || !slices.Contains(r.Verbs, "list") {
					return schema.GroupVersionResource{}, "", false, errors.New("not migratable")
				}
				return schema.GroupVersionResource{Group: gr.Group, Version: g.PreferredVersion.Version, Resource: gr.Resource}, r.Kind, r.Namespaced, nil
			}
		}
	}
	return schema.GroupVersionResource{}, "", false, fmt.Errorf("resource %s not found", gr)
}

// resourceVersion is resourceversion.go's controller: for an SVM not ended
// (in 1.37 only once Running), the checkpoint is the resourceVersion of a
// metadata list with limit 1, in a namespace that cannot exist for a
// namespaced resource.
func (s *svmStandIn) resourceVersion(ctx context.Context, u *unstructured.Unstructured) (*unstructured.Unstructured, error) {
	o := s.decode(u)
	if (s.release == "1.37" && o.running() == nil) || o.terminal() != nil || o.Status.ResourceVersion != "" {
		return u, nil
	}
	gvr, _, namespaced, err := s.target(o.Spec.Resource)
	if err != nil {
		return u, err
	}
	res := s.meta.Resource(gvr)
	var list *metav1.PartialObjectMetadataList
	if namespaced {
		list, err = res.Namespace("@fake:svm_ns!").List(ctx, metav1.ListOptions{Limit: 1})
	} else {
		list, err = res.List(ctx, metav1.ListOptions{Limit: 1})
	}
	if err != nil {
		return u, err
	}
	o.Status.ResourceVersion = list.ResourceVersion
	return s.updateStatus(ctx, u, o)
}

// migrate is storageversionmigrator.go's SVMController.sync and
// runMigration: every object whose resourceVersion is not after the
// checkpoint gets the release's patch; Conflict (and in 1.37 NotFound)
// skips it; a transient error requeues the whole SVM (1.37: with the
// figures in the Running message); any other error fails it.
func (s *svmStandIn) migrate(ctx context.Context, u *unstructured.Unstructured) error {
	o := s.decode(u)
	if o.terminal() != nil || o.Status.ResourceVersion == "" {
		return nil
	}
	gvr, kind, _, err := s.target(o.Spec.Resource)
	if err != nil {
		return err
	}
	checkpoint := o.Status.ResourceVersion
	all, err := s.meta.Resource(gvr).List(ctx, metav1.ListOptions{}) // the GC cache, at least as new as checkpoint
	if err != nil {
		return err
	}
	if s.release == "1.35" {
		s.setStatusConditions(o, "Running", "StorageVersionMigrationInProgress", "")
		if u, err = s.updateStatus(ctx, u, o); err != nil {
			return err
		}
	}
	total := len(all.Items)
	var candidates []metav1.PartialObjectMetadata
	for _, obj := range all.Items {
		cmp, err := resourceversion.CompareResourceVersion(obj.ResourceVersion, checkpoint)
		if err != nil {
			return err
		}
		if cmp != 1 {
			candidates = append(candidates, obj)
		}
	}
	toPatch := len(candidates)
	for _, obj := range candidates {
		var body []byte
		pt := types.MergePatchType
		if s.release == "1.35" {
			pt = types.ApplyPatchType
			body, _ = json.Marshal(map[string]any{"apiVersion": gvr.GroupVersion().String(), "kind": kind,
				"metadata": map[string]any{"uid": obj.UID, "resourceVersion": obj.ResourceVersion}})
		} else {
			body, _ = json.Marshal(map[string]any{"apiVersion": gvr.GroupVersion().String(), "kind": kind,
				"metadata": map[string]any{"resourceVersion": obj.ResourceVersion}})
		}
		_, perr := s.dyn.Resource(gvr).Namespace(obj.Namespace).Patch(ctx, obj.Name, pt, body, metav1.PatchOptions{FieldManager: "storage-version-migrator-controller"})
		switch {
		case apierrors.IsConflict(perr) || (s.release == "1.37" && apierrors.IsNotFound(perr)):
			toPatch--
			continue
		case transient(perr):
			if s.release == "1.37" {
				meta.SetStatusCondition(&o.Status.Conditions, metav1.Condition{Type: "Running", Status: metav1.ConditionTrue,
					Reason: "MigrationRunning", Message: runningMessageOf(&toPatch, &total, perr)})
				if _, err := s.updateStatus(ctx, u, o); err != nil {
					return err
				}
			}
			time.Sleep(s.requeue)
			return nil
		case perr != nil:
			return s.fail(ctx, u, o, perr, toPatch, total)
		}
		toPatch--
	}
	if s.release == "1.35" {
		s.setStatusConditions(o, "Succeeded", "StorageVersionMigrationSucceeded", "")
	} else {
		meta.SetStatusCondition(&o.Status.Conditions, metav1.Condition{Type: "Running", Status: metav1.ConditionTrue,
			Reason: "MigrationRunning", Message: runningMessageOf(&toPatch, &total, nil)})
		meta.SetStatusCondition(&o.Status.Conditions, metav1.Condition{Type: "Succeeded", Status: metav1.ConditionTrue,
			Reason: "StorageVersionMigrationSucceeded", Message: "Migration completed"})
	}
	_, err = s.updateStatus(ctx, u, o)
	return err
}

// fail is failMigration (1.35) and failMigrationWithObjectsMigrated (1.37).
func (s *svmStandIn) fail(ctx context.Context, u *unstructured.Unstructured, o *svmObject, perr error, toPatch, total int) error {
	if s.release == "1.35" {
		s.setStatusConditions(o, "Failed", "StorageVersionMigrationFailed", fmt.Sprintf("migration encountered unhandled error: %s", perr))
	} else {
		meta.SetStatusCondition(&o.Status.Conditions, metav1.Condition{Type: "Running", Status: metav1.ConditionTrue,
			Reason: "MigrationRunning", Message: runningMessageOf(&toPatch, &total, nil)})
		meta.SetStatusCondition(&o.Status.Conditions, metav1.Condition{Type: "Failed", Status: metav1.ConditionTrue,
			Reason: "StorageVersionMigrationFailed", Message: fmt.Sprintf("%d/%d not yet migrated. migration encountered unhandled error: %s", toPatch, total, perr)})
	}
	_, err := s.updateStatus(ctx, u, o)
	return err
}

// transient is storageversionmigrator.go's isRetriableError.
func transient(err error) bool {
	return err != nil && (utilnet.IsConnectionReset(err) || utilnet.IsHTTP2ConnectionLost(err) || utilnet.IsProbableEOF(err) ||
		apierrors.IsServerTimeout(err) || apierrors.IsTooManyRequests(err) || apierrors.IsServiceUnavailable(err) ||
		apierrors.IsInternalError(err) || apierrors.IsTimeout(err))
}
