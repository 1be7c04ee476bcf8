package validate

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"time"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/diag"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inorder"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inputs"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/lifecycle"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/server"
	"github.com/kubeversion/kubeversion/crd"
)

// Options are what a run of validate reads and how it judges: the
// command's flags and arguments.
type Options struct {
	// Paths are the OBJECTS: files, directories, - for Stdin.
	Paths []string
	// CRDPaths are the --crd paths, read for their CRDs alone.
	CRDPaths []string
	// OldPaths are the --old paths, of live objects; none to judge every
	// object as a create.
	OldPaths []string
	// Level is FieldStrict, FieldWarn or FieldIgnore (--validate).
	Level string
	// Namespace is the namespace of the namespaced objects that set none.
	Namespace string
	// AllowUnchecked is --allow-unchecked: objects not checked do not
	// fail the run.
	AllowUnchecked bool
	// NoKustomize reads a directory with a kustomization.yaml file by
	// file.
	NoKustomize bool
	// KubernetesRelease is the minor of the Kubernetes release whose
	// built-in kinds are served (--kubernetes-version); 0 for the pinned
	// release of package lifecycle.
	KubernetesRelease int
	// KustomizeRemote lets kustomize fetch what a kustomization names by
	// URL (--kustomize-remote).
	KustomizeRemote bool
	// Workers is how many objects are judged at once, in goroutines of
	// their own; 0 for runtime.GOMAXPROCS. Reports come in the same order
	// whatever their number.
	Workers int
	// Timeout bounds the time objects are judged for (--timeout), from
	// the start of Run; 0 for no bound. The objects not judged by then
	// are not checked. An object being judged when it passes is judged to
	// the end: its CEL rules are bounded by their cost, as the server
	// bounds them.
	Timeout time.Duration
	// NoObjects leaves ObjectReport.Object out of the reports of the
	// built-in objects the server would create, which spares a fifth of
	// their judging: for outputs that do not show it. The object is made
	// only where a later copy is judged as an update of it. Run ignores
	// it.
	NoObjects bool
	// Stdin is read for the path -; Stderr gets the notes of the reading
	// (inputs left out or skipped).
	Stdin  io.Reader
	Stderr io.Writer
}

// Result is what validate finds: the reports of the objects, in the
// order of the input (see [Stream]), when [Run] collects them.
type Result struct {
	Reports  []ObjectReport
	Summary  Summary
	Problems []inputs.Problem // input that could not be read
	// allowUnchecked is --allow-unchecked: objects not checked do not
	// fail the run.
	allowUnchecked bool
}

// Run judges the objects of opts as [Stream] does, and collects their
// reports in the Result.
func Run(opts Options) (*Result, error) {
	opts.NoObjects = false
	var reports []ObjectReport
	res, err := Stream(opts, func(r ObjectReport) error {
		r.readStored()
		reports = append(reports, r)
		return nil
	})
	if res != nil {
		res.Reports = reports
	}
	return res, err
}

