package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// inputExpr matches an expression of an input, ${{ inputs.NAME }}.
var inputExpr = regexp.MustCompile(`\$\{\{\s*inputs\.([-\w]+)\s*\}\}`)

// stepRun is one run of a step of action.yml.
type stepRun struct {
	inputs  map[string]string // beyond the defaults
	path    []string          // directories before $PATH
	env     []string          // more of the environment, NAME=VALUE
	dir     string            // the work directory, GITHUB_WORKSPACE
	temp    string            // RUNNER_TEMP, GITHUB_PATH and GITHUB_STEP_SUMMARY are there
	status  int
	output  string // standard output and error
	summary string // what the step wrote to GITHUB_STEP_SUMMARY
	ghPath  string // and to GITHUB_PATH
}

// run runs step s as the runner runs a run step of a composite action: its
// env with the inputs substituted, the script in a file run by bash
// --noprofile --norc -eo pipefail.
func (r *stepRun) run(t *testing.T, a actionFile, s actionStep) {
	t.Helper()
	bash := needShell(t, "bash")
	if s.Shell != "bash" {
		t.Fatalf("step %q has shell %q, want bash", s.Name, s.Shell)
	}
	r.temp = t.TempDir()
	script := filepath.Join(r.temp, "step.sh")
	if err := os.WriteFile(script, []byte(s.Run), 0o644); err != nil {
		t.Fatal(err)
	}
	summary, ghPath := filepath.Join(r.temp, "summary.md"), filepath.Join(r.temp, "path")
	// The environment of the test (where build sets what makes the test
	// binary run as kubeversion), then the runner's variables, then the
	// step's: the last of a name wins.
	env := append(os.Environ(),
		"PATH="+strings.Join(append(r.path, os.Getenv("PATH")), string(os.PathListSeparator)),
		"HOME="+r.temp,
		"RUNNER_TEMP="+r.temp,
		"GITHUB_WORKSPACE="+r.dir,
		"GITHUB_STEP_SUMMARY="+summary,
		"GITHUB_PATH="+ghPath,
	)
	env = append(env, r.env...)
	for k, v := range s.Env {
		env = append(env, k+"="+inputExpr.ReplaceAllStringFunc(v, func(expr string) string {
			name := inputExpr.FindStringSubmatch(expr)[1]
			if v, ok := r.inputs[name]; ok {
				return v
			}
			if _, ok := a.Inputs[name]; !ok {
				t.Fatalf("step %q: env %s names the input %s, which action.yml does not declare", s.Name, k, name)
			}
			return a.Inputs[name].Default
		}))
	}
	cmd := exec.Command(bash, "--noprofile", "--norc", "-eo", "pipefail", script)
	cmd.Env, cmd.Dir = env, r.dir
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		r.status = exit.ExitCode()
	case err != nil:
		t.Fatalf("step %q: %v", s.Name, err)
	}
	r.output = string(out)
	data, _ := os.ReadFile(summary)
	r.summary = string(data)
	data, _ = os.ReadFile(ghPath)
	r.ghPath = string(data)
}
