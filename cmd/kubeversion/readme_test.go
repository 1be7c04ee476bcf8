package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// readmeExample is a "$ kubeversion ARGS" line of a console block of the
// README, and the lines that follow it up to the next "$" or the end of
// the block: what the command prints on standard output.
type readmeExample struct {
	line int
	args []string
	want string
}

// readmeExamples returns the examples of README.md that run kubeversion
// alone: commands with kubectl, pipes or redirections are left out.
func readmeExamples(text string) []readmeExample {
	var out []readmeExample
	inConsole := false
	var cur *readmeExample
	flush := func() {
		if cur != nil {
			out = append(out, *cur)
			cur = nil
		}
	}
	for i, line := range strings.Split(text, "\n") {
		switch {
		case line == "```console":
			inConsole = true
		case strings.HasPrefix(line, "```"):
			flush()
			inConsole = false
		case !inConsole:
		case strings.HasPrefix(line, "$ "):
			flush()
			fields := strings.Fields(strings.TrimPrefix(line, "$ "))
			if len(fields) > 1 && fields[0] == "kubeversion" && !strings.ContainsAny(line, "|<>") {
				cur = &readmeExample{line: i + 1, args: fields[1:]}
			}
		case cur != nil:
			cur.want += line + "\n"
		}
	}
	return out
}

// TestREADME runs the console examples of README.md from the repository
// root and compares their output, so that the README stays true.
func TestREADME(t *testing.T) {
	text, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	examples := readmeExamples(string(text))
	if len(examples) < 5 {
		t.Errorf("found %d examples in README.md, want at least 5", len(examples))
	}
	t.Logf("%d examples", len(examples))
	for _, ex := range examples {
		cmd := exec.Command(build(t), ex.args...)
		cmd.Dir = filepath.Join("..", "..")
		var stdout bytes.Buffer
		cmd.Stdout = &stdout
		var exit *exec.ExitError
		if err := cmd.Run(); err != nil && !errors.As(err, &exit) {
			t.Errorf("README.md:%d: kubeversion %q: %v", ex.line, ex.args, err)
			continue
		}
		if got := stdout.String(); got != ex.want {
			t.Errorf("README.md:%d: kubeversion %s prints\n%s\nREADME.md shows\n%s", ex.line, strings.Join(ex.args, " "), got, ex.want)
		}
	}
}
