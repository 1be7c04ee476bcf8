package inputs

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/diag"
)

// IsChart reports whether dir holds a Helm chart: a Chart.yaml.
func IsChart(dir string) bool {
	info, err := os.Stat(filepath.Join(dir, "Chart.yaml"))
	return err == nil && info.Mode().IsRegular()
}

// Walker says how each reads a PATH.
type Walker struct {
	Stdin       io.Reader // read for "-"
	Stderr      io.Writer // for the notes of files skipped
	NoKustomize bool      // read a directory with a kustomization file by file
	// KustomizeRemote lets kustomize fetch the URLs a kustomization names
	// (RemoteFlag); without it they are an error.
	KustomizeRemote bool
	// skip tells whether the walk of the directory root skips p, a file
	// or directory below it; nil skips nothing.
	Skip func(root, p string, d fs.DirEntry) bool
	// Command names the command in the notes: "kubeversion lint" if empty.
	Command string
	// Unreadable, if not nil, is given each entry under a directory that
	// cannot be read (a directory that cannot be listed, a file that
	// cannot be opened, a dangling link), and the walk goes on with the
	// rest; if nil, such an entry stops the walk with its error.
	Unreadable func(p string, err error)
}

// Each calls read with the name and text of each input of path:
// standard input for "-", a file, what kustomize builds of a directory
// with a kustomization file (as kubectl apply -k does), under the name
// "path (kustomize build)", or every .yaml, .yml and .json file under a
// directory. Under a directory, files that are not regular (pipes,
// devices, sockets, links to them) are skipped with a note, since reading
// one could wait for ever or never end. It stops at the first error,
// read's included, but for an entry below a directory that cannot be read,
// which goes to in.Unreadable if set.
func (in Walker) Each(path string, read func(name string, r io.Reader) error) error {
	readFile := func(p string) error {
		r, err := OpenInput(in.Stdin, p)
		if err != nil {
			return err
		}
		defer r.Close()
		return read(p, r)
	}
	switch {
	case path == "-":
		return readFile(path)
	case !in.NoKustomize && kustomizationIn(path):
		built, err := KustomizeBuild(path, in.KustomizeRemote)
		if err != nil {
			return err
		}
		return read(path+" (kustomize build)", bytes.NewReader(built))
	}
	command := in.Command
	if command == "" {
		command = "kubeversion lint"
	}
	return filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
		// unreadable passes over an entry below path that cannot be read,
		// if in.Unreadable takes it.
		unreadable := func(err error) error {
			if p == path || in.Unreadable == nil {
				return err
			}
			in.Unreadable(p, err)
			if d != nil && d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		switch {
		case err != nil:
			return unreadable(err)
		case p == path && !d.IsDir(): // named: OpenInput says what it reads
			return readFile(p)
		case in.Skip != nil && in.Skip(path, p, d):
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		case d.IsDir() || !IsManifestName(p):
			return nil
		case !d.Type().IsRegular():
			info, err := os.Stat(p) // follows a symbolic link
			if err != nil {
				return unreadable(err)
			}
			if !info.Mode().IsRegular() {
				fmt.Fprintf(in.Stderr, "%s: %s: skipped: %s, not a regular file\n", command, diag.TextLine(p), fileKind(info.Mode()))
				return nil
			}
		}
		r, err := OpenInput(in.Stdin, p)
		if err != nil {
			return unreadable(err)
		}
		defer r.Close()
		return read(p, r)
	})
}

// IsManifestName reports whether p names a manifest file: .yaml, .yml
// or .json, in any case.
func IsManifestName(p string) bool {
	ext := strings.ToLower(filepath.Ext(p))
	return ext == ".yaml" || ext == ".yml" || ext == ".json"
}

// UntilProblem calls read as Each does, and stops at the first problem
// read returns, which it returns; or the error that stopped the walk, as
// a problem of path; or nil.
func (in Walker) UntilProblem(path string, read func(name string, r io.Reader) *Problem) *Problem {
	var first *Problem
	err := in.Each(path, func(name string, r io.Reader) error {
		if first = read(name, r); first != nil {
			return errStopped
		}
		return nil
	})
	switch {
	case first != nil:
		return first
	case err != nil:
		return &Problem{File: path, Line: 0, Message: err.Error()}
	}
	return nil
}

// errStopped stops UntilProblem's walk at the first problem.
var errStopped = errors.New("stopped")

// EntryProblem is the problem of the entry p of a directory that could
// not be read (see Walker.Unreadable): at p, with err without p repeated.
func EntryProblem(p string, err error) Problem {
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Path == p {
		return Problem{File: p, Message: pe.Op + ": " + pe.Err.Error()}
	}
	return Problem{File: p, Message: err.Error()}
}