// Stream reads the CRDs and the objects of opts and judges each object as
// the API server would, calling each with its report as soon as it is
// judged; the Result has the summary and the problems, and no reports.
// Input that cannot be read is a problem of the Result; the error is for
// --old that cannot be read, which stops the run before any object is
// judged, or the first error of each, which stops it where it is.
//
// Objects are judged as they are read, several at a time (see
// Options.Workers), and their reports passed on in the order of the
// input. What a judgement reads must not change under it: a CRD is added
// once the objects before it are judged, and an object waits while
// another of its group, kind and name is judged, so that a later copy is
// still judged as an update of the earlier one (see identity). No object
// is kept: memory does not grow with their number (see
// [inputs.Spool] for the little that is kept). The exception is a custom
// resource read before any CRD of its kind: a CRD of its group may
// follow, so it is judged, and reported, once all the input is read.
func Stream(opts Options, each func(ObjectReport) error) (*Result, error) {
	start := time.Now()
	spool := inputs.NewSpool()
	defer spool.Close()
	v := &validation{in: &reader{stdin: opts.Stdin, stderr: opts.Stderr, noKustomize: opts.NoKustomize, kustomizeRemote: opts.KustomizeRemote}, defs: &definitions{}, spool: spool}
	v.readCRDs(opts.CRDPaths)
	ck := &checker{defs: v.defs, level: opts.Level, namespace: opts.Namespace, validator: crd.NewObjectValidator(server.CELEvaluator()),
		applied: appliedObjects{spool: spool}, noObjects: opts.NoObjects}
	if ck.release = opts.KubernetesRelease; ck.release == 0 {
		ck.release = lifecycle.Load().Pinned
	}
	if len(opts.OldPaths) > 0 {
		live, p := v.in.readLive(opts.OldPaths)
		if p != nil {
			return nil, errors.New("--old: " + p.String())
		}
		ck.live = live
	}
	var summary Summary
	runner := &inorder.Runner[inputs.Object, ObjectReport]{Workers: opts.Workers,
		Run: func(o inputs.Object) ObjectReport {
			if opts.Timeout > 0 && time.Since(start) > opts.Timeout {
				r := newReport(o)
				r.Reason = "--timeout " + opts.Timeout.String() + " passed before it was judged"
				return r.judged(StatusNotChecked, r.Reason)
			}
			return ck.check(o)
		},
		Emit: func(o inputs.Object, r ObjectReport) error {
			ck.remember(o, r)
			summary.add(r)
			return each(r)
		},
	}
	if runner.Workers <= 0 {
		runner.Workers = runtime.GOMAXPROCS(0)
	}
	defer runner.Stop()
	v.judge = func(o inputs.Object) error {
		if runner.Workers > 1 {
			o = o.Kept() // judged after the stream has moved on
		}
		return runner.Add(o, identity(o))
	}
	v.wait, v.judgeable = runner.Wait, ck.judgeable
	if err := v.readObjects(opts.Paths); err != nil {
		return nil, err
	}
	for _, k := range v.later {
		o, err := spool.GetObject(k)
		if err != nil {
			return nil, errors.New("reading again an object read before its CRD: " + err.Error())
		}
		if err := v.judge(o); err != nil {
			return nil, err
		}
	}
	if err := v.wait(); err != nil {
		return nil, err
	}
	if summary.Objects == 0 && len(v.problems) == 0 {
		v.problems = append(v.problems, inputs.Problem{File: strings.Join(opts.Paths, " "), Message: "only CustomResourceDefinitions, no object of them to validate"})
	}
	summary.CRDs = v.defs.count
	return &Result{Summary: summary, Problems: v.problems, allowUnchecked: opts.AllowUnchecked}, nil
}

// validation is what validate reads, and judges as it reads.
type validation struct {
	in       *reader
	defs     *definitions
	problems []inputs.Problem // input that could not be read
	spool    *inputs.Spool
	// judge judges an object, or has it judged, and passes its report
	// on (see inorder.Runner); wait passes on those of every object given
	// it;
	// judgeable says whether an object can be judged when read (see
	// checker.judgeable).
	judge     func(inputs.Object) error
	wait      func() error
	judgeable func(inputs.Object) bool
	// later are the objects read before the CRDs that may judge them,
	// kept in the spool until all the input is read.
	later []inputs.KeptObject
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
			fmt.Fprintf(v.in.stderr, "kubeversion validate: --crd %s: %d object%s that are not CustomResourceDefinitions left out: give them as OBJECTS to validate them\n", diag.TextLine(path), others, server.Plural(others))
		}
	}
}

// readObjects reads the objects of the OBJECTS paths, and their CRDs,
// and judges each object that can be judged when read; the others wait
// in v.later. A path without any object is a problem, as kubectl apply
// refuses to apply nothing; so is a Helm chart with objects only in its
// templates. The error is the first of judging, which stops the reading.
func (v *validation) readObjects(paths []string) error {
	var stop error
	for _, path := range paths {
		found, objects, charts := 0, 0, len(v.in.charts)
		p := v.in.each(path, func(name string, r io.Reader) *inputs.Problem {
			var first *inputs.Problem
			p := inputs.TextStream(name, r, func(o inputs.Object) bool {
				found++
				switch {
				case o.IsCRD():
					// The objects before it are judged without it.
					if stop = v.wait(); stop != nil {
						return false
					}
					first = v.defs.add(o)
					return first == nil
				case v.judgeable(o):
					objects++
					stop = v.judge(o)
				default:
					objects++
					var k inputs.KeptObject
					if k, stop = v.spool.PutObject(o); stop == nil {
						v.later = append(v.later, k)
					}
				}
				return stop == nil
			})
			if first != nil {
				return first
			}
			return p
		})
		switch {
		case stop != nil:
			return stop
		case p != nil:
			v.problems = append(v.problems, *p)
		case objects == 0 && len(v.in.charts) > charts:
			chart := v.in.charts[charts]
			v.problems = append(v.problems, inputs.Problem{File: path, Message: "no object found outside the templates of the Helm chart " + chart + ": render them, helm template " + chart + " | kubeversion validate -"})
		case found == 0:
			v.problems = append(v.problems, inputs.Problem{File: path, Message: "no object found"})
		}
	}
	return nil
}

