package structural

import (
	"regexp"
	"strings"
	"testing"

	"github.com/kubeversion/kubeversion/crd/internal/field"
)

// TestPatternErrors checks that a pattern is refused with regexp.Compile's
// own message, which is what the API server prints, though only parsed.
func TestPatternErrors(t *testing.T) {
	for _, pattern := range []string{"a(", "[z-a]", "x{2,1}", `\8`, "(?P<>a)", "a**", strings.Repeat("(", 1001) + strings.Repeat(")", 1001), "^[a-z]+$", `\d{1,3}`} {
		s := &Structural{Generic: Generic{Type: "object"}, ValueValidation: &ValueValidation{Pattern: pattern}}
		var got string
		for _, e := range Validate(s, field.NewPath("p")) {
			got = e.Detail
		}
		want := ""
		if _, err := regexp.Compile(pattern); err != nil {
			want = "must be a valid regular expression, but isn't: " + err.Error()
		}
		if got != want {
			t.Errorf("pattern %q: got %q, want %q", pattern, got, want)
		}
	}
}
