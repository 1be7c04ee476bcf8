package migrate

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Plan is what a run would do, found without writing anything: the dry run.
type Plan struct {
	// Target is the CRD as read.
	Target Target `json:"target"`
	// NothingToDo is true when storedVersions is already only the storage
	// version.
	NothingToDo bool `json:"nothingToDo,omitempty"`
	// DiscoveryCurrent is true when per-group-version discovery shows the
	// storageVersionHash of the storage version now (a run waits for it).
	DiscoveryCurrent bool `json:"discoveryCurrent"`
	// Namespaces counts the objects per namespace ("" for cluster-scoped
	// objects), and Total all of them.
	Namespaces map[string]int `json:"namespaces"`
	Total      int            `json:"total"`
}

// Plan reads the CRD and counts its objects per namespace, as Run would
// find them, without writing anything and without waiting for discovery.
func (m *Migrator) Plan(ctx context.Context, name string) (*Plan, error) {
	t, done, err := m.preflight(ctx, name, false)
	if err != nil {
		return nil, err
	}
	p := &Plan{Target: t, NothingToDo: done, DiscoveryCurrent: m.discoveryCurrent(t), Namespaces: map[string]int{}}
	if done {
		return p, nil
	}
	l := &lister{m: m, res: m.metadata.Resource(t.Resource())}
	for !l.done {
		items, _, err := l.next(ctx)
		if err != nil {
			return nil, err
		}
		for _, o := range items {
			p.Namespaces[o.Namespace]++
			p.Total++
		}
		if n := len(items); n > 0 {
			l.lastKey = objectKey(items[n-1].Namespace, items[n-1].Name)
		}
	}
	return p, nil
}

// discoveryCurrent reports whether per-group-version discovery shows the
// storageVersionHash of t's storage version now; false if it cannot be
// read.
func (m *Migrator) discoveryCurrent(t Target) bool {
	h, err := m.discoveredHash(t)
	return err == nil && h == StorageVersionHash(t.Group, t.Storage, t.Kind)
}

// writePlanHead writes the lines that start both dry runs: the CRD, then
// either that there is nothing to do (and it returns false: the plan ends
// there) or, when discovery does not show the storage version yet, that a
// run would wait for it.
func writePlanHead(b *strings.Builder, t Target, nothingToDo, discoveryCurrent bool) bool {
	fmt.Fprintf(b, "%s: storage version %s, storedVersions %v, conversion %s\n", t.Name, t.Storage, t.StoredVersions, t.Strategy)
	if nothingToDo {
		fmt.Fprintf(b, "nothing to do: storedVersions is already [%s]\n", t.Storage)
		return false
	}
	if !discoveryCurrent {
		fmt.Fprintf(b, "discovery does not show storage version %s yet: a run would wait for it\n", t.Storage)
	}
	return true
}

// Write prints the plan as the command's --dry-run prints it: the CRD, the
// counts per namespace (largest first), the patch each object would get and
// the patch of the CRD's status that would follow.
func (p *Plan) Write(w io.Writer) error {
	var b strings.Builder
	t := p.Target
	if !writePlanHead(&b, t, p.NothingToDo, p.DiscoveryCurrent) {
		_, err := io.WriteString(w, b.String())
		return err
	}
	fmt.Fprintf(&b, "would patch %d objects at %s/%s", p.Total, t.Group, t.WriteVersion)
	if t.Namespaced {
		fmt.Fprintf(&b, " in %d namespaces", len(p.Namespaces))
	}
	b.WriteString("\n")
	type count struct {
		ns string
		n  int
	}
	var counts []count
	for ns, n := range p.Namespaces {
		counts = append(counts, count{ns, n})
	}
	slices.SortFunc(counts, func(a, b count) int {
		return cmp.Or(cmp.Compare(b.n, a.n), cmp.Compare(a.ns, b.ns))
	})
	if t.Namespaced {
		for _, c := range counts {
			fmt.Fprintf(&b, "  %-30s %d\n", c.ns, c.n)
		}
	}
	fmt.Fprintf(&b, "each with the merge patch %s\n", t.ObjectPatch("<resourceVersion as listed>"))
	fmt.Fprintf(&b, "then, if no object failed, the JSON patch of %s/status %s\n", t.Name, t.CommitPatch(t.StoredVersions))
	_, err := io.WriteString(w, b.String())
	return err
}
