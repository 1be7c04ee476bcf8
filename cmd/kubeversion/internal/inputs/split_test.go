package inputs

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
)

// splitAll returns what splitYAML yields of text, with runs or one line
// at a time, read through a buffer of size, and the problem it returns,
// as text.
func splitAll(runs bool, text []byte, size int, stopAfter int) []string {
	var out []string
	p := splitYAML("f", bufio.NewReaderSize(bytes.NewReader(text), size), 1, runs, func(d document) bool {
		out = append(out, fmt.Sprintf("%d:%q", d.line, d.text))
		return len(out) != stopAfter
	})
	if p != nil {
		out = append(out, p.String())
	}
	return out
}

func checkSplitSame(t *testing.T, text []byte) {
	t.Helper()
	for _, size := range []int{16, 37, 4096} {
		for _, stop := range []int{0, 1} {
			got := splitAll(true, text, size, stop)
			want := splitAll(false, text, size, stop)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("splitYAML(%q), buffer %d, stop after %d:\n%q\none line at a time:\n%q", text, size, stop, got, want)
			}
		}
	}
}

func TestSplitYAMLRuns(t *testing.T) {
	for _, text := range []string{
		"", "a: 1\n", "a: 1", "a: 1\n---\nb: 2\n", "---\na\n---\n", "a\n--- x\nb\n", "a\r\nb\r\n---\r\nc",
		"a\rb\n---  # c\nd\n", strings.Repeat("long line of text\n", 100) + "---\n" + strings.Repeat("x", 100) + "\n",
		"a\n----\nb\n", "\n\n---\n\n",
	} {
		checkSplitSame(t, []byte(text))
	}
}

// TestSplitYAMLReadError checks that a read error reaches splitYAML after
// the lines before it, as one line at a time gave it.
func TestSplitYAMLReadError(t *testing.T) {
	broken := errors.New("broken")
	r := io.MultiReader(strings.NewReader(strings.Repeat("a: b\n", 50)), &errReader{broken})
	var docs []document
	p := splitYAML("f", bufio.NewReaderSize(r, 16), 1, true, func(d document) bool {
		docs = append(docs, d)
		return true
	})
	if p == nil || p.Message != "broken" || len(docs) != 0 {
		t.Fatalf("splitYAML = %d documents, %v; want none and the read error", len(docs), p)
	}
}

type errReader struct{ err error }

func (r *errReader) Read([]byte) (int, error) { return 0, r.err }

func FuzzSplitYAML(f *testing.F) {
	f.Add([]byte("a: 1\n---\nb: 2\r\n--- #c\r\n\r\n---x\n"))
	f.Add([]byte("x\n---\n---\n\n"))
	f.Fuzz(func(t *testing.T, text []byte) {
		checkSplitSame(t, text)
	})
}
