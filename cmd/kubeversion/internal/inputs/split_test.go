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

// splitAll returns what split yields of text, read through a buffer of
// size, and the problem it returns, as text.
func splitAll(split func(string, *bufio.Reader, int, func(document) bool) *Problem, text []byte, size int, stopAfter int) []string {
	var out []string
	p := split("f", bufio.NewReaderSize(bytes.NewReader(text), size), 1, func(d document) bool {
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
			got := splitAll(splitYAML, text, size, stop)
			want := splitAll(splitYAMLByLine, text, size, stop)
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
	p := splitYAML("f", bufio.NewReaderSize(r, 16), 1, func(d document) bool {
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

// splitYAMLByLine is splitYAML as it was before it copied whole runs of
// lines at once: one line at a time. It is the reference of
// FuzzSplitYAML.
//
// It cuts r at "---" lines, as kubectl's YAMLReader, into documents
// from line n on. A line's "\r\n" becomes "\n", as bufio.Reader.ReadLine
// makes it there. Each line is copied once, from r's buffer to the
// document's.
func splitYAMLByLine(file string, r *bufio.Reader, n int, yield func(document) bool) *Problem {
	var buf []byte
	bufLine := 0
	for ; ; n++ {
		mark := len(buf)
		var err error
		buf, err = appendLine(buf, r)
		if err != nil && !errors.Is(err, io.EOF) {
			return &Problem{file, 0, err.Error()}
		}
		if err != nil && len(buf) == mark { // the end
			if len(buf) > 0 {
				yield(document{text: buf, line: bufLine})
			}
			return nil
		}
		line := bytes.TrimSuffix(buf[mark:], []byte("\r"))
		if bytes.HasPrefix(line, []byte("---")) {
			trimmed := strings.TrimSpace(string(line[3:]))
			buf = buf[:mark]
			if trimmed != "" && trimmed[0] != '#' {
				if len(buf) > 0 && !yield(document{text: buf, line: bufLine}) {
					return nil
				}
				return &Problem{file, n, "invalid Yaml document separator: " + trimmed}
			}
			if len(buf) > 0 {
				d := document{text: buf, line: bufLine}
				buf = reuse(buf) // before yield, so that a big text can go once read
				if !yield(d) {
					return nil
				}
			}
			continue
		}
		if mark == 0 {
			bufLine = n
		}
		buf = append(buf[:mark+len(line)], '\n')
	}
}