// Summary counts the objects by status.
type Summary struct {
	Objects    int `json:"objects"` // all but CRDs
	Valid      int `json:"valid"`
	Invalid    int `json:"invalid"`
	NoErrors   int `json:"noErrors"` // CEL rules not evaluated
	NotChecked int `json:"notChecked"`
	Skipped    int `json:"skipped"` // documents that are no Kubernetes objects
	CRDs       int `json:"crds"`    // CRDs read, from --crd and OBJECTS
	// Builtin and Custom count the objects of built-in kinds and the
	// custom resources among Objects.
	Builtin int `json:"builtin"`
	Custom  int `json:"custom"`
	// JudgedBy names the code that judged the content of built-in
	// objects, when any was judged: "Kubernetes 1.37.2".
	JudgedBy string `json:"judgedBy,omitempty"`
}

// add counts r.
func (s *Summary) add(r ObjectReport) {
	s.Objects++
	switch r.Class {
	case ClassBuiltin:
		s.Builtin++
	case ClassCustom:
		s.Custom++
	}
	if r.JudgedBy != "" {
		s.JudgedBy = r.JudgedBy
	}
	switch r.Status {
	case StatusValid:
		s.Valid++
	case StatusInvalid:
		s.Invalid++
	case StatusNoErrors:
		s.NoErrors++
	case StatusNotChecked:
		s.NotChecked++
	case StatusSkipped:
		s.Skipped++
	}
}

// Unchecked is how many custom resources were not checked in full.
func (s Summary) Unchecked() int { return s.NotChecked + s.NoErrors }

// String says it in a line, for example "4 objects (2 built-in, 1
// custom resource): 1 valid, 2 invalid, 1 skipped (no Kubernetes
// objects); 2 CustomResourceDefinitions; built-in objects judged by the
// API server code of Kubernetes 1.37.2". The classes are given when
// there are built-in objects.
func (s Summary) String() string {
	parts := []string{fmt.Sprintf("%d valid", s.Valid), fmt.Sprintf("%d invalid", s.Invalid)}
	if s.NoErrors > 0 {
		parts = append(parts, fmt.Sprintf("%d with no errors but CEL rules not evaluated", s.NoErrors))
	}
	if s.NotChecked > 0 {
		parts = append(parts, fmt.Sprintf("%d not checked", s.NotChecked))
	}
	if s.Skipped > 0 {
		parts = append(parts, fmt.Sprintf("%d skipped (no Kubernetes objects)", s.Skipped))
	}
	classes := ""
	if s.Builtin > 0 {
		classes = fmt.Sprintf(" (%d built-in, %d custom resource%s)", s.Builtin, s.Custom, server.Plural(s.Custom))
	}
	line := fmt.Sprintf("%d object%s%s: %s; %d CustomResourceDefinition%s",
		s.Objects, server.Plural(s.Objects), classes, strings.Join(parts, ", "), s.CRDs, server.Plural(s.CRDs))
	if s.JudgedBy != "" {
		line += "; built-in objects judged by the API server code of " + s.JudgedBy
	}
	return line
}

// identity names the objects whose judgements depend on each other: of
// one group, kind and metadata.name, whatever their namespace (which
// kubectl's context or the resource's scope may yet give them).
func identity(o inputs.Object) string {
	group, _ := server.SplitAPIVersion(o.Str("apiVersion"))
	return server.GroupKind(group, o.Str("kind")) + "\x00" + server.MetadataName(o)
}
