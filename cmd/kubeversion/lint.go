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
		data, err := io.ReadAll(e.stdin)
		if err != nil {
			l.problems = append(l.problems, problem{"-", 0, err.Error()})
			return
		}
		l.lintData("-", data)
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
	objects, p := readObjects(file, data)
	if p != nil {
		l.problems = append(l.problems, *p)
	}
	for _, o := range objects {
		if !o.isCRD() {
			continue
		}
		c, p := o.decode()
		if p != nil {
			l.problems = append(l.problems, *p)
			continue
		}
		r := newReport(o, c, l.old[c.Metadata.Name])
		if len(r.Errors) > 0 {
			l.invalid = true
		}
		l.reports = append(l.reports, r)
	}
}

// readOld reads the live objects of --old by metadata.name.
func readOld(e *env, file string) (map[string]*crd.CustomResourceDefinition, *problem) {
	var data []byte
	var err error
	if file == "-" {
		data, err = io.ReadAll(e.stdin)
	} else {
		data, err = os.ReadFile(file)
	}
	if err != nil {
		return nil, &problem{file, 0, err.Error()}
	}
	return oldObjects(file, data)
}

// oldObjects reads the CRDs of data by metadata.name.
func oldObjects(file string, data []byte) (map[string]*crd.CustomResourceDefinition, *problem) {
	objects, p := readObjects(file, data)
	if p != nil {
		return nil, p
	}
	old := map[string]*crd.CustomResourceDefinition{}
	for _, o := range objects {
		if !o.isCRD() {
			continue
		}
		c, p := o.decode()
		if p != nil {
			return nil, p
		}
		old[c.Metadata.Name] = c
	}
	return old, nil
}
