package lint

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inputs"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/server"
	"github.com/kubeversion/kubeversion/crd"
)

// liveObjects are the live objects of --old by metadata.name, each with
// where it was read.
type liveObjects struct {
	crds  map[string]*crd.CustomResourceDefinition
	where map[string]inputs.Problem // File and Line of each
}

// newLiveObjects returns an empty set of live objects.
func newLiveObjects() liveObjects {
	return liveObjects{crds: map[string]*crd.CustomResourceDefinition{}, where: map[string]inputs.Problem{}}
}

// readOld reads the live objects of the files and directories of paths,
// as lint reads its PATHs (see walker.each). Two objects of one
// name are a problem, at the second, naming where the first is: which of
// them is live cannot be known, and taking the last one silently would
// check the update against what may be the wrong object.
func readOld(e *env, paths []string) (liveObjects, *inputs.Problem) {
	live := newLiveObjects()
	for _, path := range paths {
		if p := live.readPath(e, path); p != nil {
			return liveObjects{}, p
		}
	}
	return live, nil
}

// readPath reads the live objects of the inputs of path (see
// walker.each). A path that is no directory is opened as it is, so
// that a missing one is said as "open FILE: ...".
func (live *liveObjects) readPath(e *env, path string) *inputs.Problem {
	if info, err := os.Stat(path); path == "-" || err != nil || !info.IsDir() {
		r, err := inputs.OpenInput(e.stdin, path)
		if err != nil {
			return &inputs.Problem{File: path, Line: 0, Message: err.Error()}
		}
		defer r.Close()
		return live.read(path, r)
	}
	return inputs.Walker{Stdin: e.stdin, Stderr: e.stderr, KustomizeRemote: e.remote}.UntilProblem(path, live.read)
}

// read adds the CRDs of r, the text of file, to live, or returns the first
// problem.
func (live *liveObjects) read(file string, r io.Reader) *inputs.Problem {
	var first *inputs.Problem
	p := inputs.ReadStream(file, r, func(o inputs.Object) bool {
		if !o.IsCRD() {
			return true
		}
		c, p := server.DecodeOld(o)
		if p != nil {
			first = p
			return false
		}
		name := c.Metadata.Name
		if w, twice := live.where[name]; twice {
			first = &inputs.Problem{File: file, Line: o.Line, Message: fmt.Sprintf("a second live object named %q, after the one at %s:%d: --old must hold one object of each name", name, w.File, w.Line)}
			return false
		}
		live.crds[name], live.where[name] = c, inputs.Problem{File: file, Line: o.Line}
		return true
	})
	if first != nil {
		return first
	}
	return p
}

// oldObjects reads the live objects of data by metadata.name.
func oldObjects(file string, data []byte) (map[string]*crd.CustomResourceDefinition, *inputs.Problem) {
	live := newLiveObjects()
	if p := live.read(file, bytes.NewReader(data)); p != nil {
		return nil, p
	}
	return live.crds, nil
}

// noLiveObject marks r, a CRD checked as a create though --old was given,
// because --old holds no object of its name: its verdict says so, and a
// note on standard error too, since the user asked for an update check.
// It is no error: an update may well add a CRD.
func (l *Result) noLiveObject(r *report) {
	r.NoLiveObject = true
	r.Verdict = r.verdict()
	l.notes = append(l.notes, fmt.Sprintf("%s:%d: %s: --old %s holds no live object of this name: checked as a create, not as an update",
		r.File, r.Line, r.Name, strings.Join(l.oldPaths, " ")))
}

// removed is a live object of --old that no PATH has a CRD of: the
// finding of the crd-removed check, at the live object's line.
type removed struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Name    string `json:"name"`
	Level   level  `json:"level"`
	Message string `json:"message"`
	// Accepted says that --baseline accepts the finding (see
	// finding.Accepted).
	Accepted bool `json:"accepted,omitempty"`
}

// String returns the finding as lint prints it after "file:line: ".
func (r removed) String() string {
	return string(r.Level) + ": " + r.Name + ": " + r.Message + " [crd-removed]"
}

// checkRemoved lists, in the order of --old, the live objects of --old
// whose name no CRD of the paths had, at the level of crd-removed.
func (l *Result) checkRemoved() {
	lvl := l.levels.of(checkCRDRemoved, false)
	if l.old == nil || lvl == levelOff {
		return
	}
	seen := map[string]bool{}
	for _, r := range l.reports {
		seen[r.Name] = true
	}
	var names []string
	for name := range l.live.where {
		if !seen[name] {
			names = append(names, name)
		}
	}
	sortByPlace(names, l.live.where)
	for _, name := range names {
		w := l.live.where[name]
		r := removed{File: w.File, Line: w.Line, Name: name, Level: lvl,
			Message: "a live object of --old that no PATH has: if the new release no longer ships this CRD, deleting it (kubectl apply --prune, Argo CD or Flux pruning) deletes every object of it; if it moved, lint the file it moved to"}
		r.Accepted = l.baseline.accepts(r.baselineEntry())
		l.removed = append(l.removed, r)
		if lvl == levelError && !r.Accepted {
			l.invalid = true
		}
	}
}

// sortByPlace sorts names by where they were read: file, then line.
func sortByPlace(names []string, where map[string]inputs.Problem) {
	less := func(a, b string) int {
		wa, wb := where[a], where[b]
		if c := strings.Compare(wa.File, wb.File); c != 0 {
			return c
		}
		return wa.Line - wb.Line
	}
	slices.SortFunc(names, less)
}
