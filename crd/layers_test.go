package crd

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

// internalLayers lists crd's internal packages from the bottom up: the
// wire types, the vocabulary of paths and errors, the models, the
// libraries that work on them, and the engines that crd's functions
// call. A package may import the standard library and the packages of the
// layers below its own; never one of its own layer, one above it, or crd.
var internalLayers = [][]string{
	{"api"},
	{"field"},
	{"names", "strfmt", "structural"},
	{"prune", "objectmeta", "openapi", "defaulting", "listtype"},
	{"decode", "validation", "object", "upgrade"},
}

const internalPrefix = "github.com/kubeversion/kubeversion/crd/internal/"

// jsonvaluePath is the module's package of JSON values, which imports only
// the standard library: every layer may use it, as it may use the
// standard library.
const jsonvaluePath = "github.com/kubeversion/kubeversion/internal/jsonvalue"

// TestInternalLayers checks that the imports of crd's internal packages
// run one way, downwards, as internalLayers orders them, and that every
// internal package has its place there.
func TestInternalLayers(t *testing.T) {
	layerOf := map[string]int{}
	for i, layer := range internalLayers {
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
		for _, imp := range packageImports(t, filepath.Join("internal", d.Name())) {
			if err := checkImport(d.Name(), layer, imp, layerOf); err != "" {
				t.Error(err)
			}
		}
	}
}

// checkImport says what is wrong with the import imp of the package name
// at layer, or returns "".
func checkImport(name string, layer int, imp string, layerOf map[string]int) string {
	if !strings.Contains(strings.SplitN(imp, "/", 2)[0], ".") || imp == jsonvaluePath {
		return "" // the standard library, or jsonvalue, which is below every layer
	}
	dep, internal := strings.CutPrefix(imp, internalPrefix)
	depLayer, listed := layerOf[dep]
	switch {
	case !internal || !listed:
		return "internal/" + name + " imports " + imp + ", which is neither the standard library nor a listed internal package"
	case depLayer >= layer:
		return "internal/" + name + " (layer " + strconv.Itoa(layer) + ") imports internal/" + dep + " (layer " + strconv.Itoa(depLayer) + "), which is not below it"
	}
	return ""
}

// packageImports returns the imports of the non-test Go files in dir.
func packageImports(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var imports []string
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		ast, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, spec := range ast.Imports {
			imp, _ := strconv.Unquote(spec.Path.Value)
			if !slices.Contains(imports, imp) {
				imports = append(imports, imp)
			}
		}
	}
	return imports
}

// TestCheckImport checks that checkImport refuses what the layers forbid:
// without it, TestInternalLayers could pass by accepting anything.
func TestCheckImport(t *testing.T) {
	layerOf := map[string]int{"field": 0, "structural": 1, "prune": 2, "names": 2}
	for _, tt := range []struct {
		name, imp string
		ok        bool
	}{
		{"structural", "strings", true},
		{"structural", internalPrefix + "field", true},
		{"prune", internalPrefix + "structural", true},
		{"field", internalPrefix + "structural", false},
		{"prune", internalPrefix + "names", false},
		{"structural", "github.com/kubeversion/kubeversion/crd", false},
		{"structural", "github.com/kubeversion/kubeversion", false},
		{"structural", internalPrefix + "unlisted", false},
		{"structural", "go.yaml.in/yaml/v3", false},
		{"prune", jsonvaluePath, true},
		{"prune", "github.com/kubeversion/kubeversion/internal/other", false},
	} {
		got := checkImport(tt.name, layerOf[tt.name], tt.imp, layerOf)
		if (got == "") != tt.ok {
			t.Errorf("checkImport(%s, %s) = %q, want ok %v", tt.name, tt.imp, got, tt.ok)
		}
	}
}

// maxFacadeFiles is the most non-test Go files crd's own folder may hold:
// it is a facade, its functions calling the engines under internal.
const maxFacadeFiles = 25

// TestFacadeSize checks that crd's own folder stays a facade: what does
// the work lives in the internal packages.
func TestFacadeSize(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var source []string
	for _, f := range files {
		if !strings.HasSuffix(f, "_test.go") {
			source = append(source, f)
		}
	}
	if len(source) > maxFacadeFiles {
		t.Errorf("crd has %d non-test Go files, more than %d: %v", len(source), maxFacadeFiles, source)
	}
}
