package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/diag"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inputs"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/server"
	"github.com/kubeversion/kubeversion/crd"
)

// runValidate is "kubeversion validate [flags] OBJECTS..." (see its --help).
func runValidate(e *env, args []string) int {
	flags := newFlagSet(e, "validate", synopses["validate"])
	var crdPaths, oldFlag oldPaths
	flags.Var(&crdPaths, "crd", "read CustomResourceDefinitions from `PATH` (a file, a directory, - for standard\ninput), besides those of OBJECTS; may be repeated")
	flags.Var(&oldFlag, "old", "check each object as an update of its live object in `PATH` (the output of\nkubectl get -o yaml): the object of the same group, kind, namespace and name;\nmay be repeated. An object without one is checked as a create")
	level := flags.String("validate", fieldStrict, "what to do with unknown and duplicate fields, as kubectl's --validate:\n`strict|warn|ignore`. strict: the API server refuses the object before\nvalidation; warn: warnings, and the object is validated; ignore: nothing;\ntrue and false are strict and ignore")
	namespace := flags.String("namespace", "default", "put the namespaced objects that set no namespace in `NAME`, as kubectl puts\nthem in its context's")
	allowUnchecked := flags.Bool("allow-unchecked", false, "exit with status 0 even when objects are not checked (no CRD of their kind in\nthe input, or a CRD the API server rejects), if none is invalid")
	noKustomize := flags.Bool("no-kustomize", false, "read an OBJECTS directory that holds a kustomization.yaml file by file, not\nas kubectl apply -k builds it")
	format := flags.String("o", "text", "print `text|json|github|sarif`: a line per object and per error, one JSON\ndocument with what the API server stores of each valid object, GitHub Actions\nannotations, or a SARIF 2.1.0 log for code scanning")
	paths, status, ok := parseFlags(e, flags, args)
	if !ok {
		return status
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintln(e.stderr, diag.TextLine(fmt.Sprintf("kubeversion validate: "+format, a...)))
		return exitError
	}
	switch *level {
	case "true":
		*level = fieldStrict
	case "false":
		*level = fieldIgnore
	case fieldStrict, fieldWarn, fieldIgnore:
	default:
		return fail("--validate %q: want strict, warn or ignore", *level)
	}
	write, ok := validateWriters[*format]
	if !ok {
		return fail("-o %q: want text, json, github or sarif", *format)
	}
	if len(paths) == 0 {
		return fail("no OBJECTS given (use - for standard input)")
	}
	if stdinTwice(append(append([]string{}, crdPaths...), oldFlag...), paths) {
		return fail("standard input (-) given twice: it can be read only once")
	}

	v := &validation{in: &validateInputs{e: e, noKustomize: *noKustomize}, defs: &definitions{}, allowUnchecked: *allowUnchecked}
	v.readCRDs(crdPaths)
	v.readObjects(paths)
	if len(v.objects) == 0 && len(v.problems) == 0 {
		v.problems = append(v.problems, inputs.Problem{File: strings.Join(paths, " "), Message: "only CustomResourceDefinitions, no object of them to validate"})
	}
	ck := &objectChecker{defs: v.defs, level: *level, namespace: *namespace, validator: crd.NewObjectValidator(server.CELEvaluator())}
	if len(oldFlag) > 0 {
		live, p := v.in.readLive(oldFlag)
		if p != nil {
			return fail("--old: %s", p.String())
		}
		ck.live = live
	}
	for _, o := range v.objects {
		v.reports = append(v.reports, ck.check(o))
	}
	v.summary = summarize(v.reports, v.defs.count)
	if err := write(e.stdout, v); err != nil {
		return fail("%v", err)
	}
	if *format == "text" {
		writeProblems(e.stderr, v.problems)
	}
	switch {
	case len(v.problems) > 0:
		return exitError
	case v.summary.Invalid > 0:
		return exitInvalid
	case v.summary.unchecked() > 0 && !*allowUnchecked:
		n := v.summary.unchecked()
		fmt.Fprintf(e.stderr, "kubeversion validate: %d custom resource%s not checked in full: exit status 1 (--allow-unchecked accepts them)\n", n, server.Plural(n))
		return exitInvalid
	}
	return exitOK
}

// validation is what validate reads and finds, in the order of the input.
type validation struct {
	in       *validateInputs
	defs     *definitions
	objects  []inputs.Object // of OBJECTS, CRDs aside
	reports  []objectReport
	summary  validateSummary
	problems []inputs.Problem // input that could not be read
	// allowUnchecked is --allow-unchecked: objects not checked do not
	// fail the run.
	allowUnchecked bool
}

