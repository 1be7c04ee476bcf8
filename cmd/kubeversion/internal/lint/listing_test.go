package lint

import (
	"strconv"
	"strings"
	"testing"
)

func TestCutLists(t *testing.T) {
	items := func(n int) string {
		var s []string
		for i := range n {
			s = append(s, "spec.f"+strconv.Itoa(i))
		}
		return strings.Join(s, ", ")
	}
	for _, tc := range []struct{ in, want string }{
		{"lose " + items(10) + "; convert", "lose " + items(10) + "; convert"},
		{"lose " + items(11) + "; convert", "lose " + items(10) + ", and 1 more; convert"},
		{"lose " + items(41) + " (in 2 versions: v1, v2)", "lose " + items(10) + ", and 31 more (in 2 versions: v1, v2)"},
		{`enum values removed: "a b", "c", "d"`, `enum values removed: "a b", "c", "d"`},
		{"a, b, c, d, e, f, g, h, i, j, k l, m", "a, b, c, d, e, f, g, h, i, j, k l, m"},
		{"lack " + items(12) + ", and lose them", "lack " + items(10) + ", and 2 more, and lose them"},
		{"lack " + items(12) + ". Then", "lack " + items(10) + ", and 2 more. Then"},
	} {
		if got := cutLists(tc.in); got != tc.want {
			t.Errorf("cutLists(%q)\n = %q\nwant %q", tc.in, got, tc.want)
		}
	}
}
