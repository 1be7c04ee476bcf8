package main

import (
	"bytes"
	"fmt"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/diag"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// excludes is --exclude: globs, as path.Match reads them, of the files and
// directories under a PATH directory that lint skips. A glob matches a
// path relative to the PATH directory, with slashes, or its last element:
// "patches" skips every directory named patches, "webhook_in_*.yaml" those
// files wherever they are, "crd/patches/*" the files of one directory.
type excludes []string

func (x *excludes) String() string { return strings.Join(*x, ",") }

// Set adds a glob, refusing a malformed one.
func (x *excludes) Set(glob string) error {
	if _, err := path.Match(glob, ""); err != nil {
		return fmt.Errorf("%q: %v", glob, err)
	}
	*x = append(*x, glob)
	return nil
}

// match reports whether rel, a slash-separated path under a PATH
// directory, or its last element, matches a glob of x.
func (x excludes) match(rel string) bool {
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
func (l *linter) skip(e *env, root, p string, d fs.DirEntry) bool {
	if p == root {
		return false
	}
	if rel, err := filepath.Rel(root, p); err == nil && l.exclude.match(filepath.ToSlash(rel)) {
		return true
	}
	if d.IsDir() && d.Name() == "templates" && isChart(filepath.Dir(p)) {
		chart := filepath.Dir(p)
		fmt.Fprintf(e.stderr, "kubeversion lint: %s: skipped: the templates of a Helm chart; to lint them, render them: helm template %s | kubeversion lint -\n", diag.TextLine(p), diag.TextLine(chart))
		l.charts = append(l.charts, chart)
		return true
	}
	return false
}

// isChart reports whether dir holds a Helm chart: a Chart.yaml.
func isChart(dir string) bool {
	info, err := os.Stat(filepath.Join(dir, "Chart.yaml"))
	return err == nil && info.Mode().IsRegular()
}

// inputs says how eachInput reads a PATH.
type inputs struct {
	noKustomize bool // read a directory with a kustomization file by file
	// skip tells whether the walk of the directory root skips p, a file
	// or directory below it; nil skips nothing.
	skip func(root, p string, d fs.DirEntry) bool
}

// eachInput calls read with the name and text of each input of path:
// standard input for "-", a file, what kustomize builds of a directory
// with a kustomization file (as kubectl apply -k does), under the name
// "path (kustomize build)", or every .yaml, .yml and .json file under a
// directory. Under a directory, files that are not regular (pipes,
// devices, sockets, links to them) are skipped with a note, since reading
// one could wait for ever or never end. It stops at the first error,
// read's included.
func (in inputs) eachInput(e *env, path string, read func(name string, r io.Reader) error) error {
	readFile := func(p string) error {
		r, err := openInput(e.stdin, p)
		if err != nil {
			return err
		}
		defer r.Close()
		return read(p, r)
	}
	switch {
	case path == "-":
		return readFile(path)
	case !in.noKustomize && kustomizationIn(path):
		built, err := kustomizeBuild(path)
		if err != nil {
			return err
		}
		return read(path+" (kustomize build)", bytes.NewReader(built))
	}
	return filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case p == path && !d.IsDir(): // named: openInput says what it reads
			return readFile(p)
		case in.skip != nil && in.skip(path, p, d):
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		case d.IsDir() || !isManifestName(p):
			return nil
		case !d.Type().IsRegular():
			info, err := os.Stat(p) // follows a symbolic link
			if err != nil {
				return err
			}
			if !info.Mode().IsRegular() {
				fmt.Fprintf(e.stderr, "kubeversion lint: %s: skipped: %s, not a regular file\n", diag.TextLine(p), fileKind(info.Mode()))
				return nil
			}
		}
		return readFile(p)
	})
}
