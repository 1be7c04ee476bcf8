package migrate

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/fields"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/dynamic"
)

// errWaited is returned by svmWatch.until when its time is up.
var errWaited = errors.New("migrate: time is up")

// svmWatch follows one StorageVersionMigration with a watch, so that every
// state the controller writes is seen, also those it overwrites at once
// (the 1.36+ migration runner replaces the last figures of the Running
// condition by "Migration completed" right after the end).
type svmWatch struct {
	m    *Migrator
	res  dynamic.ResourceInterface
	name string
	// rv is the resourceVersion of the last state seen ("" to read it
	// again before watching), and last that state (nil before any).
	rv   string
	last *svmObject
	// polling is set once a watch was refused (403, 405): the run then
	// reads the object every Options.PollInterval, and may miss states
	// the controller overwrites at once.
	polling bool
}

// until calls see with the last state seen, if any, then with each new
// state of the object, until see returns true or an error, ctx ends, or
// timeout (when positive) passes: then it returns errWaited. A watch that
// ends is started again from the last state seen; one that expired (410
// Gone), from a new read.
func (w *svmWatch) until(ctx context.Context, timeout time.Duration, see func(*svmObject) (bool, error)) error {
	var timer <-chan time.Time
	if timeout > 0 {
		t := time.NewTimer(timeout)
		defer t.Stop()
		timer = t.C
	}
	if w.last != nil {
		if done, err := see(w.last); done || err != nil {
			return err
		}
	}
	for {
		if w.polling {
			return w.poll(ctx, timer, see)
		}
		if w.rv == "" {
			s, err := w.get(ctx)
			if err != nil {
				return err
			}
			if done, err := see(s); done || err != nil {
				return err
			}
		}
		wi, err := w.res.Watch(ctx, metav1.ListOptions{
			FieldSelector:       fields.OneTermEqualSelector("metadata.name", w.name).String(),
			ResourceVersion:     w.rv,
			AllowWatchBookmarks: true,
		})
		switch {
		case ctx.Err() != nil:
			return ctx.Err()
		case apierrors.IsForbidden(err) || apierrors.IsMethodNotSupported(err):
			w.polling = true
			continue
		case err != nil && (Retriable(err) || apierrors.IsResourceExpired(err) || apierrors.IsGone(err)):
			w.rv = ""
			if err := sleep(ctx, w.m.opts.PollInterval); err != nil {
				return err
			}
			continue
		case err != nil:
			return fmt.Errorf("migrate: watch StorageVersionMigration %s: %w", w.name, err)
		}
		done, err := w.events(ctx, wi, timer, see)
		wi.Stop()
		if done || err != nil {
			return err
		}
	}
}

// events passes the events of wi to see; it returns false, nil when the
// watch ended and must be started again.
func (w *svmWatch) events(ctx context.Context, wi watch.Interface, timer <-chan time.Time, see func(*svmObject) (bool, error)) (bool, error) {
	for {
		select {
		case <-ctx.Done():
			return true, ctx.Err()
		case <-timer:
			return true, errWaited
		case ev, ok := <-wi.ResultChan():
			if !ok {
				return false, nil
			}
			switch ev.Type {
			case watch.Added, watch.Modified:
				u, ok := ev.Object.(*unstructured.Unstructured)
				if !ok {
					return true, fmt.Errorf("migrate: watch StorageVersionMigration %s: unexpected %T", w.name, ev.Object)
				}
				w.rv = u.GetResourceVersion()
				s, err := decodeSVM(u)
				if err != nil {
					return true, err
				}
				w.last = s
				if done, err := see(s); done || err != nil {
					return true, err
				}
			case watch.Bookmark:
				if u, ok := ev.Object.(*unstructured.Unstructured); ok {
					w.rv = u.GetResourceVersion()
				}
			case watch.Deleted:
				return true, w.deleted()
			case watch.Error:
				if err := apierrors.FromObject(ev.Object); apierrors.IsResourceExpired(err) || apierrors.IsGone(err) ||
					apierrors.ReasonForError(err) == metav1.StatusReasonExpired || codeOf(err) == http.StatusGone {
					w.rv = ""
				}
				return false, nil
			}
		}
	}
}

// poll is until without a watch: a read every Options.PollInterval.
func (w *svmWatch) poll(ctx context.Context, timer <-chan time.Time, see func(*svmObject) (bool, error)) error {
	for {
		s, err := w.get(ctx)
		if err != nil {
			return err
		}
		if done, err := see(s); done || err != nil {
			return err
		}
		t := time.NewTimer(w.m.opts.PollInterval)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-timer:
			t.Stop()
			return errWaited
		case <-t.C:
		}
	}
}

// get reads the object, retrying transient errors, and records its
// resourceVersion.
func (w *svmWatch) get(ctx context.Context) (*svmObject, error) {
	var u *unstructured.Unstructured
	_, err := retry(ctx, w.m.opts, func(ctx context.Context) (err error) {
		u, err = w.res.Get(ctx, w.name, metav1.GetOptions{})
		return err
	})
	switch {
	case err == nil:
		w.rv = u.GetResourceVersion()
		w.last, err = decodeSVM(u)
		return w.last, err
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case apierrors.IsNotFound(err):
		return nil, w.deleted()
	}
	return nil, fmt.Errorf("migrate: StorageVersionMigration %s: %w", w.name, err)
}

func (w *svmWatch) deleted() error {
	return fmt.Errorf("migrate: StorageVersionMigration %s was deleted before the run saw its end; storedVersions left unchanged", w.name)
}

// codeOf returns the HTTP status code of an API error, or 0.
func codeOf(err error) int {
	var status apierrors.APIStatus
	if errors.As(err, &status) {
		return int(status.Status().Code)
	}
	return 0
}
