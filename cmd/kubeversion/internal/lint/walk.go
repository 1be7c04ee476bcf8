package lint

import (
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"strings"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/diag"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inputs"
)

// Excludes is --exclude: globs, as path.Match reads them, of the files and
// directories under a PATH directory that lint skips. A glob matches a
// path relative to the PATH directory, with slashes, or its last element:
// "patches" skips every directory named patches, "webhook_in_*.yaml" those
// files wherever they are, "crd/patches/*" the files of one directory.
type Excludes []string

func (x *Excludes) String() string { return strings.Join(*x, ",") }

// Set adds a glob, refusing a malformed one.
func (x *Excludes) Set(glob string) error {
	if _, err := path.Match(glob, ""); err != nil {
		return fmt.Errorf("%q: %v", glob, err)
	}
	*x = append(*x, glob)
	return nil
}

// match reports whether rel, a slash-separated path under a PATH
// directory, or its last element, matches a glob of x.
func (x Excludes) match(rel string) bool {
	for _, g := range x {
		if ok, _ := path.Match(g, rel); ok {
			return true
		}
		if ok, _ := path.Match(g, path.Base(rel)); ok {
			return true
		}
	}
	return false
}

// skip tells whether the walk of the PATH directory root skips p, a file
// or directory d below it: one that --exclude names, or the templates of
// a Helm chart, which are not manifests until helm template renders them
// (its crds directory is, and is read). It says on standard error why it
// skips a chart's templates, once per chart.
func (l *Result) skip(e *env, root, p string, d fs.DirEntry) bool {
	if p == root {
		return false
	}
	if rel, err := filepath.Rel(root, p); err == nil && l.exclude.match(filepath.ToSlash(rel)) {
		return true
	}
	if d.IsDir() && d.Name() == "templates" && inputs.IsChart(filepath.Dir(p)) {
		chart := filepath.Dir(p)
		fmt.Fprintf(e.stderr, "kubeversion lint: %s: skipped: the templates of a Helm chart; to lint them, render them: helm template %s | kubeversion lint -\n", diag.TextLine(p), diag.TextLine(chart))
		l.charts = append(l.charts, chart)
		return true
	}
	return false
}
