package webhookcheck

import (
	"errors"
	"strings"
)

// IgnorePaths is the flag.Value of webhook check's --ignore: field paths,
// as round-trip findings name them (spec.template, status,
// metadata.annotations), whose differences are known and not findings.
type IgnorePaths []string

func (p *IgnorePaths) String() string { return strings.Join(*p, ",") }

// Set adds a path; it must be a field path, not empty and without
// blanks.
func (p *IgnorePaths) Set(s string) error {
	if s == "" || strings.ContainsAny(s, " \t\n") || strings.HasPrefix(s, ".") || strings.HasSuffix(s, ".") {
		return errBadIgnore
	}
	*p = append(*p, s)
	return nil
}

var errBadIgnore = errors.New("want a field path, such as status or spec.template")

// filterDiffs returns the differences of a round trip (see diffValues)
// that are findings: without those at or under a path of ignore, counted
// in c.ignored, and without an empty object that came back where there
// was none or went where there was one, counted in c.emptyAsAbsent. The
// conversion webhooks of kubebuilder and controller-runtime decode into
// Go structs, whose omitempty does not omit an empty struct: a sample
// without status comes back with "status": {}. The API server stores
// what it gets, so the difference is real, but it is how Go's
// encoding/json works, and no client tells the two apart.
func (c *webhookChecker) filterDiffs(diffs []string) []string {
	var kept []string
	for _, d := range diffs {
		switch {
		case c.ignores(d):
			c.ignored++
		case strings.HasSuffix(d, " added ({})") || strings.HasSuffix(d, " lost (was {})"):
			c.emptyAsAbsent++
		default:
			kept = append(kept, d)
		}
	}
	return kept
}

// ignores reports whether the difference d is at or under a path of
// --ignore.
func (c *webhookChecker) ignores(d string) bool {
	for _, p := range c.ignore {
		if rest, ok := strings.CutPrefix(d, p); ok && (strings.HasPrefix(rest, " ") || strings.HasPrefix(rest, ":") || strings.HasPrefix(rest, ".") || strings.HasPrefix(rest, "[")) {
			return true
		}
	}
	return false
}
