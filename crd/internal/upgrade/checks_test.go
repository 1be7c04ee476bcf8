package upgrade

import (
	"strings"
	"testing"
)

// TestChecksTable checks the table of checks: each name once, each with
// what its findings say, and the levels of the checks whose findings mean
// that something that worked breaks.
func TestChecksTable(t *testing.T) {
	seen := map[string]bool{}
	errors := 0
	for _, c := range checks {
		if seen[c.name] {
			t.Errorf("check %q is twice in the table", c.name)
		}
		seen[c.name] = true
		if c.doc == "" || strings.ToLower(c.doc[:1]) != c.doc[:1] {
			t.Errorf("check %q: doc %q, want a phrase in lower case", c.name, c.doc)
		}
		if c.level == Error {
			errors++
		}
	}
	if len(checks) != 40 || errors != 18 {
		t.Errorf("the table has %d checks, %d at level Error; want 40 and 18", len(checks), errors)
	}
	if checks[len(checks)-1].name != checkUnhandledChange {
		t.Errorf("the last check is %q, want %q", checks[len(checks)-1].name, checkUnhandledChange)
	}
}
