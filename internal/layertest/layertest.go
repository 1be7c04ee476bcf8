// Package layertest checks that the internal packages of a folder import
// one another one way, downwards, as a list of layers orders them: the
// layering tests of crd and of the command, each with its own rule for
// an import ([Rule]).
//
// Not in scope: which imports a folder allows, which each test's Rule
// says; packages outside internal, and their tests' imports.
package layertest

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Rule says what is wrong with the import imp of the internal package
// name at layer, given the layer of each package, or returns "".
type Rule func(name string, layer int, imp string, layerOf map[string]int) string

// Check fails the test for each folder of internal, in the current
// folder, that is in no layer of layers (listed from the bottom up), and
// for each import of its non-test Go files that rule refuses.
func Check(t testing.TB, layers [][]string, rule Rule) {
	t.Helper()
	layerOf := map[string]int{}
	for i, layer := range layers {
		for _, name := range layer {
			layerOf[name] = i
		}
	}
	dirs, err := os.ReadDir("internal")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		layer, ok := layerOf[d.Name()]
		if !ok {
			t.Errorf("internal/%s is in no layer of internalLayers", d.Name())
			continue
		}
		for _, imp := range imports(t, filepath.Join("internal", d.Name())) {
			if err := rule(d.Name(), layer, imp, layerOf); err != "" {
				t.Error(err)
			}
		}
	}
}

// imports returns the imports of the non-test Go files in dir.
func imports(t testing.TB, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var imps []string
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, spec := range file.Imports {
			imp, _ := strconv.Unquote(spec.Path.Value)
			if !slices.Contains(imps, imp) {
				imps = append(imps, imp)
			}
		}
	}
	return imps
}
