package audit

import (
	"fmt"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Bounds of the lists of one run, far above real clusters, so that a
// hostile or broken server cannot make audit read or hold without end
// (the run's Timeout bounds the time as well).
const (
	maxCRDs       = 100_000    // CRDs, each kept in the index
	maxMigrations = 100_000    // StorageVersionMigrations
	maxObjects    = 10_000_000 // objects of one resource, whose managedFields are counted and not kept
	maxReleases   = 100_000    // distinct Helm releases, each kept until judged
	maxSlices     = 10_000     // EndpointSlices of one Service
)

// pager follows the continue tokens of one list: pages of opts.Limit
// items, at most max items in all, and a token never given twice.
type pager struct {
	opts         metav1.ListOptions
	items, pages int
	max          int
}

func newPager(limit int64, max int, selector string) *pager {
	return &pager{opts: metav1.ListOptions{Limit: limit, LabelSelector: selector}, max: max}
}

// next records a page of n items and its continue token, and returns
// whether there is a next page to list (with p.opts), or why the list
// must stop.
func (p *pager) next(n int, token string) (bool, error) {
	p.items += n
	p.pages++
	switch {
	case token == "":
		return false, nil
	case token == p.opts.Continue:
		return false, fmt.Errorf("the server sent the same continue token twice: the list stopped after %d", p.items)
	case p.items > p.max:
		return false, fmt.Errorf("more than %d items: the list stopped there", p.max)
	case int64(p.pages) > int64(p.max)/max(p.opts.Limit, 1)+100:
		return false, fmt.Errorf("%d pages for %d items: the list stopped there", p.pages, p.items)
	}
	p.opts.Continue = token
	return true, nil
}
