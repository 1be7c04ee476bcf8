package migrate

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

// ErrCRDChanged is returned when the CRD is no longer the one the preflight
// read (deleted, recreated, its spec or storage version changed), or
// storedVersions gained a version during the run: status.storedVersions
// was left as it was, since objects may be stored in a version it would
// drop. Run the migration again.
var ErrCRDChanged = errors.New("migrate: the CRD changed during the run, storedVersions left unchanged")

// commit sets status.storedVersions of the CRD to [t.Storage], by a JSON
// patch whose test operations make the server refuse it when the CRD is
// not t any more.
func (m *Migrator) commit(ctx context.Context, t Target, r *Report) error {
	crd, now, err := m.getCRD(ctx, t.Name)
	if apierrors.IsNotFound(err) {
		return fmt.Errorf("%w: it was deleted", ErrCRDChanged)
	}
	if err != nil {
		return err
	}
	r.StoredVersions = crd.Status.StoredVersions
	switch {
	case now.UID != t.UID:
		return fmt.Errorf("%w: uid %s, was %s (deleted and created again)", ErrCRDChanged, now.UID, t.UID)
	case now.Generation != t.Generation:
		return fmt.Errorf("%w: generation %d, was %d", ErrCRDChanged, now.Generation, t.Generation)
	case now.Storage != t.Storage:
		return fmt.Errorf("%w: storage version %s, was %s", ErrCRDChanged, now.Storage, t.Storage)
	}
	for _, v := range now.StoredVersions {
		if v != t.Storage && !slices.Contains(t.StoredVersions, v) {
			return fmt.Errorf("%w: storedVersions gained %s", ErrCRDChanged, v)
		}
	}
	out, err := m.crds.Patch(ctx, t.Name, types.JSONPatchType, t.CommitPatch(now.StoredVersions),
		metav1.PatchOptions{FieldManager: m.opts.FieldManager}, "status")
	var status apierrors.APIStatus
	if errors.As(err, &status) && (status.Status().Code == http.StatusUnprocessableEntity || apierrors.IsNotFound(err)) {
		return fmt.Errorf("%w: %v", ErrCRDChanged, err)
	}
	if err != nil && Retriable(err) {
		// The patch may have been applied with its answer lost: a patch sent
		// again would fail its test of storedVersions, so read instead.
		if crd, again, gerr := m.getCRD(ctx, t.Name); gerr == nil && again.UID == t.UID &&
			again.Generation == t.Generation && slices.Equal(crd.Status.StoredVersions, []string{t.Storage}) {
			r.Committed, r.StoredVersions = true, crd.Status.StoredVersions
			return nil
		}
	}
	if err != nil {
		return fmt.Errorf("migrate: status.storedVersions: %w", err)
	}
	r.Committed, r.StoredVersions = true, out.Status.StoredVersions
	return nil
}
