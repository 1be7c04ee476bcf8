package main

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strings"

	"github.com/kubeversion/kubeversion/cel"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/diag"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inputs"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/server"
	"github.com/kubeversion/kubeversion/crd"
)

// runLint is "kubeversion lint [flags] PATH..." (see its --help).
func runLint(e *env, args []string) int {
	flags := newFlagSet(e, "lint", synopses["lint"])
	var oldFlag oldPaths
	flags.Var(&oldFlag, "old", "check each CRD of PATH as an update of the live object of the same\nmetadata.name in `FILE` (the output of kubectl get crd NAME -o yaml), or in the\nfiles of a directory; may be repeated. A live object that no PATH has is a\ncrd-removed finding. cluster: reads each live CRD of a PATH's name from the\ncluster of the current kubeconfig context, cluster:CONTEXT from that context's\n(then crd-removed is not checked: other CRDs of the cluster are no concern)")
	kubeconfig := flags.String("kubeconfig", "", "the kubeconfig `FILE` of --old cluster: (default $KUBECONFIG, then ~/.kube/config)")
	format := flags.String("o", "text", "print `text|json|github|markdown|sarif`: compiler-style lines, one JSON\ndocument, GitHub Actions annotations, Markdown for a step summary, or a\nSARIF 2.1.0 log for code scanning")
	levels := newCheckLevels()
	flags.Var(levels, "check", "set the upgrade check `NAME=LEVEL` to error, warning or off; NAME may be all,\nand several may be given, separated by commas, or in several --check flags.\nBy default the findings of comparing two served versions with each other are\nwarnings at most; a check set here keeps its level for them too")
	listChecks := flags.Bool("list-checks", false, "print the upgrade checks, each with its level, and exit")
	noKustomize := flags.Bool("no-kustomize", false, "read a PATH directory that holds a kustomization.yaml file by file, not as\nkubectl apply -k builds it")
	quiet := flags.Bool("quiet", false, "print only errors: the server's, and findings and requirements at level error\n(text output), and no notes about live objects on standard error")
	var exclude excludes
	flags.Var(&exclude, "exclude", "skip the files and directories under a PATH directory that `GLOB` matches\n(path.Match), by their path under it or by their name; may be repeated")
	allowEmpty := flags.Bool("allow-empty", false, "accept an input without any CustomResourceDefinition (by default an error,\nexit status 2, as kubectl apply refuses to apply nothing)")
	baselineFile := flags.String("baseline", "", "accept the upgrade findings recorded in `FILE` (written by --write-baseline):\nthey are not printed, counted or failed on, only new ones are")
	writeBaselineFile := flags.String("write-baseline", "", "record every upgrade finding in `FILE` as accepted, for --baseline, and\nfail only on the server's errors and problems")
	var color colorMode
	flags.Var(&color, "color", "colour the level of each finding in the text output: `auto|always|never`;\nauto colours on a terminal, unless NO_COLOR is set, and never in a pipe")
	release := flags.String("kubernetes-version", "", "judge CEL rules as the API server of Kubernetes `1.N` does (1.29 to 1.37),\nand make each field that 1.N rejects or drops an error")
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
		fmt.Fprintf(e.stderr, "kubeversion lint: -o %q: want text, json, github, markdown or sarif\n", *format)
		return exitError
	}
	if len(paths) == 0 {
		fmt.Fprintln(e.stderr, "kubeversion lint: no PATH given (use - for standard input)")
		return exitError
	}
	j := server.Newest
	if *release != "" {
		minor, err := parseRelease(*release)
		if err != nil {
			fmt.Fprintf(e.stderr, "kubeversion lint: %s\n", diag.TextLine(err.Error()))
			return exitError
		}
		checker, _ := cel.NewCheckerFor(minor) // parseRelease took minor
		j = server.NewJudge(checker, minor)
	}

	var base *baseline
	switch {
	case *baselineFile != "" && *writeBaselineFile != "":
		fmt.Fprintln(e.stderr, "kubeversion lint: --baseline and --write-baseline: give one")
		return exitError
	case *baselineFile != "":
		var err error
		if base, err = readBaseline(*baselineFile); err != nil {
			fmt.Fprintf(e.stderr, "kubeversion lint: --baseline: %s\n", diag.TextLine(err.Error()))
			return exitError
		}
	case *writeBaselineFile != "":
		base = &baseline{all: true}
	}

	if stdinTwice(oldFlag, paths) {
		fmt.Fprintln(e.stderr, "kubeversion lint: standard input (-) given twice: it can be read only once")
		return exitError
	}

	var live liveObjects
	var cluster *liveCluster
	switch {
	case slices.ContainsFunc(oldFlag, isCluster) && len(oldFlag) > 1:
		fmt.Fprintf(e.stderr, "kubeversion lint: --old %s: a cluster is the only --old when given\n", diag.TextLine(strings.Join(oldFlag, " ")))
		return exitError
	case len(oldFlag) == 1 && isCluster(oldFlag[0]):
		var err error
		if cluster, err = newLiveCluster(oldFlag[0], *kubeconfig); err != nil {
			fmt.Fprintf(e.stderr, "kubeversion lint: --old %s: %s\n", diag.TextLine(oldFlag[0]), diag.TextLine(err.Error()))
			return exitError
		}
		live = newLiveObjects()
	case *kubeconfig != "":
		fmt.Fprintln(e.stderr, "kubeversion lint: --kubeconfig needs --old cluster:")
		return exitError
	case len(oldFlag) > 0:
		var p *inputs.Problem
		if live, p = readOld(e, oldFlag); p != nil {
			fmt.Fprintf(e.stderr, "kubeversion lint: --old: %s\n", diag.TextLine(p.String()))
			return exitError
		}
		if len(live.crds) == 0 { // every CRD would be checked as created
			fmt.Fprintf(e.stderr, "kubeversion lint: --old %s: no CustomResourceDefinition found\n", diag.TextLine(strings.Join(oldFlag, " ")))
		}
	}

	l := linter{old: live.crds, oldPaths: oldFlag, live: live, cluster: cluster, levels: levels, judge: j, allowEmpty: *allowEmpty, exclude: exclude, noKustomize: *noKustomize, quiet: *quiet, baseline: base, color: color.on(e.stdout)}
	for _, path := range paths {
		l.lintPath(e, path)
	}
	l.endEmpty(e)
	l.checkRemoved()
	if err := write(e.stdout, &l); err != nil {
		fmt.Fprintf(e.stderr, "kubeversion lint: %v\n", err)
		return exitError
	}
	for _, note := range l.notes {
		if !l.quiet {
			fmt.Fprintln(e.stderr, "kubeversion lint: "+diag.TextLine(note))
		}
	}
	if *format == "text" {
		writeProblems(e.stderr, l.problems)
	}
	if n := base.unused(); n > 0 && !l.quiet {
		fmt.Fprintf(e.stderr, "kubeversion lint: --baseline %s: %d accepted finding%s no longer found: --write-baseline drops them\n", diag.TextLine(*baselineFile), n, server.Plural(n))
	}
	if *writeBaselineFile != "" {
		if err := writeBaseline(*writeBaselineFile, l.baselineEntries()); err != nil {
			fmt.Fprintf(e.stderr, "kubeversion lint: --write-baseline: %s\n", diag.TextLine(err.Error()))
			return exitError
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
	old      map[string]*crd.CustomResourceDefinition // nil without --old
	oldPaths []string                                 // --old
	live     liveObjects                              // read from --old
	cluster  *liveCluster                             // --old cluster:, nil otherwise
	removed  []removed                                // the crd-removed findings
	levels   *checkLevels
	judge    *server.Judge // nil: server.Newest
	// allowEmpty makes an input without any CRD a note, not a problem.
	allowEmpty bool
	found      int              // CRDs found in all paths
	empty      []inputs.Problem // the paths without any
	exclude    excludes         // --exclude
	// noKustomize reads a directory with a kustomization file by file.
	noKustomize bool
	quiet       bool      // --quiet: errors only
	color       bool      // --color: colour the levels of the text output
	baseline    *baseline // --baseline or --write-baseline; nil without
	charts      []string  // the Helm charts whose templates were skipped
	reports     []report
	problems    []inputs.Problem // input that could not be read
	notes       []string         // what the user should know, for standard error
	invalid     bool             // some CRD has errors, or upgrade findings at level error
}

// lintPath lints each input of path (see walker.each), leaving out
// what --exclude names and the templates of Helm charts (see skip), and
// notes a path without any CustomResourceDefinition for endEmpty.
func (l *linter) lintPath(e *env, path string) {
	found, problems, charts := 0, len(l.problems), len(l.charts)
	in := inputs.Walker{Stdin: e.stdin, Stderr: e.stderr, NoKustomize: l.noKustomize, Skip: func(root, p string, d fs.DirEntry) bool { return l.skip(e, root, p, d) }}
	err := in.Each(path, func(name string, r io.Reader) error {
		found += l.lintReader(name, r)
		return nil
	})
	if err != nil {
		l.problems = append(l.problems, inputs.Problem{File: path, Line: 0, Message: err.Error()})
	}
	if found == 0 && len(l.problems) == problems {
		msg := "no CustomResourceDefinition found"
		if len(l.charts) > charts {
			msg += " outside the templates of the Helm chart " + l.charts[charts] + ": render them, helm template " + l.charts[charts] + " | kubeversion lint -"
		}
		l.empty = append(l.empty, inputs.Problem{File: path, Message: msg})
	}
	l.found += found
}

// endEmpty says what paths held no CRD: on standard error, unless no path
// held any and --allow-empty is not given, when each is a problem, as
// kubectl apply refuses to apply nothing, so that a wrong path or an empty
// directory does not pass for a clean one.
func (l *linter) endEmpty(e *env) {
	if l.found == 0 && !l.allowEmpty {
		for _, p := range l.empty {
			p.Message += " (--allow-empty accepts an input without any)"
			l.problems = append(l.problems, p)
		}
		return
	}
	for _, p := range l.empty {
		fmt.Fprintf(e.stderr, "kubeversion lint: %s\n", diag.TextLine(p.String()))
	}
}

// lintData lints every CustomResourceDefinition in data, as lintReader.
func (l *linter) lintData(file string, data []byte) int {
	return l.lintReader(file, bytes.NewReader(data))
}

// lintReader lints every CustomResourceDefinition of one file, one
// document at a time, keeping only its report, and returns how many it
// found.
func (l *linter) lintReader(file string, r io.Reader) int {
	if l.levels == nil {
		l.levels = newCheckLevels()
	}
	found := 0
	var sniffer inputs.TemplateSniffer
	r = io.TeeReader(r, &sniffer)
	p := inputs.ReadStream(file, r, func(o inputs.Object) bool {
		if !o.IsCRD() {
			return true
		}
		found++
		l.lintObject(o)
		return true
	})
	if p != nil {
		if sniffer.Found {
			p.Message += inputs.TemplateHint
		}
		l.problems = append(l.problems, *p)
	}
	return found
}

// lintObject checks the CRD o, as an update when --old has a live object
// of its name, and appends its report.
func (l *linter) lintObject(o inputs.Object) {
	loc := inputs.NewLocator(o)
	c, decodeErrs := server.DecodeCRD(o, loc)
	name := server.MetadataName(o)
	// Of the object as read, as big as the CRD, the report needs only the
	// name: the rest can go while the CRD is checked.
	o.Fields = map[string]any{"metadata": map[string]any{"name": name}}
	j := l.judge
	if j == nil {
		j = server.Newest
	}
	old, ok := l.liveCRD(o, name)
	if !ok {
		return
	}
	r := newReport(o, loc, c, decodeErrs, old, l.levels, j, l.baseline)
	if l.old != nil && l.old[name] == nil {
		l.noLiveObject(&r)
	}
	if errs, _ := r.countFindings(); len(r.Errors) > 0 || errs > 0 || r.requirementErrors() > 0 {
		l.invalid = true
	}
	l.reports = append(l.reports, r)
}
