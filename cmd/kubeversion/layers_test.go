package main

import (
	"os/exec"
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
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command to list the imports of %s: %v", pkg, err)
	}
	out, err := exec.Command(goTool, "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", pkg).Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			t.Fatalf("go list -deps %s: %v\n%s", pkg, err, ee.Stderr)
		}
		t.Fatalf("go list -deps %s: %v", pkg, err)
	}
	deps := strings.Fields(string(out))
	if len(deps) == 0 {
		t.Fatalf("go list -deps %s listed nothing", pkg)
	}
	return deps
}
