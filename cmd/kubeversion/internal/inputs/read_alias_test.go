package inputs

import (
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// TestLintAliasExpansionCap checks that a document whose aliases expand
// past maxAliasBytes is refused, at the alias that passes it, before
// sigs.k8s.io/yaml expands them: a 256 KiB string aliased 60 times is 15
// MiB expanded (the 1 MiB string aliased 5,000 times of the issue would be
// 5 GB). Aliases of small nodes, and billion laughs, are refused too, and
// a document that uses anchors in earnest is read as before.
func TestLintAliasExpansionCap(t *testing.T) {
	big := "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata:\n  a: &a " + strings.Repeat("x", 256<<10) + "\n  l:\n" +
		strings.Repeat("  - *a\n", 60)
	laughs := "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
	for i, c := range "bcdefghi" {
		laughs += string(c) + ": &" + string(c) + " [" + strings.Repeat("*"+string("abcdefghi"[i])+", ", 8) + "*" + string("abcdefghi"[i]) + "]\n"
	}
	for _, tt := range []struct {
		name, in string
		want     *Problem
	}{
		{"big string aliased", "kind: Other\n---\n" + big,
			// 48 aliases of 256 KiB make 12 MiB; the 49th, at line 8+49, passes it.
			&Problem{"f", 8 + 49, "yaml: aliases expand the document by more than 12 MiB, 4 times what the API server accepts in a request (at *a)"}},
		{"billion laughs", laughs,
			&Problem{"f", 7, "yaml: aliases expand the document by more than 12 MiB, 4 times what the API server accepts in a request (at *f)"}},
		{"an anchor in itself", "a: &x [*x]\n", &Problem{"f", 1, "anchor 'x' value contains itself"}},
		{"anchors in earnest", "x: &base {a: 1, b: 2}\ny:\n  <<: *base\n  c: 3\nz: [*base, *base]\n", nil},
	} {
		_, p := ReadObjects("f", []byte(tt.in))
		if p == nil || tt.want == nil {
			if p != tt.want {
				t.Errorf("%s: problem %v, want %v", tt.name, p, tt.want)
			}
			continue
		}
		if *p != *tt.want {
			t.Errorf("%s: problem %v, want %v", tt.name, *p, *tt.want)
		}
	}
}

func TestAliasSizer(t *testing.T) {
	for _, tt := range []struct {
		in    string
		added int64
	}{
		{"a: b\n", 0},
		{"a: &a xxxxxxxxxx\nb: *a\n", 10}, // a scalar of 10 bytes, and its node
		// Five aliases of 10 bytes, in a list aliased twice, whose
		// expanded size is 1 + 5*11: 5*10 + 2*55.
		{"a: &a xxxxxxxxxx\nl: &l [*a, *a, *a, *a, *a]\nm: [*l, *l]\n", 160},
		{"a: &x [*x]\n", 0},
	} {
		var doc yaml.Node
		if err := yaml.Unmarshal([]byte(tt.in), &doc); err != nil {
			t.Fatal(err)
		}
		s := aliasSizer{anchors: map[*yaml.Node]int64{}}
		s.size(&doc)
		if s.added != tt.added {
			t.Errorf("aliases of %q add %d bytes, want %d", tt.in, s.added, tt.added)
		}
	}
}