// readCRDs reads the CRDs of the --crd paths; a path without any is a
// problem, and objects in them are left out, with a note.
func (v *validation) readCRDs(paths []string) {
	for _, path := range paths {
		found, others := 0, 0
		p := v.in.each(path, func(name string, r io.Reader) *inputs.Problem {
			var first *inputs.Problem
			p := inputs.ReadStream(name, r, func(o inputs.Object) bool {
				if !o.IsCRD() {
					others++
					return true
				}
				found++
				first = v.defs.add(o)
				return first == nil
			})
			if first != nil {
				return first
			}
			return p
		})
		switch {
		case p != nil:
			v.problems = append(v.problems, *p)
		case found == 0:
			v.problems = append(v.problems, inputs.Problem{File: path, Message: "--crd: no CustomResourceDefinition found"})
		}
		if others > 0 {
			fmt.Fprintf(v.in.e.stderr, "kubeversion validate: --crd %s: %d object%s that are not CustomResourceDefinitions left out: give them as OBJECTS to validate them\n", diag.TextLine(path), others, server.Plural(others))
		}
	}
}

// inputs.ReadObjects reads the objects of the OBJECTS paths, and their CRDs. A
// path without any object is a problem, as kubectl apply refuses to apply
// nothing; so is a Helm chart with objects only in its templates.
func (v *validation) readObjects(paths []string) {
	for _, path := range paths {
		found, objects, charts := 0, len(v.objects), len(v.in.charts)
		p := v.in.each(path, func(name string, r io.Reader) *inputs.Problem {
			var first *inputs.Problem
			p := inputs.KeepStream(name, r, func(o inputs.Object) {
				found++
				switch {
				case first != nil:
				case o.IsCRD():
					first = v.defs.add(o)
				default:
					v.objects = append(v.objects, o)
				}
			})
			if first != nil {
				return first
			}
			return p
		})
		switch {
		case p != nil:
			v.problems = append(v.problems, *p)
		case len(v.objects) == objects && len(v.in.charts) > charts:
			chart := v.in.charts[charts]
			v.problems = append(v.problems, inputs.Problem{File: path, Message: "no object found outside the templates of the Helm chart " + chart + ": render them, helm template " + chart + " | kubeversion validate -"})
		case found == 0:
			v.problems = append(v.problems, inputs.Problem{File: path, Message: "no object found"})
		}
	}
}

// validateSummary counts the objects by status.
type validateSummary struct {
	Objects    int `json:"objects"` // all but CRDs
	Valid      int `json:"valid"`
	Invalid    int `json:"invalid"`
	NoErrors   int `json:"noErrors"` // CEL rules not evaluated
	NotChecked int `json:"notChecked"`
	Skipped    int `json:"skipped"` // built-in kinds, and documents that are no Kubernetes objects
	CRDs       int `json:"crds"`    // CRDs read, from --crd and OBJECTS
}

func summarize(reports []objectReport, crds int) validateSummary {
	s := validateSummary{Objects: len(reports), CRDs: crds}
	for _, r := range reports {
		switch r.Status {
		case statusValid:
			s.Valid++
		case statusInvalid:
			s.Invalid++
		case statusNoErrors:
			s.NoErrors++
		case statusNotChecked:
			s.NotChecked++
		case statusSkipped:
			s.Skipped++
		}
	}
	return s
}

// unchecked is how many custom resources were not checked in full.
func (s validateSummary) unchecked() int { return s.NotChecked + s.NoErrors }

// String says it in a line, for example "4 objects: 1 valid, 2 invalid,
// 1 skipped (not custom resources); 2 CustomResourceDefinitions".
func (s validateSummary) String() string {
	parts := []string{fmt.Sprintf("%d valid", s.Valid), fmt.Sprintf("%d invalid", s.Invalid)}
	if s.NoErrors > 0 {
		parts = append(parts, fmt.Sprintf("%d with no errors but CEL rules not evaluated", s.NoErrors))
	}
	if s.NotChecked > 0 {
		parts = append(parts, fmt.Sprintf("%d not checked", s.NotChecked))
	}
	if s.Skipped > 0 {
		parts = append(parts, fmt.Sprintf("%d skipped (not custom resources)", s.Skipped))
	}
	return fmt.Sprintf("%d object%s: %s; %d CustomResourceDefinition%s", s.Objects, server.Plural(s.Objects), strings.Join(parts, ", "), s.CRDs, server.Plural(s.CRDs))
}
