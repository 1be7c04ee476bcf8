package linesort

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
)

// sortNew returns what Sort writes for input read from r.
func sortNew(t *testing.T, r io.Reader, opt Options) string {
	t.Helper()
	in, err := Read(r)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := Sort(&out, in, opt); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// firstDifference describes where two outputs first differ.
func firstDifference(got, want string) string {
	g, w := strings.SplitAfter(got, "\n"), strings.SplitAfter(want, "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			return fmt.Sprintf("line %d is %q, want %q", i+1, g[i], w[i])
		}
	}
	return fmt.Sprintf("%d lines, want %d", len(g), len(w))
}

// TestSortAsStrings checks that Sort writes byte for byte what
// sortStrings, which sorts strings with kubeversion.Sort, writes: on
// inputs of every shape, forwards and reversed, in LF and CRLF files, read
// at once or in small pieces, in one goroutine or two.
func TestSortAsStrings(t *testing.T) {
	n := 20000
	if testing.Short() {
		n = 3000
	}
	for name, shape := range sortShapes {
		// Half of the shapes are read, sorted and written in two
		// goroutines.
		var opt Options
		if len(name)%2 == 0 {
			opt = Options{Parallel: true, Block: 100}
		}
		r := rand.New(rand.NewPCG(uint64(len(name)), 7))
		lines := shape(r, n)
		for _, file := range []struct{ name, input string }{
			{"LF", strings.Join(lines, "\n") + "\n"},
			{"CRLF", strings.Join(lines, "\r\n") + "\r\n"},
			{"CRLF but the last line", strings.Join(lines, "\r\n")},
			{"CRLF but the first line", lines[0] + "\n" + strings.Join(lines[1:], "\r\n") + "\r\n"},
			{"CRLF but the last line's LF", strings.Join(lines, "\r\n") + "\n"},
			{"no final newline", strings.Join(lines, "\n")},
		} {
			for _, reverse := range []bool{false, true} {
				opt.Reverse = reverse
				want := sortStrings(file.input, reverse)
				got := sortNew(t, strings.NewReader(file.input), opt)
				if got != want {
					t.Errorf("%s, %s, reverse %v: %s", name, file.name, reverse, firstDifference(got, want))
				}
			}
		}
		input := strings.Join(lines, "\n") + "\n"
		opt.Reverse = false
		if got, want := sortNew(t, &pieces{input, 1000}, opt), sortStrings(input, false); got != want {
			t.Errorf("%s, read in pieces: %s", name, firstDifference(got, want))
		}
	}
}

// TestSortEdges checks Sort against sortStrings on inputs whose lines are
// few, empty or odd.
func TestSortEdges(t *testing.T) {
	for _, input := range []string{
		"", "\n", "\n\n", "\r\n", "\r", "v1", "v1\r", "v1\r\nv2\r", "/", "/\n/v1\n", "a/\na/v1\n\n",
		"v1\nv01\nv001\nv1\n", "ab\nab\x00\nab\n", "abcdefgh\nabcdefgi\nabcdefg\nabcdefgh\n",
		"v9223372036854775807\nv9223372036854775806\nv09223372036854775807\n",
		"v1alpha1073741823\nv1alpha1073741824\nv1alpha1073741825\nv1alpha1073741824\n",
		"v1\x00\n\xff\xfe\nv1\n", "a/b/v1\na/v1\na/b/v2\n",
		"\n\nv1\n\n\nfoo\n\n", "\nv1\n\x00\n", "a/\n\n\na/v1\n", "\r\n\r\n", "\r\n\n", "\n\r\n\r\n",
		"\nfoo", "v1\r\n\r\nfoo\r\n", "\n\n/v1\n/\n",
	} {
		for _, reverse := range []bool{false, true} {
			if got, want := sortNew(t, strings.NewReader(input), Options{Reverse: reverse}), sortStrings(input, reverse); got != want {
				t.Errorf("sort of %q, reverse %v = %q, want %q", input, reverse, got, want)
			}
		}
		if got, want := sortNew(t, strings.NewReader(input), Options{Parallel: true}), sortStrings(input, false); got != want {
			t.Errorf("sort of %q in two goroutines = %q, want %q", input, got, want)
		}
	}
}
