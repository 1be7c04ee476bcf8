package migrate

import (
	"context"
	"errors"
	"sync"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

// outcome is what became of one object's patch.
type outcome int

const (
	written outcome = iota
	skipped
	conflicted
	notFound
	failed
	interrupted
)

// patchOne sends obj the merge patch of t and classifies the answer. It
// returns the outcome, the retries made and, for a failure, its error.
func (m *Migrator) patchOne(ctx context.Context, t Target, obj *metav1.PartialObjectMetadata) (outcome, int, error) {
	res := m.metadata.Resource(t.Resource())
	var ri interface {
		Patch(ctx context.Context, name string, pt types.PatchType, data []byte, options metav1.PatchOptions, subresources ...string) (*metav1.PartialObjectMetadata, error)
	} = res
	if t.Namespaced {
		ri = res.Namespace(obj.Namespace)
	}
	body := t.ObjectPatch(obj.ResourceVersion)
	var out *metav1.PartialObjectMetadata
	n, err := retry(ctx, m.opts, func(ctx context.Context) (err error) {
		out, err = ri.Patch(ctx, obj.Name, types.MergePatchType, body, metav1.PatchOptions{FieldManager: m.opts.FieldManager})
		return err
	})
	switch {
	case err == nil && out.ResourceVersion == obj.ResourceVersion:
		return skipped, n, nil
	case err == nil:
		return written, n, nil
	case apierrors.IsConflict(err):
		return conflicted, n, nil
	case apierrors.IsNotFound(err):
		return notFound, n, nil
	case ctx.Err() != nil && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)):
		return interrupted, n, err
	}
	return failed, n, err
}

// patchPage patches the objects of one page, Options.Concurrency at a time.
// It returns the counts and the failures of the page, and the error of ctx
// when the run was interrupted before the page was finished.
func (m *Migrator) patchPage(ctx context.Context, t Target, items []metav1.PartialObjectMetadata) (Counts, []Failure, error) {
	var (
		mu       sync.Mutex
		c        Counts
		failures []Failure
		wg       sync.WaitGroup
	)
	work := make(chan int)
	for range min(m.opts.Concurrency, len(items)) {
		wg.Go(func() {
			for i := range work {
				o, n, err := m.patchOne(ctx, t, &items[i])
				mu.Lock()
				c.Retries += n
				switch o {
				case written:
					c.Written++
				case skipped:
					c.Skipped++
				case conflicted:
					c.Conflicted++
				case notFound:
					c.NotFound++
				case failed:
					failures = append(failures, Failure{Namespace: items[i].Namespace, Name: items[i].Name, Reason: err.Error()})
				}
				mu.Unlock()
			}
		})
	}
	for i := range items {
		if ctx.Err() != nil {
			break
		}
		work <- i
	}
	close(work)
	wg.Wait()
	sortFailures(failures)
	return c, failures, ctx.Err()
}
