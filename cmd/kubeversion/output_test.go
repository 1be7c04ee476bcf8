package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/diag"
)

// forgery is a property name that, printed raw, would end lint's line,
// start a GitHub Actions workflow command, forge lint's own verdict and
// color the terminal.
const forgery = `x\n::warning file=README.md,line=1::looks good\nwidgets.example.com: valid on update\n\e[31mred ##[error]forged`

// forgingCRD has a property named forgery, of the schema SCHEMA.
var forgingCRD = crdNamed("widgets", `          "`+forgery+`": SCHEMA`+"\n")

// TestLintTextForgedLines fails when a name from the input can start a
// line of lint's text output: every line must start with the file name,
// or be one of the indented lines of a report, and hold no control
// character.
func TestLintTextForgedLines(t *testing.T) {
	// A bad default: an error whose field and message hold the name.
	file := writeTemp(t, "crd.yaml", strings.Replace(forgingCRD, "SCHEMA", "{type: string, default: 1}", 1))
	// As an update, the property is removed: a finding holds the name.
	live := writeTemp(t, "live.yaml", strings.Replace(forgingCRD, "SCHEMA", "{type: string}", 1))
	updated := writeTemp(t, "updated.yaml", strings.Replace(forgingCRD, `"`+forgery+`": SCHEMA`, `y: {type: string}`, 1))
	for _, args := range [][]string{{"lint", file}, {"lint", "--old", live, updated}} {
		var out, errOut bytes.Buffer
		run(&env{strings.NewReader(""), &out, &errOut}, args)
		if !strings.Contains(out.String(), `\n`) {
			t.Errorf("lint %q printed no escaped name:\n%s", args, out.String())
		}
		for _, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
			if !strings.HasPrefix(line, args[len(args)-1]+":") && !strings.HasPrefix(line, "  ") || strings.ContainsAny(line, "\x1b\r") || strings.Contains(line, diag.LegacyCommand) {
				t.Errorf("lint %q printed a line of the input's making: %q", args, line)
			}
		}
	}
}

// TestLintGitHubForgedCommands fails when a name from the input can start
// a workflow command of its own or put a control character in the log.
func TestLintGitHubForgedCommands(t *testing.T) {
	file := writeTemp(t, "crd.yaml", strings.Replace(forgingCRD, "SCHEMA", "{type: string, default: 1}", 1))
	var out, errOut bytes.Buffer
	run(&env{strings.NewReader(""), &out, &errOut}, []string{"lint", "-o", "github", file})
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 2 { // the error and the verdict
		t.Errorf("lint -o github printed %d lines, want 2:\n%s", len(lines), out.String())
	}
	for _, line := range lines {
		if !strings.HasPrefix(line, "::error file=") && !strings.HasPrefix(line, "::notice file=") || strings.ContainsAny(line, "\x1b\r") || strings.Contains(line, diag.LegacyCommand) {
			t.Errorf("lint -o github printed a line of the input's making: %q", line)
		}
	}
}
