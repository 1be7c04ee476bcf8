package main

import (
	"bytes"
	"fmt"
	"io"

	"github.com/kubeversion/kubeversion/crd"
)

// readOld reads the live objects of --old by metadata.name, as oldStream.
func readOld(e *env, file string) (map[string]*crd.CustomResourceDefinition, *problem) {
	r, err := openInput(e, file)
	if err != nil {
		return nil, &problem{file, 0, err.Error()}
	}
	defer r.Close()
	return oldStream(file, r)
}

// oldObjects reads the live objects of data by metadata.name, as
// oldStream.
func oldObjects(file string, data []byte) (map[string]*crd.CustomResourceDefinition, *problem) {
	return oldStream(file, bytes.NewReader(data))
}

// oldStream reads the CRDs of r by metadata.name, or returns the first
// problem. Two objects of one name are a problem, at the second, naming
// the line of the first: which of them is live cannot be known, and
// taking the last one silently would check the update against what may be
// the wrong object.
func oldStream(file string, r io.Reader) (map[string]*crd.CustomResourceDefinition, *problem) {
	old := map[string]*crd.CustomResourceDefinition{}
	lines := map[string]int{}
	var first *problem
	p := readStream(file, r, func(o object) bool {
		if !o.isCRD() {
			return true
		}
		c, p := decodeOld(o)
		if p != nil {
			first = p
			return false
		}
		name := c.Metadata.Name
		if line, twice := lines[name]; twice {
			first = &problem{file, o.line, fmt.Sprintf("a second live object named %q, after the one at line %d: --old must hold one object of each name", name, line)}
			return false
		}
		old[name], lines[name] = c, o.line
		return true
	})
	if first != nil {
		return nil, first
	}
	if p != nil {
		return nil, p
	}
	return old, nil
}

// noLiveObject marks r, a CRD checked as a create though --old was given,
// because --old holds no object of its name: its verdict says so, and a
// note on standard error too, since the user asked for an update check.
// It is no error: an update may well add a CRD.
func (l *linter) noLiveObject(r *report) {
	r.NoLiveObject = true
	r.Verdict = r.verdict()
	l.notes = append(l.notes, fmt.Sprintf("%s:%d: %s: --old %s holds no live object of this name: checked as a create, not as an update",
		r.File, r.Line, r.Name, l.oldFile))
}

// stdinTwice reports whether standard input, "-", is given more than once
// among --old and the paths: the second reader would find it empty, and
// lint would check nothing.
func stdinTwice(oldFile string, paths []string) bool {
	n := 0
	if oldFile == "-" {
		n++
	}
	for _, p := range paths {
		if p == "-" {
			n++
		}
	}
	return n > 1
}
