package migrate

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

// finishSVM makes storedVersions the storage version after the
// StorageVersionMigration succeeded and the controller finished: nothing
// when the controller set it, else the commit of [Migrator.Run].
func (m *Migrator) finishSVM(ctx context.Context, t Target, r *Report) error {
	if ok, err := m.trimmedBy(ctx, t, r); ok || err != nil {
		if ok {
			r.SVM.ControllerTrimmed = true
			m.notify("the controller set storedVersions to [%s]", t.Storage)
		}
		return err
	}
	m.notify("the controller left storedVersions as %v: committing", r.StoredVersions)
	err := m.commit(ctx, t, r)
	if errors.Is(err, ErrCRDChanged) {
		// The controller may have trimmed between our read and our patch,
		// which fails the patch's test of storedVersions.
		if ok, _ := m.trimmedBy(ctx, t, r); ok {
			r.SVM.ControllerTrimmed = true
			return nil
		}
	}
	return err
}

// trimmedBy reads the CRD and reports whether its storedVersions is already
// [t.Storage] while it is still the CRD t describes (same uid, generation,
// storage version), and storedVersions was something else at the start.
func (m *Migrator) trimmedBy(ctx context.Context, t Target, r *Report) (bool, error) {
	crd, now, err := m.getCRD(ctx, t.Name)
	if apierrors.IsNotFound(err) {
		return false, fmt.Errorf("%w: it was deleted", ErrCRDChanged)
	}
	if err != nil {
		return false, err
	}
	r.StoredVersions = crd.Status.StoredVersions
	same := now.UID == t.UID && now.Generation == t.Generation && now.Storage == t.Storage
	if same && slices.Equal(crd.Status.StoredVersions, []string{t.Storage}) && !t.Done() {
		r.Committed = true
		return true, nil
	}
	return false, nil
}

// undoTrim puts back the storedVersions read at the start when the
// controller trimmed them although the StorageVersionMigration failed: the
// 1.36+ migration runner (finishCRDMigration in Kubernetes v1.37.2) sets
// storedVersions to the storage version whenever the CRD's generation did
// not change, success or not, while objects may still be stored in the
// versions it dropped. The JSON patch tests the uid, the generation and the
// trimmed value, so it changes nothing if the CRD moved on.
func (m *Migrator) undoTrim(ctx context.Context, t Target, r *Report) error {
	trimmed, err := m.trimmedBy(ctx, t, r)
	r.Committed = false
	if err != nil || !trimmed {
		return err
	}
	m.notify("the controller set storedVersions to [%s] although the migration failed: putting back %v", t.Storage, t.StoredVersions)
	ops, _ := json.Marshal([]map[string]any{
		{"op": "test", "path": "/metadata/uid", "value": t.UID},
		{"op": "test", "path": "/metadata/generation", "value": t.Generation},
		{"op": "test", "path": "/status/storedVersions", "value": []string{t.Storage}},
		{"op": "replace", "path": "/status/storedVersions", "value": t.StoredVersions},
	})
	out, err := m.crds.Patch(ctx, t.Name, types.JSONPatchType, ops, metav1.PatchOptions{FieldManager: m.opts.FieldManager}, "status")
	if err != nil {
		return fmt.Errorf("migrate: the controller set storedVersions to [%s] although the migration failed, and putting back %v failed: %w; objects may still be stored in the versions dropped: do not remove them from spec.versions", t.Storage, t.StoredVersions, err)
	}
	r.StoredVersions, r.SVM.Restored = out.Status.StoredVersions, true
	return nil
}
