package inputs

import (
	"iter"
	"slices"
	"strings"
)

// pathSteps yields the steps of a field path of the API server: the names
// and the keys or indices in brackets, as "a", "b", "2", "c" for
// "a.b[2].c". A key is kept whole, dots and brackets included, up to the
// "]" that ends the path or is followed by "." or "[": the property "a.b"
// of "properties[a.b].type" is one step. An unclosed key runs to the end.
func pathSteps(path string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for p := path; p != ""; {
			var step string
			if p[0] == '[' {
				step, p = cutKey(p[1:])
			} else {
				i := strings.IndexAny(p, ".[")
				if i < 0 {
					i = len(p)
				}
				step, p = p[:i], p[i:]
			}
			if !yield(step) {
				return
			}
			p = strings.TrimPrefix(p, ".")
		}
	}
}

// cutKey returns the key at the start of s, which follows a "[", and what
// follows its "]".
func cutKey(s string) (key, rest string) {
	for i := 0; i < len(s); i++ {
		if s[i] == ']' && (i+1 == len(s) || s[i+1] == '.' || s[i+1] == '[') {
			return s[:i], s[i+1:]
		}
	}
	return s, ""
}

// SplitPath returns the steps of path (see pathSteps), or nil for "".
func SplitPath(path string) []string {
	return slices.Collect(pathSteps(path))
}
