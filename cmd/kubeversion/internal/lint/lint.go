package lint

import (
	"bytes"
	"errors"
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

// env is where the engine reads standard input and writes its notes.
type env struct {
	stdin  io.Reader
	stderr io.Writer
	remote bool // --kustomize-remote, for --old as for PATHs
}

// Options is what "kubeversion lint" is asked, its flags bound.
type Options struct {
	Stdin  io.Reader // read for the PATH or --old "-"
	Stderr io.Writer // for notes on what is skipped or not found
	Paths  []string  // the PATH arguments, at least one
	// Old is --old: files or directories of live objects, or one cluster:.
	Old               []string
	Kubeconfig        string       // --kubeconfig
	Levels            *CheckLevels // --check; nil: the defaults
	NoKustomize       bool         // --no-kustomize
	KustomizeRemote   bool         // --kustomize-remote
	Quiet             bool         // --quiet
	Exclude           Excludes     // --exclude
	AllowEmpty        bool         // --allow-empty
	Baseline          string       // --baseline FILE
	WriteBaseline     string       // --write-baseline FILE
	Color             bool         // colour the levels of the text output
	KubernetesVersion string       // --kubernetes-version, "" for the newest
	Version           string       // of kubeversion, for -o sarif
}

// Run lints the paths of o and returns what it found, or an error, one
// line, when o cannot be run as given.
func Run(o Options) (*Result, error) {
	e := &env{stdin: o.Stdin, stderr: o.Stderr, remote: o.KustomizeRemote}
	oldFlag := o.Old
	levels := o.Levels
	if levels == nil {
		levels = NewCheckLevels()
	}
	j := server.Newest
	if o.KubernetesVersion != "" {
		minor, err := ParseRelease(o.KubernetesVersion)
		if err != nil {
			return nil, errors.New(diag.TextLine(err.Error()))
		}
		checker, _ := cel.NewCheckerFor(minor) // ParseRelease took minor
		j = server.NewJudge(checker, minor)
	}

	var base *Baseline
	switch {
	case o.Baseline != "" && o.WriteBaseline != "":
		return nil, errors.New("--baseline and --write-baseline: give one")
	case o.Baseline != "":
		var err error
		if base, err = readBaseline(o.Baseline); err != nil {
			return nil, errors.New("--baseline: " + diag.TextLine(err.Error()))
		}
	case o.WriteBaseline != "":
		base = &Baseline{all: true}
	}

	if inputs.StdinTwice(oldFlag, o.Paths) {
		return nil, errors.New("standard input (-) given twice: it can be read only once")
	}

	var live liveObjects
	var cluster *liveCluster
	switch {
	case slices.ContainsFunc(oldFlag, isCluster) && len(oldFlag) > 1:
		return nil, fmt.Errorf("--old %s: a cluster is the only --old when given", diag.TextLine(strings.Join(oldFlag, " ")))
	case len(oldFlag) == 1 && isCluster(oldFlag[0]):
		var err error
		if cluster, err = newLiveCluster(oldFlag[0], o.Kubeconfig); err != nil {
			return nil, fmt.Errorf("--old %s: %s", diag.TextLine(oldFlag[0]), diag.TextLine(err.Error()))
		}
		live = newLiveObjects()
	case o.Kubeconfig != "":
		//lint:ignore ST1005 the command's usage error, word for word: "cluster:" is the value --old takes
		return nil, errors.New("--kubeconfig needs --old cluster:")
	case len(oldFlag) > 0:
		var p *inputs.Problem
		if live, p = readOld(e, oldFlag); p != nil {
			return nil, errors.New("--old: " + diag.TextLine(p.String()))
		}
		if len(live.crds) == 0 { // every CRD would be checked as created
			fmt.Fprintf(e.stderr, "kubeversion lint: --old %s: no CustomResourceDefinition found\n", diag.TextLine(strings.Join(oldFlag, " ")))
		}
	}

	l := &Result{old: live.crds, oldPaths: oldFlag, live: live, cluster: cluster, levels: levels, judge: j, allowEmpty: o.AllowEmpty, exclude: o.Exclude, noKustomize: o.NoKustomize, kustomizeRemote: o.KustomizeRemote, quiet: o.Quiet, baseline: base, color: o.Color, version: o.Version}
	for _, path := range o.Paths {
		l.lintPath(e, path)
	}
	l.endEmpty(e)
	l.checkRemoved()
	return l, nil
}

// Notes are what the user should know of the run, each a line for
// standard error (without "kubeversion lint: "); none with --quiet.
func (l *Result) Notes() []string {
	if l.quiet {
		return nil
	}
	notes := make([]string, 0, len(l.notes))
	for _, note := range l.notes {
		notes = append(notes, diag.TextLine(note))
	}
	return notes
}

// Problems are the inputs that could not be read, exit status 2.
func (l *Result) Problems() []inputs.Problem { return l.problems }

// Invalid reports whether some CRD has errors, or findings at level error.
func (l *Result) Invalid() bool { return l.invalid }

// BaselineUnused is how many findings accepted by --baseline were not
// found; 0 with --quiet, or without --baseline.
func (l *Result) BaselineUnused() int {
	if l.quiet {
		return 0
	}
	return l.baseline.unused()
}

// WriteBaseline records every upgrade finding in the file path as accepted.
func (l *Result) WriteBaseline(path string) error {
	return WriteBaseline(path, l.baselineEntries())
}

// Result collects what lint finds, in the order of the input.
type Result struct {
	old      map[string]*crd.CustomResourceDefinition // nil without --old
	oldPaths []string                                 // --old
	live     liveObjects                              // read from --old
	cluster  *liveCluster                             // --old cluster:, nil otherwise
	removed  []removed                                // the crd-removed findings
	levels   *CheckLevels
	judge    *server.Judge // nil: server.Newest
	// allowEmpty makes an input without any CRD a note, not a problem.
	allowEmpty bool
	found      int              // CRDs found in all paths
	empty      []inputs.Problem // the paths without any
	exclude    Excludes         // --exclude
	// noKustomize reads a directory with a kustomization file by file.
	noKustomize bool
	// kustomizeRemote lets kustomize fetch what a kustomization names by URL.
	kustomizeRemote bool
	quiet           bool      // --quiet: errors only
	color           bool      // --color: colour the levels of the text output
	baseline        *Baseline // --baseline or --write-baseline; nil without
	charts          []string  // the Helm charts whose templates were skipped
	reports         []report
	problems        []inputs.Problem // input that could not be read
	notes           []string         // what the user should know, for standard error
	invalid         bool             // some CRD has errors, or upgrade findings at level error
	version         string           // of kubeversion, for -o sarif
}

// lintPath lints each input of path (see walker.each), leaving out
// what --exclude names and the templates of Helm charts (see skip), and
// notes a path without any CustomResourceDefinition for endEmpty.
func (l *Result) lintPath(e *env, path string) {
	found, problems, charts := 0, len(l.problems), len(l.charts)
	in := inputs.Walker{Stdin: e.stdin, Stderr: e.stderr, NoKustomize: l.noKustomize, KustomizeRemote: l.kustomizeRemote, Skip: func(root, p string, d fs.DirEntry) bool { return l.skip(e, root, p, d) },
		Unreadable: func(p string, err error) { l.problems = append(l.problems, inputs.EntryProblem(p, err)) }}
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
func (l *Result) endEmpty(e *env) {
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
func (l *Result) lintData(file string, data []byte) int {
	return l.lintReader(file, bytes.NewReader(data))
}

// lintReader lints every CustomResourceDefinition of one file, one
// document at a time, keeping only its report, and returns how many it
// found.
func (l *Result) lintReader(file string, r io.Reader) int {
	if l.levels == nil {
		l.levels = NewCheckLevels()
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
func (l *Result) lintObject(o inputs.Object) {
	loc := inputs.NewLocator(o)
	c, decodeErrs := server.DecodeCRD(o, loc)
	name := server.MetadataName(o)
	// Of the object as read, as big as the CRD, the report needs only the
	// name: the rest can go while the CRD is checked.
	o.SetFields(map[string]any{"metadata": map[string]any{"name": name}})
	// (o.Warnings stay, for the report.)
	j := l.judge
	if j == nil {
		j = server.Newest
	}
	old, ok := l.liveCRD(o, name)
	if !ok {
		return
	}
	r := newReport(o, loc, c, decodeErrs, old, l.levels, j, l.baseline)
	r.Warnings = o.Warnings
	if l.old != nil && l.old[name] == nil {
		l.noLiveObject(&r)
	}
	if errs, _ := r.countFindings(); len(r.Errors) > 0 || errs > 0 || r.requirementErrors() > 0 {
		l.invalid = true
	}
	l.reports = append(l.reports, r)
}
