package migrate

import (
	"context"
	"errors"
	"fmt"
	"time"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// ErrStorageMigrating is returned when the CRD's StorageMigrating condition
// is True: the in-tree StorageVersionMigration controller is migrating it,
// and two migrations would both trim storedVersions. Options.Force runs
// anyway.
var ErrStorageMigrating = errors.New("migrate: a StorageVersionMigration is running for the CRD (condition StorageMigrating=True)")

// ErrHashTimeout is returned when discovery did not show the storage
// version's storageVersionHash within Options.HashTimeout: some API server
// still stores the objects in another version, so rewriting them now could
// store them in that version again.
var ErrHashTimeout = errors.New("migrate: discovery does not show the storage version's storageVersionHash")

// getCRD reads the CRD name, retrying transient errors, and its Target.
func (m *Migrator) getCRD(ctx context.Context, name string) (*apiextensionsv1.CustomResourceDefinition, Target, error) {
	var crd *apiextensionsv1.CustomResourceDefinition
	_, err := retry(ctx, m.opts, func(ctx context.Context) (err error) {
		crd, err = m.crds.Get(ctx, name, metav1.GetOptions{})
		return err
	})
	if err != nil {
		return nil, Target{}, fmt.Errorf("migrate: CRD %s: %w", name, err)
	}
	t, err := newTarget(crd)
	return crd, t, err
}

// preflight reads the CRD and checks that its objects can be migrated. It
// returns done when storedVersions is already only the storage version (and
// not Options.Force). With wait, it then waits for discovery and settles.
func (m *Migrator) preflight(ctx context.Context, name string, wait bool) (t Target, done bool, err error) {
	crd, t, err := m.getCRD(ctx, name)
	if err != nil {
		return t, false, err
	}
	for _, c := range crd.Status.Conditions {
		if c.Type == apiextensionsv1.StorageMigrating && c.Status == apiextensionsv1.ConditionTrue && !m.opts.Force {
			return t, false, fmt.Errorf("%w: %s", ErrStorageMigrating, c.Message)
		}
	}
	if t.Done() && !m.opts.Force {
		return t, true, nil
	}
	// One full object, read at the write version: a conversion webhook that
	// fails shows here, with its error, before anything is written.
	_, err = retry(ctx, m.opts, func(ctx context.Context) error {
		_, err := m.dynamic.Resource(t.Resource()).List(ctx, metav1.ListOptions{Limit: 1})
		return err
	})
	if err != nil {
		return t, false, fmt.Errorf("migrate: objects of %s cannot be read at %s/%s: %w", t.Name, t.Group, t.WriteVersion, err)
	}
	if !wait {
		return t, false, nil
	}
	return t, false, m.waitSwitched(ctx, t)
}

// waitSwitched waits until discovery shows t's storage version, then
// Options.Settle more, for the API servers that switch later.
func (m *Migrator) waitSwitched(ctx context.Context, t Target) error {
	if err := m.waitForHash(ctx, t); err != nil {
		return err
	}
	return sleep(ctx, m.opts.Settle)
}

// discoveredHash returns the storageVersionHash that discovery of the write
// version's group/version shows for the resource ("" when none).
func (m *Migrator) discoveredHash(t Target) (string, error) {
	list, err := m.discovery.ServerResourcesForGroupVersion(t.Group + "/" + t.WriteVersion)
	if err != nil {
		return "", err
	}
	for _, r := range list.APIResources {
		if r.Name == t.Plural {
			return r.StorageVersionHash, nil
		}
	}
	return "", nil
}

// waitForHash polls per-group-version discovery (aggregated discovery has
// no storageVersionHash) until Options.HashPolls reads in a row show the
// hash of the storage version.
func (m *Migrator) waitForHash(ctx context.Context, t Target) error {
	want := StorageVersionHash(t.Group, t.Storage, t.Kind)
	deadline := time.Now().Add(m.opts.HashTimeout)
	seen, last := 0, ""
	for {
		h, err := m.discoveredHash(t)
		switch {
		case err == nil && h == want:
			seen++
			if seen >= m.opts.HashPolls {
				return nil
			}
		case err == nil:
			seen, last = 0, h
		default:
			seen, last = 0, err.Error()
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%w (want %s for %s/%s, last read %q)", ErrHashTimeout, want, t.Group, t.Storage, last)
		}
		if err := sleep(ctx, m.opts.PollInterval); err != nil {
			return err
		}
	}
}

// sleep waits d, or returns the error of ctx when it ends first.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
