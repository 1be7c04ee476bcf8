package inputs

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSplitPath(t *testing.T) {
	for _, tt := range []struct {
		path string
		want []string
	}{
		{"", nil},
		{"a", []string{"a"}},
		{"a.b[2].c", []string{"a", "b", "2", "c"}},
		{"spec.versions.served", []string{"spec", "versions", "served"}},
		{"properties[a.b].type", []string{"properties", "a.b", "type"}},
		{"properties[a]b].type", []string{"properties", "a]b", "type"}},
		{"properties[[x]][y]", []string{"properties", "[x]", "y"}},
		{"properties[]", []string{"properties", ""}},
		{"properties[open", []string{"properties", "open"}},
		{"[0].x", []string{"0", "x"}},
		{"a..b", []string{"a", "", "b"}},
	} {
		if diff := cmp.Diff(tt.want, SplitPath(tt.path)); diff != "" {
			t.Errorf("splitPath(%q) mismatch (-want +got):\n%s", tt.path, diff)
		}
	}
}
