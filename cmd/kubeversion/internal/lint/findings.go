package lint

import (
	"strconv"
	"strings"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inputs"
	"github.com/kubeversion/kubeversion/crd"
)

// finding is one finding of an upgrade check, at its level, located in
// the file.
type finding struct {
	Line    int    `json:"line"`
	Level   level  `json:"level"` // "error" or "warning"
	Check   string `json:"check"`
	Field   string `json:"field"`
	Version string `json:"version,omitempty"`
	From    string `json:"from,omitempty"` // see crd.Finding
	// Versions names every version the finding holds for alike, the
	// first being Version's, when it holds for more than one (see
	// groupFindings).
	Versions []string `json:"versions,omitempty"`
	Message  string   `json:"message"`
	// Truncated says that Field or Message was cut (see server.CutMiddle).
	Truncated bool `json:"truncated,omitempty"`
	// Accepted says that --baseline accepts the finding: it is not
	// printed as text or annotations, nor counted in the verdict and the
	// exit status.
	Accepted bool `json:"accepted,omitempty"`

	base string // Message before groupFindings named the versions
}

// String returns the finding as lint prints it after "file:line: ", for
// example "warning: spec.versions[0].served: v1beta1 is no longer served:
// ... [served-version-removed]", with long lists cut (see cutLists).
func (f finding) String() string {
	return string(f.Level) + ": " + f.Field + ": " + cutLists(f.Message) + " [" + f.Check + "]"
}

// addFindings runs the upgrade checks of package crd on c, against old,
// the live object, or without one when old is nil, and keeps the findings
// of the checks that levels does not turn off, each at its level (see
// CheckLevels.of) and at the line of its field in the file. A finding that
// holds alike for several versions (the same check, level, message and
// field under each spec.versions[i]) is listed once, at the first, with
// the names of all (see groupFindings). The findings b accepts are marked
// so; with --write-baseline, each finding's baseline entry is kept.
func (r *report) addFindings(loc *inputs.Locator, c, old *crd.CustomResourceDefinition, levels *CheckLevels, b *Baseline) {
	var kept []finding
	for _, f := range crd.CheckUpgrade(old, c) {
		l := levels.of(f.Check, f.From != "")
		if l == levelOff {
			continue
		}
		kept = append(kept, finding{
			Level: l, Check: f.Check, Field: f.Field,
			Version: f.Version, From: f.From, Message: f.Message,
		})
	}
	for _, f := range groupFindings(kept) {
		e := f.baselineEntry(r.Name)
		f.Accepted = b.accepts(e)
		if b != nil && b.all {
			r.entries = append(r.entries, e)
		}
		r.addFinding(f, loc)
	}
}

// groupFindings returns fs with each finding that holds alike for several
// versions once, in the order of their first: the first, with Versions
// naming each version in order, and the message saying which. Findings
// alike are those whose check, level, message and From are the same and
// whose fields differ only in the index of spec.versions.
func groupFindings(fs []finding) []finding {
	type key struct {
		check, from, message, field string
		level                       level
	}
	first := map[key]int{}
	var out []finding
	for _, f := range fs {
		k := key{f.Check, f.From, f.Message, anyVersion(f.Field), f.Level}
		i, seen := first[k]
		if !seen || f.Version == "" {
			first[k] = len(out)
			out = append(out, f)
			continue
		}
		g := &out[i]
		if len(g.Versions) == 0 {
			g.Versions = []string{g.Version}
		}
		g.Versions = append(g.Versions, f.Version)
	}
	for i := range out {
		if vs := out[i].Versions; len(vs) > 1 {
			out[i].base = out[i].Message
			out[i].Message += " (in " + strconv.Itoa(len(vs)) + " versions: " + strings.Join(vs, ", ") + ")"
		}
	}
	return out
}

// anyVersion returns field with the index of spec.versions[i] written
// spec.versions[*].
func anyVersion(field string) string {
	rest, ok := strings.CutPrefix(field, "spec.versions[")
	if !ok {
		return field
	}
	if _, after, ok := strings.Cut(rest, "]"); ok {
		return "spec.versions[*]" + after
	}
	return field
}

// countFindings returns how many findings of r are errors and how many are
// warnings, listed or not, leaving out those the baseline accepts.
func (r report) countFindings() (errors, warnings int) {
	errors, warnings = r.errorFindingsNotListed, r.FindingsNotListed-r.errorFindingsNotListed-r.acceptedNotListed
	for _, f := range r.Findings {
		switch {
		case f.Accepted:
		case f.Level == levelError:
			errors++
		default:
			warnings++
		}
	}
	return errors, warnings
}
