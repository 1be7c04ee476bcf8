package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// module is the import path of the module the command is in.
const module = "github.com/kubeversion/kubeversion"

// TestLinesortImports checks that package linesort, the engine of sort,
// stays below the command: it imports, directly or not, only the standard
// library and the module's packages outside cmd/, so that it can be read,
// tested and reused without the command's flags, messages and
// dependencies.
func TestLinesortImports(t *testing.T) {
	const pkg = module + "/cmd/kubeversion/internal/linesort"
	for _, dep := range nonStandardDeps(t, pkg) {
		inModule := dep == module || strings.HasPrefix(dep, module+"/")
		inCommand := strings.HasPrefix(dep, module+"/cmd/")
		if dep != pkg && !strings.HasPrefix(dep, pkg+"/") && (!inModule || inCommand) {
			t.Errorf("%s imports %s: it may import only the standard library and the module's packages outside cmd/", pkg, dep)
		}
	}
}

// nonStandardDeps returns the packages outside the standard library that
// pkg imports, directly or not, and pkg itself, as go list -deps lists
// them.
func nonStandardDeps(t *testing.T, pkg string) []string {
	t.Helper()
	deps := strings.Fields(goList(t, "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", pkg))
	if len(deps) == 0 {
		t.Fatalf("go list -deps %s listed nothing", pkg)
	}
	return deps
}

// goList returns what go list prints with args.
func goList(t *testing.T, args ...string) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command to list packages: %v", err)
	}
	out, err := exec.Command(goTool, append([]string{"list"}, args...)...).Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			t.Fatalf("go list %q: %v\n%s", args, err, ee.Stderr)
		}
		t.Fatalf("go list %q: %v", args, err)
	}
	return string(out)
}

// internalLayers lists the command's internal packages from the bottom
// up. A package may import the standard library, packages outside the
// command (the module's library, cel, Kubernetes, YAML) and the internal
// packages of the layers below its own; never one of its own layer, one
// above it, or package main.
var internalLayers = [][]string{
	{"diag", "blockyaml", "linesort", "inorder", "release", "lifecycle"},
	{"format", "inputs", "cluster"},
	{"server"},
	{"webhookcheck", "migratecmd", "auditcmd", "lint", "validate"},
}

// internalPrefix is the import path of the command's internal packages.
const internalPrefix = module + "/cmd/kubeversion/internal/"

// TestInternalLayers checks that the imports of the command's internal
// packages run one way, downwards, as internalLayers orders them, and
// that every internal package has its place there. It reads the imports
// of their non-test files as go list gives them; the packages of tests
// under them (webhookcheck/webhooktest) are left out.
func TestInternalLayers(t *testing.T) {
	layerOf := map[string]int{}
	for i, layer := range internalLayers {
		for _, name := range layer {
			layerOf[name] = i
		}
	}
	out := goList(t, "-f", "{{.ImportPath}}{{range .Imports}} {{.}}{{end}}", "./internal/...")
	seen := 0
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		fields := strings.Fields(line)
		name, ok := strings.CutPrefix(fields[0], internalPrefix)
		if !ok || strings.Contains(name, "/") {
			continue
		}
		seen++
		layer, ok := layerOf[name]
		if !ok {
			t.Errorf("internal/%s is in no layer of internalLayers", name)
			continue
		}
		for _, imp := range fields[1:] {
			if err := checkImport(name, layer, imp, layerOf); err != "" {
				t.Error(err)
			}
		}
	}
	if seen < len(layerOf) {
		t.Errorf("go list found %d internal packages, internalLayers lists %d", seen, len(layerOf))
	}
}

// checkImport says what is wrong with the import imp of the internal
// package name at layer, or returns "".
func checkImport(name string, layer int, imp string, layerOf map[string]int) string {
	const command = module + "/cmd/kubeversion"
	if imp != command && !strings.HasPrefix(imp, command+"/") {
		return "" // the standard library, or a package outside the command
	}
	dep, internal := strings.CutPrefix(imp, internalPrefix)
	dep, _, _ = strings.Cut(dep, "/")
	depLayer, listed := layerOf[dep]
	switch {
	case !internal:
		return "internal/" + name + " imports " + imp + ", the command itself"
	case !listed:
		return "internal/" + name + " imports " + imp + ", which is in no layer of internalLayers"
	case depLayer >= layer:
		return "internal/" + name + " (layer " + strconv.Itoa(layer) + ") imports internal/" + dep + " (layer " + strconv.Itoa(depLayer) + "), which is not below it"
	}
	return ""
}

// TestCheckImport checks that checkImport refuses what the layers forbid:
// without it, TestInternalLayers could pass by accepting anything.
func TestCheckImport(t *testing.T) {
	layerOf := map[string]int{"diag": 0, "inputs": 1, "format": 1, "server": 2}
	for _, tt := range []struct {
		name, imp string
		ok        bool
	}{
		{"inputs", "strings", true},
		{"inputs", internalPrefix + "diag", true},
		{"server", internalPrefix + "inputs", true},
		{"inputs", "go.yaml.in/yaml/v3", true},
		{"server", module + "/crd", true},
		{"diag", internalPrefix + "inputs", false},
		{"inputs", internalPrefix + "format", false},
		{"inputs", internalPrefix + "server", false},
		{"server", module + "/cmd/kubeversion", false},
		{"server", internalPrefix + "unlisted", false},
	} {
		err := checkImport(tt.name, layerOf[tt.name], tt.imp, layerOf)
		if (err == "") != tt.ok {
			t.Errorf("checkImport(%s, %s) = %q, want ok %v", tt.name, tt.imp, err, tt.ok)
		}
	}
}

// Package main's bounds: it binds flags, wires the engines of internal/
// and prints what they return. An engine that grows here belongs in a
// package of its own under internal/.
const (
	maxMainFiles = 20
	maxMainLines = 2000
)

// TestMainSize fails when package main's non-test Go files exceed
// maxMainFiles files or maxMainLines lines.
func TestMainSize(t *testing.T) {
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	files, lines := 0, 0
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		files++
		lines += bytes.Count(data, []byte("\n"))
	}
	if files > maxMainFiles || lines > maxMainLines {
		t.Errorf("package main has %d files and %d lines; at most %d and %d: move an engine to internal/", files, lines, maxMainFiles, maxMainLines)
	}
	t.Logf("package main: %d files, %d lines", files, lines)
}
