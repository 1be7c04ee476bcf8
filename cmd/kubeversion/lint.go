package main

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/kubeversion/kubeversion/crd"
)

// runLint is "kubeversion lint [--old FILE] [-o text|json|github] PATH...".
func runLint(e *env, args []string) int {
	flags := newFlagSet(e, "lint", "[--old FILE] [-o text|json|github] PATH...")
	oldFile := flags.String("old", "", "the live objects (kubectl get crd NAME -o yaml): check each CRD of PATH as an update of the one of the same metadata.name")
	format := flags.String("o", "text", "output format: text, json or github (GitHub Actions annotations)")
	paths, status, ok := parseFlags(e, flags, args)
	if !ok {
		return status
	}
	write, ok := writers[*format]
	if !ok {
		fmt.Fprintf(e.stderr, "kubeversion lint: -o %q: want text, json or github\n", *format)
		return exitError
	}
	if len(paths) == 0 {
		fmt.Fprintln(e.stderr, "kubeversion lint: no PATH given (use - for standard input)")
		return exitError
	}

	var old map[string]*crd.CustomResourceDefinition
	if *oldFile != "" {
		var p *problem
		if old, p = readOld(e, *oldFile); p != nil {
			fmt.Fprintf(e.stderr, "kubeversion lint: --old: %s\n", p)
			return exitError
		}
	}

	var l linter
	l.old = old
	for _, path := range paths {
		l.lintPath(e, path)
	}
	if err := write(e.stdout, &l); err != nil {
		fmt.Fprintf(e.stderr, "kubeversion lint: %v\n", err)
		return exitError
	}
	if *format == "text" {
		for _, p := range l.problems {
			fmt.Fprintln(e.stderr, p)
		}
	}
	switch {
	case len(l.problems) > 0:
		return exitError
	case l.invalid:
		return exitInvalid
	}
	return exitOK
}

// linter collects what lint finds, in the order of the input.
type linter struct {
	old      map[string]*crd.CustomResourceDefinition
	reports  []report
	problems []problem // input that could not be read
	invalid  bool      // some CRD has errors
}

// lintPath lints a file, every .yaml, .yml and .json file under a
// directory, or standard input for "-".
func (l *linter) lintPath(e *env, path string) {
	if path == "-" {
		data, err := readFile(e, path)
		if err != nil {
			l.problems = append(l.problems, problem{path, 0, err.Error()})
			return
		}
		l.lintData(path, data)
		return
	}
	err := filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || (p != path && !isManifestName(p)) {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		l.lintData(p, data)
		return nil
	})
	if err != nil {
		l.problems = append(l.problems, problem{path, 0, err.Error()})
	}
}

func isManifestName(p string) bool {
	ext := strings.ToLower(filepath.Ext(p))
	return ext == ".yaml" || ext == ".yml" || ext == ".json"
}

// lintData lints every CustomResourceDefinition in one file.
func (l *linter) lintData(file string, data []byte) {
	for _, d := range readCRDs(file, data) {
		if d.problem != nil {
			l.problems = append(l.problems, *d.problem)
			continue
		}
		r := newReport(d.object, d.crd, l.old[d.crd.Metadata.Name])
		if len(r.Errors) > 0 {
			l.invalid = true
		}
		l.reports = append(l.reports, r)
	}
}

// decoded is a CRD of a file, or the problem that kept it from being read.
type decoded struct {
	object
	crd     *crd.CustomResourceDefinition
	problem *problem
}

// readCRDs returns the CustomResourceDefinitions of a file, and the
// problems met reading it, in file order; other kinds are skipped.
func readCRDs(file string, data []byte) []decoded {
	objects, p := readObjects(file, data)
	var out []decoded
	for _, o := range objects {
		if o.isCRD() {
			c, p := o.decode()
			out = append(out, decoded{o, c, p})
		}
	}
	if p != nil {
		out = append(out, decoded{problem: p})
	}
	return out
}

// readFile reads a file, or standard input for "-".
func readFile(e *env, path string) ([]byte, error) {
	if path == "-" {
		return io.ReadAll(e.stdin)
	}
	return os.ReadFile(path)
}

// readOld reads the live objects of --old by metadata.name.
func readOld(e *env, file string) (map[string]*crd.CustomResourceDefinition, *problem) {
	data, err := readFile(e, file)
	if err != nil {
		return nil, &problem{file, 0, err.Error()}
	}
	return oldObjects(file, data)
}

// oldObjects reads the CRDs of data by metadata.name, or returns the first
// problem.
func oldObjects(file string, data []byte) (map[string]*crd.CustomResourceDefinition, *problem) {
	old := map[string]*crd.CustomResourceDefinition{}
	for _, d := range readCRDs(file, data) {
		if d.problem != nil {
			return nil, d.problem
		}
		old[d.crd.Metadata.Name] = d.crd
	}
	return old, nil
}
