package main

import (
	"bytes"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// completionScript returns the script of kubeversion completion shell,
// written to a file.
func completionScript(t *testing.T, shell string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if status := run(&env{strings.NewReader(""), &stdout, &stderr}, []string{"completion", shell}); status != exitOK {
		t.Fatalf("kubeversion completion %s: exit status %d\n%s", shell, status, stderr.String())
	}
	path := filepath.Join(t.TempDir(), "kubeversion."+shell)
	if err := os.WriteFile(path, stdout.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// needShell returns the path of shell, or skips the test without it:
// CI has bash, and zsh and fish where someone installed them.
func needShell(t *testing.T, shell string) string {
	t.Helper()
	path, err := exec.LookPath(shell)
	if err != nil {
		t.Skipf("%s is not installed", shell)
	}
	return path
}

func TestCompletionSyntax(t *testing.T) {
	for _, shell := range slices.Sorted(maps.Keys(shells)) {
		t.Run(shell, func(t *testing.T) {
			sh := needShell(t, shell)
			if out, err := exec.Command(sh, "-n", completionScript(t, shell)).CombinedOutput(); err != nil {
				t.Errorf("%s -n: %v\n%s", shell, err, out)
			}
		})
	}
}

// completionCases are command lines, the word to complete last, with the
// completions that the scripts of every shell must offer: exactly these,
// or at least these where the list grows with kubeversion (-o's formats).
var completionCases = []struct {
	line  string
	want  []string
	exact bool
}{
	{"kubeversion li", []string{"lint"}, true},
	{"kubeversion ", []string{"api-versions", "audit", "completion", "help", "highest", "lint", "migrate", "parse", "sort", "validate", "webhook"}, true},
	{"kubeversion --v", []string{"--version"}, true},
	{"kubeversion lint --ol", []string{"--old"}, true},
	{"kubeversion lint --", []string{"--check", "--list-checks", "--old", "--quiet"}, false},
	{"kubeversion lint -o ", []string{"github", "json", "markdown", "sarif", "text"}, false},
	{"kubeversion lint a.yaml -o j", []string{"json"}, true},
	{"kubeversion parse -o ", []string{"json", "text"}, true},
	{"kubeversion sort -", []string{"-r"}, false},
	{"kubeversion va", []string{"validate"}, true},
	{"kubeversion validate --c", []string{"--crd"}, true},
	{"kubeversion validate --validate ", []string{"ignore", "strict", "warn"}, true},
	{"kubeversion validate -o ", []string{"github", "json", "sarif", "text"}, true},
	{"kubeversion webhook ", []string{"check"}, true},
	{"kubeversion webhook check --c", []string{"--ca", "--crd"}, true},
	{"kubeversion webhook check -o ", []string{"github", "json", "text"}, true},
	{"kubeversion help w", []string{"webhook"}, true},
	{"kubeversion completion ", []string{"bash", "fish", "zsh"}, true},
}

// testCompletion runs each of completionCases with complete, which returns
// the completions that a shell offers for a line.
func testCompletion(t *testing.T, complete func(line string) []string) {
	t.Helper()
	for _, tt := range completionCases {
		got := complete(tt.line)
		slices.Sort(got)
		if tt.exact {
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("completions of %q mismatch (-want +got):\n%s", tt.line, diff)
			}
			continue
		}
		for _, w := range tt.want {
			if !slices.Contains(got, w) {
				t.Errorf("completions of %q = %q, want %q among them", tt.line, got, w)
			}
		}
	}
}

// lastWord returns the word of line being completed: "" after a space.
func lastWord(line string) string {
	return line[strings.LastIndex(line, " ")+1:]
}

// shellLines runs script, given $script and $line, and returns the lines
// it prints.
func shellLines(t *testing.T, cmd *exec.Cmd, script, line string) []string {
	t.Helper()
	cmd.Env = append(os.Environ(), "script="+script, "line="+line, "HOME="+t.TempDir(), "XDG_CONFIG_HOME="+t.TempDir(), "XDG_DATA_HOME="+t.TempDir())
	cmd.Dir = t.TempDir()
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s for %q: %v\n%s", cmd.Path, line, err, out)
	}
	var lines []string
	for l := range strings.Lines(string(out)) {
		if l = strings.TrimSuffix(l, "\n"); l != "" {
			lines = append(lines, l)
		}
	}
	return lines
}

func TestCompletionBash(t *testing.T) {
	bash, script := needShell(t, "bash"), completionScript(t, "bash")
	testCompletion(t, func(line string) []string {
		const driver = `source "$script"
read -ra COMP_WORDS <<<"$line"
[[ $line == *" " ]] && COMP_WORDS+=("")
COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
_kubeversion
printf '%s\n' "${COMPREPLY[@]}"`
		return shellLines(t, exec.Command(bash, "-c", driver), script, line)
	})
}

// TestCompletionZsh runs the zsh script outside zsh's completion system,
// with compadd and _files replaced by functions that print their words.
func TestCompletionZsh(t *testing.T) {
	zsh, script := needShell(t, "zsh"), completionScript(t, "zsh")
	testCompletion(t, func(line string) []string {
		const driver = `compdef() { : }
compadd() { [[ $1 == -- ]] && shift; print -rl -- "$@" }
_files() { print -r -- '<files>' }
source "$script"
words=(${(z)line})
[[ $line == *" " ]] && words+=("")
CURRENT=${#words}
_kubeversion`
		var got []string
		for _, w := range shellLines(t, exec.Command(zsh, "-f", "-c", driver), script, line) {
			if strings.HasPrefix(w, lastWord(line)) { // zsh, not compadd, keeps the words that match
				got = append(got, w)
			}
		}
		return got
	})
}

func TestCompletionFish(t *testing.T) {
	fish, script := needShell(t, "fish"), completionScript(t, "fish")
	testCompletion(t, func(line string) []string {
		var got []string
		for _, l := range shellLines(t, exec.Command(fish, "--no-config", "-c", `source $script; complete -C "$line"`), script, line) {
			word, _, _ := strings.Cut(l, "\t") // a description follows a tab
			got = append(got, word)
		}
		return got
	})
}

// TestCompletionCommands checks that the scripts know every command.
func TestCompletionCommands(t *testing.T) {
	want := append(slices.Sorted(maps.Keys(commands)), "help")
	slices.Sort(want)
	got := topCommands(completionCommands())
	slices.Sort(got)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("completionCommands mismatch with commands (-want +got):\n%s", diff)
	}
}

