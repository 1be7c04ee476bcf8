package lifecycle

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"sync"
)

//go:embed table.txt
var tableText string

//go:embed defaults.txt
var defaultsText string

// Row is a kind of a built-in group version and its lifecycle. A
// release is the minor N of Kubernetes 1.N; 0 is none.
type Row struct {
	Group   string `json:"group"` // "" for the core group
	Version string `json:"version"`
	Kind    string `json:"kind"`
	// First and Last are the first and last releases read whose k8s.io/api
	// has the type: First is the oldest release read (Oldest) for a type
	// that was there already. Both are 0 for a kind of another module
	// (apiextensions.k8s.io, apiregistration.k8s.io), read at the pinned
	// release only.
	First int `json:"first,omitempty"`
	Last  int `json:"last,omitempty"`
	// Introduced, Deprecated and Removed are what the type's APILifecycle
	// methods state, in the newest release read that states them.
	Introduced  int    `json:"introduced,omitempty"`
	Deprecated  int    `json:"deprecated,omitempty"`
	Removed     int    `json:"removed,omitempty"`
	Replacement string `json:"replacement,omitempty"` // "group/version Kind"
	Source      string `json:"source"`                // the module read
	// Notes say where older releases stated another lifecycle.
	Notes string `json:"notes,omitempty"`
}

// APIVersion is the row's apiVersion: group/version, or version for the
// core group.
func (r *Row) APIVersion() string { return apiVersion(r.Group, r.Version) }

func apiVersion(group, version string) string {
	if group == "" {
		return version
	}
	return group + "/" + version
}

// Table is the parsed table.txt and defaults.txt.
type Table struct {
	Rows []Row
	// Oldest and Newest are the first and last releases read; Pinned is
	// the release that kubeversion judges by default, and Prerelease the
	// newest, read from a pre-release of Kubernetes (0 for none).
	Oldest, Newest, Pinned, Prerelease int
	defaults                           map[int]*defaults
	byKey                              map[string]*Row
	groups                             map[string]bool
	everServed                         map[string]bool // group versions served by default in any release read
}

// defaults is a line of defaults.txt: what a release's kube-apiserver
// serves by default.
type defaults struct {
	source   string          // k8s.io/kubernetes@v1.N.x
	versions map[string]bool // apiVersions served
	kinds    map[string]bool // "apiVersion/Kind" → served, where a resource is set alone
}

// Load returns the embedded table.
var Load = sync.OnceValue(func() *Table {
	t, err := parse(tableText, defaultsText)
	if err != nil {
		panic("lifecycle: " + err.Error())
	}
	return t
})

// parse parses table.txt and defaults.txt.
func parse(table, defaultsFile string) (*Table, error) {
	t := &Table{defaults: map[int]*defaults{}, byKey: map[string]*Row{}, groups: map[string]bool{}, everServed: map[string]bool{}}
	for _, line := range strings.Split(table, "\n") {
		if h, ok := strings.CutPrefix(line, "# "); ok {
			name, value, _ := strings.Cut(h, " ")
			m, err := ParseRelease(value)
			switch name {
			case "pinned":
				t.Pinned = m
			case "prerelease":
				t.Prerelease = m
			case "first":
				t.Oldest = m
			default:
				err = nil
			}
			if err != nil {
				return nil, err
			}
			continue
		}
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 11 {
			return nil, fmt.Errorf("table.txt: %d fields, want 11: %q", len(f), line)
		}
		r := Row{Group: f[0], Version: f[1], Kind: f[2], Replacement: undash(f[8]), Source: f[9], Notes: undash(f[10])}
		if r.Group == "core" {
			r.Group = ""
		}
		for i, p := range []*int{&r.First, &r.Last, &r.Introduced, &r.Deprecated, &r.Removed} {
			if f[3+i] == "-" {
				continue
			}
			m, err := ParseRelease(f[3+i])
			if err != nil {
				return nil, fmt.Errorf("table.txt: %v: %q", err, line)
			}
			*p = m
		}
		t.Rows = append(t.Rows, r)
		t.groups[r.Group] = true
		t.Newest = max(t.Newest, r.Last)
	}
	for i := range t.Rows {
		r := &t.Rows[i]
		t.byKey[r.APIVersion()+"/"+r.Kind] = r
	}
	for _, line := range strings.Split(defaultsFile, "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Fields(line)
		m, err := ParseRelease(f[0])
		if err != nil || len(f) < 2 {
			return nil, fmt.Errorf("defaults.txt: %q", line)
		}
		d := &defaults{source: f[1], versions: map[string]bool{}, kinds: map[string]bool{}}
		for _, w := range f[2:] {
			switch w[0] {
			case '+', '-':
				d.kinds[w[1:]] = w[0] == '+'
				if w[0] == '+' {
					t.everServed[w[1:strings.LastIndex(w, "/")]] = true
				}
			default:
				d.versions[w] = true
				t.everServed[w] = true
			}
		}
		t.defaults[m] = d
	}
	if t.Pinned == 0 || t.Oldest == 0 || t.Newest < t.Pinned {
		return nil, fmt.Errorf("table.txt: no pinned, first or newest release")
	}
	for m := t.Oldest; m <= t.Newest; m++ {
		if t.defaults[m] == nil {
			return nil, fmt.Errorf("defaults.txt: no line for 1.%d", m)
		}
	}
	return t, nil
}

// ParseRelease parses a release "1.N", also written "v1.N", and returns N.
func ParseRelease(s string) (int, error) {
	minor, ok := strings.CutPrefix(strings.TrimPrefix(s, "v"), "1.")
	n, err := strconv.Atoi(minor)
	if !ok || err != nil || n < 0 || strconv.Itoa(n) != minor {
		return 0, fmt.Errorf("%q: want a Kubernetes release such as 1.30", s)
	}
	return n, nil
}

// Release parses a release as --kubernetes-version gives it ("1.30",
// "v1.30") and returns its minor, or an error if the table does not
// cover it.
func (t *Table) Release(s string) (int, error) {
	m, err := ParseRelease(s)
	if err != nil {
		return 0, err
	}
	if m < t.Oldest || m > t.Newest {
		return 0, fmt.Errorf("%s: the table of built-in API versions covers 1.%d to 1.%d", s, t.Oldest, t.Newest)
	}
	return m, nil
}

// DefaultsSource names what the group versions served by default in
// release come from: k8s.io/kubernetes@v1.N.x, or rule:KEP-3136 where
// they are derived from the previous release's.
func (t *Table) DefaultsSource(release int) string {
	if d := t.defaults[release]; d != nil {
		return d.source
	}
	return ""
}

func undash(s string) string {
	if s == "-" {
		return ""
	}
	return s
}
