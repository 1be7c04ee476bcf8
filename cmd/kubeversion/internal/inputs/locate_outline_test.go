package inputs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kubeversion/kubeversion/crd"
	"go.yaml.in/yaml/v3"
)

// TestOutlineLocatorSameLines checks that a locator that walks the
// outline package blockyaml recorded finds, for every path into an
// object's text and for paths that leave it, the line that a locator
// walking the parsed node tree finds: the test data's manifests, and the
// files listed in $KUBEVERSION_YAML_CORPUS, one per line.
func TestOutlineLocatorSameLines(t *testing.T) {
	var files []string
	for _, dir := range []string{"../../testdata", "../../../../examples", "../../../../crd/testdata"} {
		filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && (strings.HasSuffix(path, ".yaml") || strings.HasSuffix(path, ".yml")) {
				files = append(files, path)
			}
			return nil
		})
	}
	if list := os.Getenv("KUBEVERSION_YAML_CORPUS"); list != "" {
		data, err := os.ReadFile(list)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, strings.Fields(string(data))...)
	}
	objects, paths := 0, 0
	for _, file := range files {
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		TextStream(file, f, func(o Object) bool {
			if o.outline == nil {
				return true
			}
			outlined, parsed := NewLocator(o), NewLocator(o)
			parsed.outline = nil
			if !parsed.parse() {
				t.Errorf("%s:%d: an outline, and no node tree", file, o.Line)
				return true
			}
			objects++
			for _, path := range pathsOf(parsed.node, 20000) {
				paths++
				if a, b := outlined.LineOf(path), parsed.LineOf(path); a != b {
					t.Errorf("%s:%d: LineOf(%v) is %d from the outline, %d from the node tree", file, o.Line, path, a, b)
				}
				if a, b := outlined.ObjectLineOf(path), parsed.ObjectLineOf(path); a != b {
					t.Errorf("%s:%d: ObjectLineOf(%v) is %d from the outline, %d from the node tree", file, o.Line, path, a, b)
				}
			}
			return !t.Failed()
		})
		f.Close()
		if t.Failed() {
			return
		}
	}
	if objects == 0 {
		t.Fatal("no object read with an outline")
	}
	t.Logf("%d paths of %d objects", paths, objects)
}

// pathsOf returns up to max paths into the tree under n: to each node, to
// the first item of a sequence with each key of its first mapping item
// (as a CRD's versions are found by name), and steps that leave the tree
// at each node, a missing key and indices out of range.
func pathsOf(n *yaml.Node, max int) [][]crd.PathStep {
	var out [][]crd.PathStep
	var visit func(n *yaml.Node, at []crd.PathStep)
	add := func(at []crd.PathStep, steps ...crd.PathStep) {
		if len(out) < max {
			out = append(out, append(append([]crd.PathStep(nil), at...), steps...))
		}
	}
	visit = func(n *yaml.Node, at []crd.PathStep) {
		if len(out) >= max {
			return
		}
		add(at)
		add(at, crd.PathStep{Kind: crd.StepName, Name: "no-such-field"})
		add(at, crd.PathStep{Kind: crd.StepIndex, Index: 1 << 20})
		add(at, crd.PathStep{Kind: crd.StepIndex, Index: -1}, crd.PathStep{Kind: crd.StepName, Name: "x"})
		switch n.Kind {
		case yaml.MappingNode:
			for k := 0; k+1 < len(n.Content); k += 2 {
				visit(n.Content[k+1], append(at, crd.PathStep{Kind: crd.StepName, Name: n.Content[k].Value}))
			}
		case yaml.SequenceNode:
			for i, item := range n.Content {
				if i == 0 && item.Kind == yaml.MappingNode {
					for k := 0; k+1 < len(item.Content); k += 2 {
						add(at, crd.PathStep{Kind: crd.StepName, Name: item.Content[k].Value}, crd.PathStep{Kind: crd.StepName, Name: item.Content[k].Value})
					}
				}
				visit(item, append(at, crd.PathStep{Kind: crd.StepIndex, Index: i}))
			}
		}
	}
	visit(n, nil)
	return out
}
