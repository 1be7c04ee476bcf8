package migrate

import (
	"context"
	"errors"
	"fmt"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// RunWithClusterMigrator migrates the objects of the CRD name through the
// cluster's in-tree StorageVersionMigration controller instead of from
// this client, then makes sure status.storedVersions is the storage
// version. For example, m.RunWithClusterMigrator(ctx,
// "crontabs.stable.example.com") creates a StorageVersionMigration named
// crontabs.stable.example.com-<5 characters> and follows it.
//
// The run has the preflight of [Migrator.Run] (nothing to do, a migration
// already running for the resource, objects readable, discovery's
// storageVersionHash, the settle delay), then creates the
// StorageVersionMigration at the version discovery shows (v1, else v1beta1;
// else ErrClusterMigratorNotServed), and watches it (polls it when the
// watch is refused), passing the figures of its Running condition to
// Options.Progress. When it succeeded, the run
// waits at most Options.TrimWait for the controller to finish (Kubernetes
// 1.36 and later trim storedVersions themselves); if storedVersions is still
// not the storage version alone, it commits as [Migrator.Run] does, with the
// same test operations. When it failed, Run returns ErrSVMFailed; if the
// controller trimmed storedVersions anyway (1.37.2 does when the CRD's
// generation did not change), the run puts the versions read at the start
// back (see [SVMRun].Restored). Interrupted, it returns the error of ctx:
// the StorageVersionMigration goes on on the server, and the report names
// it.
func (m *Migrator) RunWithClusterMigrator(ctx context.Context, name string) (*Report, error) {
	start := time.Now()
	r := &Report{SVM: &SVMRun{Phase: "NotCreated"}}
	defer func() { r.Duration = time.Since(start) }()
	version, err := m.clusterMigratorVersion()
	if err != nil {
		return r, err
	}
	t, done, err := m.preflightCluster(ctx, name, version, r)
	if err != nil || done {
		return r, err
	}
	if err := m.waitSwitched(ctx, t); err != nil {
		return r, err
	}
	res := m.dynamic.Resource(svmGVR(version))
	created, err := res.Create(ctx, newSVM(t, version), metav1.CreateOptions{FieldManager: m.opts.FieldManager})
	if err != nil {
		return r, fmt.Errorf("migrate: create StorageVersionMigration: %w", err)
	}
	*r.SVM = SVMRun{Name: created.GetName(), APIVersion: created.GetAPIVersion(), Phase: "Pending"}
	m.notify("created StorageVersionMigration %s (%s) for %s.%s", r.SVM.Name, r.SVM.APIVersion, t.Plural, t.Group)
	w := &svmWatch{m: m, res: res, name: r.SVM.Name, rv: created.GetResourceVersion()}
	failed := m.followSVM(ctx, w, r)
	if failed != nil && !errors.Is(failed, ErrSVMFailed) {
		return r, m.svmError(ctx, failed, r)
	}
	if err := m.waitController(ctx, w, r); err != nil {
		return r, m.svmError(ctx, err, r)
	}
	if failed != nil {
		if err := m.undoTrim(ctx, t, r); err != nil {
			return r, fmt.Errorf("%w; %w", failed, err)
		}
		return r, failed
	}
	if err := m.finishSVM(ctx, t, r); err != nil {
		return r, m.svmError(ctx, err, r)
	}
	return r, nil
}

// preflightCluster is the preflight of a run with the cluster's migrator,
// without the waits: the CRD, and no StorageVersionMigration of its
// resource unfinished (unless Options.Force).
func (m *Migrator) preflightCluster(ctx context.Context, name, version string, r *Report) (Target, bool, error) {
	t, done, err := m.preflight(ctx, name, false)
	r.Target, r.StoredVersions, r.NothingToDo = t, t.StoredVersions, done
	if err != nil || done {
		return t, done, err
	}
	busy, err := m.unfinishedSVM(ctx, t, version)
	if err != nil {
		return t, false, err
	}
	if busy != "" && !m.opts.Force {
		return t, false, fmt.Errorf("%w: StorageVersionMigration %s has not finished", ErrStorageMigrating, busy)
	}
	return t, false, nil
}

// followSVM watches the StorageVersionMigration of r until it succeeds or
// fails, keeping r.SVM and the progress callback up to date. It returns
// ErrSVMFailed when it failed.
func (m *Migrator) followSVM(ctx context.Context, w *svmWatch, r *Report) error {
	start, lastMsg, started := time.Now(), "", false
	see := func(s *svmObject) (bool, error) {
		started = started || len(s.Status.Conditions) > 0
		if c := s.running(); c != nil {
			r.SVM.Phase, r.SVM.Reason, r.SVM.Message = "Running", c.Reason, c.Message
			if c.Message != lastMsg {
				lastMsg = c.Message
				m.notify("%s Running: %s", w.name, c.Message)
				m.svmProgress(r, c.Message, start, false)
			}
		}
		c := s.terminal()
		if c == nil {
			return false, nil
		}
		// The figures the controller left at the end: those of a Failed
		// message, else those of the Running condition.
		msg := c.Message
		if _, _, err := parseSVMProgress(msg); err != nil {
			msg = runningMessage(s)
		}
		m.svmProgress(r, msg, start, true)
		r.SVM.Phase, r.SVM.Reason, r.SVM.Message = c.Type, c.Reason, c.Message
		m.notify("%s %s", w.name, conditionText(c))
		if c.Type == "Failed" {
			return true, fmt.Errorf("%w: StorageVersionMigration %s: %s", ErrSVMFailed, w.name, conditionText(c))
		}
		return true, nil
	}
	err := w.until(ctx, m.opts.SVMStartTimeout, see)
	if errors.Is(err, errWaited) && started {
		err = w.until(ctx, 0, see)
	}
	if errors.Is(err, errWaited) {
		return fmt.Errorf("migrate: StorageVersionMigration %s has no condition after %s: is the StorageVersionMigration controller of kube-controller-manager running, or another migration of the resource ahead of it? It stays on the server; storedVersions left unchanged", w.name, m.opts.SVMStartTimeout)
	}
	return err
}

// waitController waits, at most Options.TrimWait, until the controller
// finished with the StorageVersionMigration: from 1.36, its migration
// runner sets storedVersions (when the CRD's generation did not change),
// then Running to False; 1.35 sets Running to False with Succeeded or
// Failed.
func (m *Migrator) waitController(ctx context.Context, w *svmWatch, r *Report) error {
	m.notify("waiting at most %s for the controller to finish", m.opts.TrimWait)
	err := w.until(ctx, m.opts.TrimWait, func(s *svmObject) (bool, error) { return s.running() == nil, nil })
	if errors.Is(err, errWaited) {
		return nil
	}
	return err
}

// conditionText returns "Type (Reason: Message)", or "Type (Reason)".
func conditionText(c *metav1.Condition) string {
	if c.Message == "" {
		return fmt.Sprintf("%s (%s)", c.Type, c.Reason)
	}
	return fmt.Sprintf("%s (%s: %s)", c.Type, c.Reason, c.Message)
}

// svmError returns err, or the error of an interrupted run when ctx ended.
func (m *Migrator) svmError(ctx context.Context, err error, r *Report) error {
	if ctx.Err() != nil {
		return svmInterrupted(ctx.Err(), r)
	}
	return err
}

// svmInterrupted returns the error of a run stopped by ctx while its
// StorageVersionMigration goes on on the server.
func svmInterrupted(err error, r *Report) error {
	if r.SVM.Phase == "Succeeded" || r.SVM.Phase == "Failed" {
		return fmt.Errorf("migrate: interrupted (%w) after StorageVersionMigration %s ended %s; storedVersions left as %v, unless the controller changes it: run again", err, r.SVM.Name, r.SVM.Phase, r.StoredVersions)
	}
	return fmt.Errorf("migrate: interrupted (%w): StorageVersionMigration %s keeps running on the server (kubectl get storageversionmigrations %[2]s); storedVersions left unchanged", err, r.SVM.Name)
}

// runningMessage returns the message of the Running condition, whatever
// its status ("" when none).
func runningMessage(s *svmObject) string {
	for _, c := range s.Status.Conditions {
		if c.Type == "Running" {
			return c.Message
		}
	}
	return ""
}

// svmProgress records the figures of msg, when it has some, in r.SVM and
// passes them to Options.Progress: the objects the controller counts as
// migrated are Written there, since it does not tell written from skipped.
func (m *Migrator) svmProgress(r *Report, msg string, start time.Time, final bool) {
	migrated, total, err := parseSVMProgress(msg)
	if err != nil {
		return
	}
	r.SVM.Migrated, r.SVM.Total = migrated, total
	if m.opts.Progress != nil {
		m.opts.Progress(Progress{Counts: Counts{Written: migrated}, Total: total, Elapsed: time.Since(start), Final: final})
	}
}

// notify passes one line to Options.Notify, when set.
func (m *Migrator) notify(format string, a ...any) {
	if m.opts.Notify != nil {
		m.opts.Notify(fmt.Sprintf(format, a...))
	}
}
