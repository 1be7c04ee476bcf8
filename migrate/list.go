package migrate

import (
	"context"
	"errors"
	"fmt"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/metadata"
)

// maxExpired bounds the 410 Gone answers in a row to continued lists before
// the list gives up.
const maxExpired = 10

// lister lists the metadata of a resource page by page, from a continue
// token, and survives expired tokens.
type lister struct {
	m   *Migrator
	res metadata.ResourceInterface
	// cont is the continue token of the next page; done is set after the
	// last page.
	cont string
	done bool
	// after, when set, skips the objects whose key is not after it: the part
	// of a list started again that an earlier pass already covered.
	after string
	// lastKey is the key of the last object of the last page returned; the
	// caller updates it (see State.LastKey) once a page is finished.
	lastKey string
	// expired counts 410 Gone answers, relists the lists started again from
	// the beginning, retries the requests tried again.
	expired, relists, retries int
	// tokens are the continue tokens this list has been given since it
	// last started from the beginning: a server that gives one twice would
	// have the run list the same pages for ever.
	tokens map[string]bool
}

// ErrListLoop is the error of a list whose server gives a continue token
// it gave before: the list would never end.
var ErrListLoop = errors.New("migrate: list: the server gave a continue token it gave before: the list would never end")

// ErrPageTooLarge is the error of a page with more objects than the limit
// asked: a server that ignores the limit could answer with every object
// at once, and the run holds a page in memory.
var ErrPageTooLarge = errors.New("migrate: list: the server answered with more objects than the page limit")

// next returns the next page (the objects to handle and the page's
// remainingItemCount, -1 when unknown). On a 410 Gone to a continue token,
// it continues with the token of the 410 (a continuation at the latest
// resourceVersion, which is fine for a migration: an object written since
// is already in the storage version) or, when the 410 has none, lists from
// the beginning again and skips the keys up to lastKey.
func (l *lister) next(ctx context.Context) ([]metav1.PartialObjectMetadata, int64, error) {
	for run := 0; ; {
		var list *metav1.PartialObjectMetadataList
		n, err := retry(ctx, l.m.opts, func(ctx context.Context) (err error) {
			list, err = l.res.List(ctx, metav1.ListOptions{Limit: l.m.opts.PageSize, Continue: l.cont})
			return err
		})
		l.retries += n
		if err != nil && l.cont != "" && (apierrors.IsResourceExpired(err) || apierrors.IsGone(err)) && run < maxExpired {
			run++
			l.expired++
			if tok := continueOf(err); tok != "" && tok != l.cont {
				l.cont = tok
			} else {
				l.cont, l.after = "", l.lastKey
				l.relists++
				l.tokens = nil
			}
			continue
		}
		if err != nil {
			return nil, 0, fmt.Errorf("migrate: list: %w", err)
		}
		if int64(len(list.Items)) > l.m.opts.PageSize {
			return nil, 0, fmt.Errorf("%w: %d objects, limit %d", ErrPageTooLarge, len(list.Items), l.m.opts.PageSize)
		}
		if list.Continue != "" {
			if l.tokens[list.Continue] || list.Continue == l.cont {
				return nil, 0, ErrListLoop
			}
			if l.tokens == nil {
				l.tokens = map[string]bool{}
			}
			l.tokens[list.Continue] = true
		}
		l.cont, l.done = list.Continue, list.Continue == ""
		items := list.Items
		if l.after != "" {
			i := 0
			for i < len(items) && objectKey(items[i].Namespace, items[i].Name) <= l.after {
				i++
			}
			items = items[i:]
			if i < len(list.Items) {
				l.after = "" // past the covered part: keys only grow from here
			}
		}
		remaining := int64(-1)
		if list.RemainingItemCount != nil {
			remaining = *list.RemainingItemCount
		}
		return items, remaining, nil
	}
}

// continueOf returns the continue token of a 410 Gone answer: the server
// gives one that continues the list at the latest resourceVersion.
func continueOf(err error) string {
	var status apierrors.APIStatus
	if errors.As(err, &status) {
		return status.Status().ListMeta.Continue
	}
	return ""
}
