package main

import (
	"fmt"
	"sort"
	"strings"
)

// row is a kind of a built-in group version, merged over the releases
// read.
type row struct {
	Group, Version, Kind string
	// First and Last are the minors of the first and last releases read
	// whose k8s.io/api has the type; 0 for a row of extraModules.
	First, Last int
	lifecycle
	// stated is the k8s.io/api version whose statement of the lifecycle
	// was taken: the newest that states one; "" for none.
	stated string
	Source string   // "k8s.io/api", or the module@version of extraModules
	Notes  []string // where releases disagree
}

// table is the rows by group/version/kind.
type table map[string]*row

func key(group, version, kind string) string { return group + "/" + version + "/" + kind }

// merge merges the releases of k8s.io/api, oldest first: each type's
// lifecycle is the newest release's statement, and where an older one
// said otherwise a note says so. The pre-release's statement is taken
// only for a type that no release states a lifecycle for; where it
// differs from the newest release's, a note says so: the table judges
// the pinned release as that release's API server does.
func merge(rs []apiRelease) table {
	t := table{}
	for _, r := range rs {
		for _, p := range r.Packages {
			kinds := map[string]bool{}
			for _, k := range p.Kinds {
				kinds[k] = true
			}
			for k := range p.Life {
				kinds[k] = true // a type with a lifecycle is a kind even if register.go does not say
			}
			for k := range kinds {
				if isListOf(k, kinds) {
					continue
				}
				x := t[key(p.Group, p.Version, k)]
				if x == nil {
					x = &row{Group: p.Group, Version: p.Version, Kind: k, First: r.Minor, Source: "k8s.io/api"}
					t[key(p.Group, p.Version, k)] = x
				}
				x.Last = r.Minor
				if l := p.Life[k]; l != nil {
					x.restate(*l, r.Version, r.Pre)
				}
			}
		}
	}
	return t
}

// isListOf reports whether kind is the list of another of kinds
// (DeploymentList of Deployment): kubectl reads a list as its items, so a
// list kind is judged as its item's and is no row of its own.
func isListOf(kind string, kinds map[string]bool) bool {
	item, ok := strings.CutSuffix(kind, "List")
	return ok && item != "" && kinds[item]
}

// restate takes l, stated by k8s.io/api version, as x's lifecycle, and
// notes each field that differs from a statement it replaces: a release
// or replacement changed or dropped, not one stated where an older
// release stated none. A statement of a pre-release replaces none: each
// of its fields that differs is noted.
func (x *row) restate(l lifecycle, version string, pre bool) {
	if pre && x.stated != "" {
		diff := func(name, old, new string) {
			if old != new {
				x.Notes = append(x.Notes, fmt.Sprintf("%s %s in pre-release k8s.io/api %s", name, dash(new), version))
			}
		}
		diff("introduced", minorText(x.Introduced), minorText(l.Introduced))
		diff("deprecated", minorText(x.Deprecated), minorText(l.Deprecated))
		diff("removed", minorText(x.Removed), minorText(l.Removed))
		diff("replacement", x.Replacement, l.Replacement)
		return
	}
	if x.stated != "" {
		diff := func(name string, old, new int) {
			if old != 0 && old != new {
				x.Notes = append(x.Notes, fmt.Sprintf("%s %s in k8s.io/api %s, %s from %s", name, minorText(old), x.stated, minorText(new), version))
			}
		}
		diff("introduced", x.Introduced, l.Introduced)
		diff("deprecated", x.Deprecated, l.Deprecated)
		diff("removed", x.Removed, l.Removed)
		if x.Replacement != "" && x.Replacement != l.Replacement {
			x.Notes = append(x.Notes, fmt.Sprintf("replacement %q in k8s.io/api %s, %q from %s", x.Replacement, x.stated, l.Replacement, version))
		}
	}
	x.lifecycle, x.stated = l, version
}

// add adds the rows of the extra packages.
func (t table) add(pkgs []extraPackage) {
	for _, p := range pkgs {
		kinds := map[string]bool{}
		for _, k := range p.Kinds {
			kinds[k] = true
		}
		for k := range kinds {
			if isListOf(k, kinds) {
				continue
			}
			x := &row{Group: p.Group, Version: p.Version, Kind: k, Source: p.Source}
			if l := p.Life[k]; l != nil {
				x.lifecycle = *l
			}
			t[key(p.Group, p.Version, k)] = x
		}
	}
}

// sorted returns the rows by group, version and kind.
func (t table) sorted() []*row {
	rows := make([]*row, 0, len(t))
	for _, x := range t {
		rows = append(rows, x)
	}
	sort.Slice(rows, func(i, j int) bool {
		a, b := rows[i], rows[j]
		if a.Group != b.Group {
			return a.Group < b.Group
		}
		if a.Version != b.Version {
			return a.Version < b.Version
		}
		return a.Kind < b.Kind
	})
	return rows
}

// minorText is "1.N", or "-" for 0.
func minorText(m int) string {
	if m == 0 {
		return "-"
	}
	return fmt.Sprintf("1.%d", m)
}
