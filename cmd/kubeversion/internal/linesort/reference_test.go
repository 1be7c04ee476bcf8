package linesort

import (
	"slices"
	"strings"

	"github.com/kubeversion/kubeversion"
)

// sortStrings returns input sorted as Sort must sort it, written plainly
// with a string per line, as the command sorts its arguments: it is the
// reference the tests hold Sort to.
//
// The lines are cut at "\n"; when every terminated line ends in "\r\n",
// the "\r" is part of the terminator. Each line is cut after its first
// slash into a prefix and a version; the groups of lines with the same
// prefix come in byte order of their prefixes, and the versions of a group
// in the order of kubeversion.Sort. Every line is written with the input's
// terminator, a final line without one too.
func sortStrings(input string, reverse bool) string {
	if input == "" {
		return ""
	}
	lines := strings.SplitAfter(input, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	crlf := strings.Contains(input, "\n")
	for _, l := range lines {
		if strings.HasSuffix(l, "\n") && !strings.HasSuffix(l, "\r\n") {
			crlf = false
		}
	}
	nl := "\n"
	if crlf {
		nl = "\r\n"
	}
	groups := map[string][]string{}
	for _, l := range lines {
		l = strings.TrimSuffix(l, "\n")
		if crlf {
			l = strings.TrimSuffix(l, "\r")
		}
		prefix, version := "", l
		if i := strings.IndexByte(l, '/'); i >= 0 {
			prefix, version = l[:i+1], l[i+1:]
		}
		groups[prefix] = append(groups[prefix], version)
	}
	prefixes := make([]string, 0, len(groups))
	for p := range groups {
		prefixes = append(prefixes, p)
	}
	slices.Sort(prefixes)
	if reverse {
		slices.Reverse(prefixes)
	}
	var b strings.Builder
	for _, p := range prefixes {
		versions := groups[p]
		kubeversion.Sort(versions)
		if reverse {
			slices.Reverse(versions)
		}
		for _, v := range versions {
			b.WriteString(p + v + nl)
		}
	}
	return b.String()
}
