package linesort

import (
	"bytes"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/linesort/linesorttest"
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
					t.Errorf("%s, %s, reverse %v: %s", name, file.name, reverse, linesorttest.FirstDifference(got, want))
				}
			}
		}
		input := strings.Join(lines, "\n") + "\n"
		opt.Reverse = false
		if got, want := sortNew(t, &pieces{input, 1000}, opt), sortStrings(input, false); got != want {
			t.Errorf("%s, read in pieces: %s", name, linesorttest.FirstDifference(got, want))
		}
	}
}

// TestSortEdges checks Sort against sortStrings on inputs whose lines are
// few, empty or odd.
func TestSortEdges(t *testing.T) {
	for _, input := range linesorttest.Edges {
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
