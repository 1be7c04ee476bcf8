package lint

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/format"
)

// Baseline is the file of --baseline: the findings a team has accepted,
// which lint still reports (marked accepted in JSON, suppressed in SARIF)
// but does not print as text or annotations, nor count in the verdict and
// the exit status, so that only new findings fail a CI job. It is JSON, as
// --write-baseline writes it:
//
//	{
//	  "kind": "kubeversion-baseline",
//	  "version": 1,
//	  "accepted": [
//	    {"crd": "widgets.example.com", "check": "field-removed",
//	     "field": "spec.versions[*].schema.openAPIV3Schema.properties[spec]...",
//	     "versions": ["v1", "v1beta1"], "message": "..."}
//	  ]
//	}
//
// A finding is accepted by an entry with its CRD, check, field (with the
// index of spec.versions written *, so that adding a version does not
// change it) and message (without the versions groupFindings adds), whose
// versions include all of the finding's: the same finding that now holds
// for one more version is new. The line is not part of it, so that a
// finding that moves in its file stays accepted.
type Baseline struct {
	Kind     string          `json:"kind"`
	Version  int             `json:"version"`
	Accepted []BaselineEntry `json:"accepted"`

	all  bool         // --write-baseline: every finding is accepted
	used map[int]bool // the entries that accepted a finding
}

// BaselineEntry is one accepted finding.
type BaselineEntry struct {
	CRD      string   `json:"crd"`
	Check    string   `json:"check"`
	Field    string   `json:"field,omitempty"`
	Versions []string `json:"versions,omitempty"`
	Message  string   `json:"message"`
}

// BaselineKind is the kind of a baseline file.
const BaselineKind = "kubeversion-baseline"

// readBaseline reads the baseline file at path, strictly: a file that
// does not say what it is, has a version this lint does not know, or has
// fields it does not know is an error, not an empty baseline that would
// let every finding pass for accepted or fail.
func readBaseline(path string) (*Baseline, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var b Baseline
	if err := dec.Decode(&b); err != nil {
		return nil, fmt.Errorf("%s: not a baseline file: %v", path, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("%s: not a baseline file: more than one JSON value", path)
	}
	switch {
	case b.Kind != BaselineKind:
		return nil, fmt.Errorf("%s: not a baseline file: kind is %q, want %q", path, b.Kind, BaselineKind)
	case b.Version != 1:
		return nil, fmt.Errorf("%s: baseline version %d: this kubeversion reads version 1", path, b.Version)
	}
	for i, e := range b.Accepted {
		if e.CRD == "" || e.Check == "" || e.Message == "" {
			return nil, fmt.Errorf("%s: accepted[%d]: crd, check and message are required", path, i)
		}
	}
	return &b, nil
}

// accepts reports whether b accepts the finding e, and marks the entry
// that does as used.
func (b *Baseline) accepts(e BaselineEntry) bool {
	if b == nil {
		return false
	}
	if b.all {
		return true
	}
	for i, a := range b.Accepted {
		if a.CRD == e.CRD && a.Check == e.Check && a.Field == e.Field && a.Message == e.Message &&
			!slices.ContainsFunc(e.Versions, func(v string) bool { return !slices.Contains(a.Versions, v) }) {
			if b.used == nil {
				b.used = map[int]bool{}
			}
			b.used[i] = true
			return true
		}
	}
	return false
}

// unused returns how many entries of b accepted no finding.
func (b *Baseline) unused() int {
	if b == nil || b.all {
		return 0
	}
	return len(b.Accepted) - len(b.used)
}

// WriteBaseline writes entries to path as a baseline file, sorted by
// CRD, check, field and message, so that the file changes only where the
// findings do.
func WriteBaseline(path string, entries []BaselineEntry) error {
	entries = slices.Clone(entries)
	slices.SortFunc(entries, func(a, b BaselineEntry) int {
		return strings.Compare(a.CRD+"\x00"+a.Check+"\x00"+a.Field+"\x00"+a.Message, b.CRD+"\x00"+b.Check+"\x00"+b.Field+"\x00"+b.Message)
	})
	entries = slices.CompactFunc(entries, func(a, b BaselineEntry) bool {
		return a.CRD == b.CRD && a.Check == b.Check && a.Field == b.Field && a.Message == b.Message && slices.Equal(a.Versions, b.Versions)
	})
	if entries == nil {
		entries = []BaselineEntry{}
	}
	var buf bytes.Buffer
	if err := format.WriteJSON(&buf, Baseline{Kind: BaselineKind, Version: 1, Accepted: entries}); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

// baselineEntry returns the entry of the baseline that accepts f, a
// finding of the CRD named crd.
func (f finding) baselineEntry(crd string) BaselineEntry {
	vs := f.Versions
	if len(vs) == 0 && f.Version != "" {
		vs = []string{f.Version}
	}
	msg := f.Message
	if f.base != "" {
		msg = f.base
	}
	return BaselineEntry{CRD: crd, Check: f.Check, Field: anyVersion(f.Field), Versions: vs, Message: msg}
}

// baselineKey returns what names f, a finding of the CRD crd, without its
// line: for the fingerprint of -o sarif.
func (f finding) baselineKey(crd string) []string {
	e := f.baselineEntry(crd)
	return []string{e.CRD, e.Field, strings.Join(e.Versions, ","), e.Message}
}

// baselineEntry returns the entry of the baseline that accepts r.
func (r removed) baselineEntry() BaselineEntry {
	return BaselineEntry{CRD: r.Name, Check: checkCRDRemoved, Message: r.Message}
}

// baselineKey returns what names r without its line.
func (r removed) baselineKey() []string {
	return []string{r.Name}
}

// baselineEntries returns the baseline entries of every finding of l, for
// --write-baseline.
func (l *Result) baselineEntries() []BaselineEntry {
	var es []BaselineEntry
	for _, r := range l.reports {
		es = append(es, r.entries...)
	}
	for _, r := range l.removed {
		es = append(es, r.baselineEntry())
	}
	return es
}
