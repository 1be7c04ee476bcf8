package main

import (
	"slices"
	"strings"
)

// group is the lines of one API group: prefix is the group and its slash
// ("apps/"), or "" for the core group and for lines without a slash;
// versions are the rest of each line.
type group struct {
	prefix   string
	versions []string
}

// groupLines splits lines of the form group/version at the first slash and
// returns the groups in byte order of their prefix, so the core group comes
// first. Input without any slash is one group, which reuses text.
func groupLines(text []string) []group {
	if !slices.ContainsFunc(text, func(s string) bool { return strings.Contains(s, "/") }) {
		return []group{{"", text}}
	}
	index := map[string]int{}
	var groups []group
	for _, line := range text {
		prefix, version := "", line
		if i := strings.IndexByte(line, '/'); i >= 0 {
			prefix, version = line[:i+1], line[i+1:]
		}
		k, ok := index[prefix]
		if !ok {
			k = len(groups)
			index[prefix] = k
			groups = append(groups, group{prefix: prefix})
		}
		groups[k].versions = append(groups[k].versions, version)
	}
	slices.SortFunc(groups, func(a, b group) int { return strings.Compare(a.prefix, b.prefix) })
	return groups
}
