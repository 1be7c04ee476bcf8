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
	flags := newFlagSet(e, "lint", "[--old FILE] [--check NAME=LEVEL]... [--list-checks] [-o text|json|github] PATH...")
	oldFile := flags.String("old", "", "check each CRD of PATH as an update of the live object of the same\nmetadata.name in `FILE` (the output of kubectl get crd NAME -o yaml)")
	format := flags.String("o", "text", "print `text|json|github`: compiler-style lines, one JSON document, or GitHub\nActions annotations")
	levels := newCheckLevels()
	flags.Var(levels, "check", "set the upgrade check `NAME=LEVEL` to error, warning or off; NAME may be all,\nand several may be given, separated by commas, or in several --check flags.\nBy default the findings of comparing two served versions with each other are\nwarnings at most; a check set here keeps its level for them too")
	listChecks := flags.Bool("list-checks", false, "print the upgrade checks, each with its level, and exit")
	paths, status, ok := parseFlags(e, flags, args)
	if !ok {
		return status
	}
	if *listChecks {
		fmt.Fprint(e.stdout, levels.list())
		return exitOK
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
		if len(old) == 0 { // every CRD would be checked as created
			fmt.Fprintf(e.stderr, "kubeversion lint: --old %s: no CustomResourceDefinition found\n", *oldFile)
		}
	}

	l := linter{old: old, levels: levels}
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
	levels   *checkLevels
	reports  []report
	problems []problem // input that could not be read
	invalid  bool      // some CRD has errors, or upgrade findings at level error
}

// lintPath lints a file, every .yaml, .yml and .json file under a
// directory, or standard input for "-". A path without any
// CustomResourceDefinition is said on standard error, so that a wrong path
// does not pass for a clean one.
func (l *linter) lintPath(e *env, path string) {
	found, problems := 0, len(l.problems)
	if path == "-" {
		data, err := readFile(e, path)
		if err != nil {
			l.problems = append(l.problems, problem{path, 0, err.Error()})
			return
		}
		found = l.lintData(path, data)
	} else {
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
			found += l.lintData(p, data)
			return nil
		})
		if err != nil {
			l.problems = append(l.problems, problem{path, 0, err.Error()})
		}
	}
	if found == 0 && len(l.problems) == problems {
		fmt.Fprintf(e.stderr, "kubeversion lint: %s: no CustomResourceDefinition found\n", path)
	}
}

func isManifestName(p string) bool {
	ext := strings.ToLower(filepath.Ext(p))
	return ext == ".yaml" || ext == ".yml" || ext == ".json"
}

// lintData lints every CustomResourceDefinition in one file, and returns
// how many it found.
func (l *linter) lintData(file string, data []byte) int {
	objects, p := readObjects(file, data)
	if l.levels == nil {
		l.levels = newCheckLevels()
	}
	found := 0
	for _, o := range objects {
		if !o.isCRD() {
			continue
		}
		found++
		c, decodeErrs := decodeCRD(o)
		r := newReport(o, c, decodeErrs, l.old[metadataName(o)], l.levels)
		if errs, _ := r.countFindings(); len(r.Errors) > 0 || errs > 0 {
			l.invalid = true
		}
		l.reports = append(l.reports, r)
	}
	if p != nil {
		l.problems = append(l.problems, *p)
	}
	return found
}

// metadataName returns o's metadata.name, or "".
func metadataName(o object) string {
	meta, _ := o.fields["metadata"].(map[string]any)
	name, _ := meta["name"].(string)
	return name
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
	objects, p := readObjects(file, data)
	old := map[string]*crd.CustomResourceDefinition{}
	for _, o := range objects {
		if !o.isCRD() {
			continue
		}
		c, p := decodeOld(o)
		if p != nil {
			return nil, p
		}
		old[c.Metadata.Name] = c
	}
	if p != nil {
		return nil, p
	}
	return old, nil
}
