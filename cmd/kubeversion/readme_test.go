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
// README or a page under docs/, and the lines that follow it up to the
// next "$" or the end of the block: what the command prints on standard
// output.
type readmeExample struct {
	line int
	args []string
	want string
}

// readmeExamples returns the examples of a Markdown text that run
// kubeversion alone: commands with kubectl, pipes or redirections are left
// out.
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

// readmeMinExamples and docsMinExamples are the runnable examples that
// TestREADME finds in README.md and in README.md and docs/*.md together:
// fewer means that an example was lost, or no longer runs because its
// block or its "$ kubeversion" line changed.
const (
	readmeMinExamples = 6
	docsMinExamples   = 12
)

// docFiles returns the documentation that TestREADME reads, relative to the repository root: README.md, then docs/*.md.
func docFiles(t *testing.T) []string {
	t.Helper()
	pages, err := filepath.Glob(filepath.Join("..", "..", "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) == 0 {
		t.Fatal("no docs/*.md")
	}
	files := []string{"README.md"}
	for _, p := range pages {
		rel, err := filepath.Rel(filepath.Join("..", ".."), p)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, filepath.ToSlash(rel))
	}
	return files
}

// TestREADME runs the console examples of README.md and of the pages
// under docs/ from the repository root and compares their output, so that
// the documentation stays true.
func TestREADME(t *testing.T) {
	total := 0
	for _, name := range docFiles(t) {
		text, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(name)))
		if err != nil {
			t.Fatal(err)
		}
		examples := readmeExamples(string(text))
		if name == "README.md" && len(examples) < readmeMinExamples {
			t.Errorf("found %d examples in README.md, want at least %d", len(examples), readmeMinExamples)
		}
		total += len(examples)
		t.Logf("%s: %d examples", name, len(examples))
		for _, ex := range examples {
			cmd := exec.Command(build(t), ex.args...)
			cmd.Dir = filepath.Join("..", "..")
			var stdout bytes.Buffer
			cmd.Stdout = &stdout
			var exit *exec.ExitError
			if err := cmd.Run(); err != nil && !errors.As(err, &exit) {
				t.Errorf("%s:%d: kubeversion %q: %v", name, ex.line, ex.args, err)
				continue
			}
			if got := stdout.String(); got != ex.want {
				t.Errorf("%s:%d: kubeversion %s prints\n%s\n%s shows\n%s", name, ex.line, strings.Join(ex.args, " "), got, name, ex.want)
			}
		}
	}
	if total < docsMinExamples {
		t.Errorf("found %d examples in README.md and docs/*.md, want at least %d", total, docsMinExamples)
	}
}
