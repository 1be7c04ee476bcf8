package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
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

// docFiles returns the documentation that TestREADME and TestDocLinks
// read, relative to the repository root: README.md, then docs/*.md.
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

// TestDocLinks checks every relative link of README.md and docs/*.md: the
// file or directory it names exists, and its #anchor, if any, is the
// GitHub slug of a heading of the Markdown file it names.
func TestDocLinks(t *testing.T) {
	files := docFiles(t)
	slugs := map[string]map[string]bool{}
	headingSlugs := func(name string) map[string]bool {
		if s, ok := slugs[name]; ok {
			return s
		}
		text, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(name)))
		if err != nil {
			t.Fatal(err)
		}
		s := map[string]bool{}
		for _, h := range markdownHeadings(string(text)) {
			slug := githubSlug(h)
			for n := 1; s[slug]; n++ {
				slug = fmt.Sprintf("%s-%d", githubSlug(h), n)
			}
			s[slug] = true
		}
		slugs[name] = s
		return s
	}
	checked := 0
	for _, name := range files {
		text, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(name)))
		if err != nil {
			t.Fatal(err)
		}
		for _, link := range markdownLinks(string(text)) {
			if strings.Contains(link.target, "://") || strings.HasPrefix(link.target, "mailto:") {
				continue
			}
			checked++
			file, anchor, _ := strings.Cut(link.target, "#")
			target := name
			if file != "" {
				target = path.Join(path.Dir(name), file)
				if strings.HasPrefix(target, "../") {
					t.Errorf("%s:%d: link %q leaves the repository", name, link.line, link.target)
					continue
				}
				if _, err := os.Stat(filepath.Join("..", "..", filepath.FromSlash(target))); err != nil {
					t.Errorf("%s:%d: link %q: %v", name, link.line, link.target, err)
					continue
				}
			}
			if anchor == "" {
				continue
			}
			if !strings.HasSuffix(target, ".md") {
				t.Errorf("%s:%d: link %q: an anchor in a file that is not Markdown", name, link.line, link.target)
				continue
			}
			if !headingSlugs(target)[anchor] {
				t.Errorf("%s:%d: link %q: %s has no heading #%s", name, link.line, link.target, target, anchor)
			}
		}
	}
	if checked < 40 {
		t.Errorf("checked %d relative links, want at least 40: does markdownLinks still find them?", checked)
	}
	t.Logf("%d relative links in %d files", checked, len(files))
}

// markdownProse returns text with its fenced code blocks blanked, keeping
// the line numbers, and inline code spans replaced by their content's
// length in spaces, so that neither yields links or headings.
func markdownProse(text string) string {
	lines := strings.Split(text, "\n")
	fence := false
	for i, line := range lines {
		if strings.HasPrefix(line, "```") {
			fence = !fence
			lines[i] = ""
			continue
		}
		if fence {
			lines[i] = ""
		}
	}
	return codeSpan.ReplaceAllStringFunc(strings.Join(lines, "\n"), func(s string) string {
		return strings.Map(func(r rune) rune {
			if r == '\n' {
				return r
			}
			return 'x'
		}, s)
	})
}

var (
	codeSpan     = regexp.MustCompile("`[^`]*`")
	markdownLink = regexp.MustCompile(`\]\(([^()\s]+)\)`)
	atxHeading   = regexp.MustCompile(`^#{1,6} +(.*?)[ #]*$`)
)

type docLink struct {
	line   int
	target string
}

// markdownLinks returns the targets of the inline links of text, [text](target).
func markdownLinks(text string) []docLink {
	prose := markdownProse(text)
	var out []docLink
	for _, m := range markdownLink.FindAllStringSubmatchIndex(prose, -1) {
		out = append(out, docLink{line: strings.Count(prose[:m[0]], "\n") + 1, target: prose[m[2]:m[3]]})
	}
	return out
}

// markdownHeadings returns the text of the ATX headings of text, with
// their inline code as written.
func markdownHeadings(text string) []string {
	prose := strings.Split(markdownProse(text), "\n")
	var out []string
	for i, line := range strings.Split(text, "\n") {
		if atxHeading.MatchString(prose[i]) {
			out = append(out, atxHeading.FindStringSubmatch(line)[1])
		}
	}
	return out
}

// githubSlug returns the anchor GitHub gives a heading: its text in lower
// case, without formatting or punctuation, spaces made hyphens.
func githubSlug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}
