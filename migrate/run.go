package migrate

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"
)

// ErrObjectsFailed is returned when some objects could not be patched: the
// report lists them, and status.storedVersions was left as it was.
var ErrObjectsFailed = errors.New("migrate: objects failed, storedVersions left unchanged")

// Run migrates the objects of the CRD name to its storage version, then
// sets status.storedVersions to that version (see the package doc for the
// phases). The report says what was done, also when Run fails: with
// ErrObjectsFailed when objects failed, with ErrCRDChanged when the CRD
// changed during the run, with the error of ctx when interrupted (the state
// file, if any, then holds the last page finished), or with the error of a
// request that failed for good.
func (m *Migrator) Run(ctx context.Context, name string) (*Report, error) {
	start := time.Now()
	t, done, err := m.preflight(ctx, name, true)
	r := &Report{Target: t, StoredVersions: t.StoredVersions}
	defer func() { r.Duration = time.Since(start) }()
	if err != nil || done {
		r.NothingToDo = done
		return r, err
	}
	st, err := m.loadState(t)
	if err != nil {
		return r, err
	}
	r.Resumed = st.Pages > 0
	err = m.rewrite(ctx, t, st, r)
	r.Counts, r.Failed, r.Pages = st.Counts, st.Failed, st.Pages
	switch {
	case err != nil:
		return r, err
	case len(r.Failed) > 0:
		return r, fmt.Errorf("%w: %d of %d", ErrObjectsFailed, len(r.Failed), r.Done()+len(r.Failed))
	}
	return r, m.commit(ctx, t, r)
}

// loadState returns the state to start from: the state file's when it was
// written for this CRD as it is now, else an empty one.
func (m *Migrator) loadState(t Target) (*State, error) {
	if m.opts.StateFile == "" {
		return newState(t), nil
	}
	st, err := ReadState(m.opts.StateFile)
	if err != nil {
		return nil, err
	}
	if st == nil || !st.Matches(t) {
		return newState(t), nil
	}
	return st, nil
}

// rewrite patches every object, page by page from st, and records each
// finished page in st (and the state file). It removes the state file once
// the list is complete.
func (m *Migrator) rewrite(ctx context.Context, t Target, st *State, r *Report) error {
	l := &lister{m: m, res: m.metadata.Resource(t.Resource()), cont: st.Continue, lastKey: st.LastKey}
	if st.Pages > 0 && st.Continue == "" {
		l.after = st.LastKey // a state without a token: skip what it covered
	}
	start := time.Now()
	total := 0
	report := func(final bool) {
		if m.opts.Progress != nil {
			m.opts.Progress(Progress{Counts: st.Counts, Failed: len(st.Failed), Total: total,
				Pages: st.Pages, Elapsed: time.Since(start), Final: final})
		}
	}
	defer func() { r.Expired, r.Relists = l.expired, l.relists }()
	for !l.done {
		items, remaining, err := l.next(ctx)
		st.Retries += l.retries
		l.retries = 0
		if err != nil {
			report(true)
			return err
		}
		c, failures, err := m.patchPage(ctx, t, items)
		if err != nil {
			// The page is not finished: the state file stays before it, but
			// the report counts what was written of it.
			st.Counts.add(c)
			st.Failed = append(st.Failed, failures...)
			report(true)
			return err
		}
		st.Counts.add(c)
		st.Failed = append(st.Failed, failures...)
		st.Pages++
		st.Continue = l.cont
		if n := len(items); n > 0 {
			st.LastKey = objectKey(items[n-1].Namespace, items[n-1].Name)
			l.lastKey = st.LastKey
		}
		switch {
		case l.done:
			total = st.Done() + len(st.Failed)
		case remaining >= 0:
			total = st.Done() + len(st.Failed) + int(remaining)
		}
		if m.opts.StateFile != "" && !l.done {
			if err := st.WriteFile(m.opts.StateFile); err != nil {
				return err
			}
		}
		report(l.done)
	}
	if m.opts.StateFile != "" {
		if err := os.Remove(m.opts.StateFile); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("migrate: state file: %w", err)
		}
	}
	return nil
}
