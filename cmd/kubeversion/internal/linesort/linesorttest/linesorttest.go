// Package linesorttest holds what the tests of package linesort and of
// the command's sort share: inputs whose lines are few, empty or odd, a
// file to sort, and where two outputs first differ.
//
// Not in scope: the references the outputs are compared with, which each
// test has (the command's sort of arguments, linesort's sort of strings).
package linesorttest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Edges are inputs whose lines are few, empty or odd: empty lines, CR
// without LF, a NUL byte, invalid UTF-8, prefixes without a version,
// numbers at the limits of a version's parts.
var Edges = []string{
	"", "\n", "\n\n", "\r\n", "\r", "v1", "v1\r", "v1\r\nv2\r", "/", "/\n/v1\n", "a/\na/v1\n\n",
	"v1\nv01\nv001\nv1\n", "ab\nab\x00\nab\n", "abcdefgh\nabcdefgi\nabcdefg\nabcdefgh\n",
	"v9223372036854775807\nv9223372036854775806\nv09223372036854775807\n",
	"v1alpha1073741823\nv1alpha1073741824\nv1alpha1073741825\nv1alpha1073741824\n",
	"v1\x00\n\xff\xfe\nv1\n", "a/b/v1\na/v1\na/b/v2\n",
	"\n\nv1\n\n\nfoo\n\n", "\nv1\n\x00\n", "a/\n\n\na/v1\n", "\r\n\r\n", "\r\n\n", "\n\r\n\r\n",
	"\nfoo", "v1\r\n\r\nfoo\r\n", "\n\n/v1\n/\n",
}

// FirstDifference describes where two outputs first differ.
func FirstDifference(got, want string) string {
	g, w := strings.SplitAfter(got, "\n"), strings.SplitAfter(want, "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			return fmt.Sprintf("line %d is %q, want %q", i+1, g[i], w[i])
		}
	}
	return fmt.Sprintf("%d lines, want %d", len(g), len(w))
}

// OpenFile writes input to a file of the test's temporary directory and
// opens it for reading, until the test ends. It returns the file and its
// name.
func OpenFile(t testing.TB, input string) (*os.File, string) {
	t.Helper()
	name := filepath.Join(t.TempDir(), "input")
	if err := os.WriteFile(name, []byte(input), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f, name
}
