package audit

import (
	"context"
	"fmt"
	"slices"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/kubeversion/kubeversion/migrate"
)

// migration is the part of a StorageVersionMigration audit reads.
type migration struct {
	metav1.ObjectMeta `json:"metadata"`
	Spec              struct {
		Resource metav1.GroupResource `json:"resource"`
	} `json:"spec"`
	Status struct {
		Conditions []metav1.Condition `json:"conditions,omitempty"`
	} `json:"status"`
}

// readMigrations lists the StorageVersionMigrations, at the version of
// storagemigration.k8s.io discovery shows (v1, else v1beta1), and adds a
// finding for each that failed (an error: storedVersions is left as it
// was) or still runs (a warning).
func (a *auditor) readMigrations(ctx context.Context, crds crdIndex) {
	const name = "storageversionmigrations"
	version := ""
	for _, v := range []string{"v1", "v1beta1"} {
		l, err := a.discovery.ServerResourcesForGroupVersion(migrate.SVMGroup + "/" + v)
		if apierrors.IsNotFound(err) {
			continue
		}
		if err != nil {
			a.report.unread(name, a.why(ctx, err))
			return
		}
		if slices.ContainsFunc(l.APIResources, func(r metav1.APIResource) bool { return r.Name == migrate.SVMResource }) {
			version = v
			break
		}
	}
	if version == "" {
		a.report.unread(name, "the server serves neither storagemigration.k8s.io/v1 nor v1beta1")
		return
	}
	gvr := schema.GroupVersionResource{Group: migrate.SVMGroup, Version: version, Resource: migrate.SVMResource}
	p := newPager(a.opts.PageSize, maxMigrations, "")
	for {
		list, err := a.dynamic.Resource(gvr).List(ctx, p.opts)
		if err != nil {
			a.report.unread(name, a.why(ctx, err))
			return
		}
		for i := range list.Items {
			var m migration
			if err := runtime.DefaultUnstructuredConverter.FromUnstructured(list.Items[i].Object, &m); err != nil {
				a.report.unread(name, fmt.Sprintf("%s: %v", list.Items[i].GetName(), err))
				return
			}
			a.judgeMigration(&m, crds)
		}
		more, err := p.next(len(list.Items), list.GetContinue())
		if err != nil {
			a.report.unread(name, err.Error())
			return
		}
		if !more {
			break
		}
	}
	a.report.read(name, fmt.Sprintf("%d read", p.items))
}

// judgeMigration adds the finding of one StorageVersionMigration.
func (a *auditor) judgeMigration(m *migration, crds crdIndex) {
	gr := schema.GroupResource{Group: m.Spec.Resource.Group, Resource: m.Spec.Resource.Resource}
	subject := "storageversionmigration " + m.Name
	fix := ""
	if crd := crds[gr]; crd != nil {
		fix = "kubeversion migrate " + crd.name
	}
	cond := func(t string) *metav1.Condition {
		if c := meta.FindStatusCondition(m.Status.Conditions, t); c != nil && c.Status == metav1.ConditionTrue {
			return c
		}
		return nil
	}
	switch {
	case cond("Succeeded") != nil:
	case cond("Failed") != nil:
		c := cond("Failed")
		a.report.add(Finding{Check: CheckStorageMigrationFailed, Level: Error, Subject: subject,
			Message: fmt.Sprintf("the migration of %s failed (%s: %s): objects may still be stored in older versions", gr, c.Reason, c.Message),
			Fix:     fix})
	case cond("Running") != nil:
		a.report.add(Finding{Check: CheckStorageMigrationRunning, Level: Warning, Subject: subject,
			Message: fmt.Sprintf("the migration of %s is running (%s)", gr, cond("Running").Message)})
	}
}