// synopsisFlag matches a flag of a command's synopsis: "[--old FILE]".
var synopsisFlag = regexp.MustCompile(`[\s\[](--?[a-z][-a-z]*)`)

// TestCompletionFlags checks the flags that the scripts complete, which
// completionCommands reads from each command's --help, that is from its
// flag.FlagSet's VisitAll: each flag of the synopsis is there, and the
// command defines each.
func TestCompletionFlags(t *testing.T) {
	for _, c := range completionCommands() {
		if c.run == nil {
			continue
		}
		var help bytes.Buffer
		c.run(&env{strings.NewReader(""), &help, &bytes.Buffer{}}, []string{"--help"})
		synopsis, _, _ := strings.Cut(help.String(), "\n")
		var names []string
		for _, f := range c.flags {
			names = append(names, f.name)
		}
		for _, m := range synopsisFlag.FindAllStringSubmatch(synopsis, -1) {
			if !slices.Contains(names, m[1]) {
				t.Errorf("%s: the scripts complete the flags %q, not %s of the synopsis %q", c.name, names, m[1], synopsis)
			}
		}
		for _, f := range c.flags {
			var stderr bytes.Buffer
			// --help is f's value if it takes one: the command stops with a
			// usage error before it reads anything.
			c.run(&env{strings.NewReader(""), &bytes.Buffer{}, &stderr}, []string{f.name, "--help"})
			if strings.Contains(stderr.String(), "not defined") {
				t.Errorf("%s: completes %s, which it does not define:\n%s", c.name, f.name, stderr.String())
			}
		}
	}
}

func TestCompletionUsage(t *testing.T) {
	for _, tt := range []struct {
		args   []string
		status int
		want   string // in standard output, or standard error after an error
	}{
		{[]string{"completion", "--help"}, exitOK, "Usage: kubeversion completion bash|zsh|fish"},
		{[]string{"help", "completion"}, exitOK, "Usage: kubeversion completion bash|zsh|fish"},
		{[]string{"completion"}, exitError, "want one of bash, zsh or fish"},
		{[]string{"completion", "tcsh"}, exitError, "want one of bash, zsh or fish"},
		{[]string{"completion", "bash", "zsh"}, exitError, "want one of bash, zsh or fish"},
		{[]string{"completion", "bash"}, exitOK, "complete -o default -F _kubeversion kubeversion"},
		{[]string{"completion", "zsh"}, exitOK, "#compdef kubeversion"},
		{[]string{"completion", "fish"}, exitOK, "complete -c kubeversion -f"},
	} {
		var stdout, stderr bytes.Buffer
		status := run(&env{strings.NewReader(""), &stdout, &stderr}, tt.args)
		out := stdout.String()
		if status != exitOK {
			out = stderr.String()
		}
		if status != tt.status || !strings.Contains(out, tt.want) {
			t.Errorf("kubeversion %q: exit status %d, output\n%s\nwant status %d and %q", tt.args, status, out, tt.status, tt.want)
		}
	}
}

func TestSummary(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"print text|json: a line of fields per input (default text)", "print text|json"},
		{"set NAME=LEVEL to error, warning or off; NAME may be all (or more)", "set NAME=LEVEL to error, warning or off"},
		{"accept an input (by default an error: exit 2)", "accept an input"},
		{"print the checks, each with its level, and exit", "print the checks, each with its level, and exit"},
		{"", ""},
	} {
		if got := summary(tt.in); got != tt.want {
			t.Errorf("summary(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
