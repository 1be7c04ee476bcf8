package main

import (
	"bytes"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
)

// shells are the scripts that kubeversion completion prints.
var shells = map[string]func(w io.Writer, cmds []completionCommand){
	"bash": writeBash,
	"zsh":  writeZsh,
	"fish": writeFish,
}

// runCompletion is "kubeversion completion bash|zsh|fish".
func runCompletion(e *env, args []string) int {
	if len(args) == 1 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
		fmt.Fprint(e.stdout, completionHelp)
		return exitOK
	}
	if len(args) != 1 || shells[args[0]] == nil {
		fmt.Fprintf(e.stderr, "kubeversion completion: want one of bash, zsh or fish\n\n%s", completionHelp)
		return exitError
	}
	shells[args[0]](e.stdout, completionCommands())
	return exitOK
}

// completionCommand is a command as a completion script knows it.
type completionCommand struct {
	name    string                   // "lint", "webhook check"
	summary string                   // what it does, for fish
	words   []string                 // its first argument's values, if it has a few
	files   bool                     // whether its arguments are files
	flags   []completionFlag         // its flags, sorted
	run     func(*env, []string) int // the command, to read its flags from its --help; nil without flags
}

// completionFlag is a flag of a command.
type completionFlag struct {
	name  string // with its dashes: "--old", "-o"
	value string // the name of its value ("FILE", "text|json"), empty for a boolean flag
	usage string // what it does, in a few words (see summary)
}

// choices returns the values of a flag whose value names them,
// "text|json" for example, or nil.
func (f completionFlag) choices() []string {
	if !strings.Contains(f.value, "|") {
		return nil
	}
	return strings.Split(f.value, "|")
}

// takesFile reports whether the value of f is a file name.
func (f completionFlag) takesFile() bool {
	return f.value == "FILE" || f.value == "PATH" || f.value == "DIR"
}

// completionCommands returns the commands of kubeversion, each with the
// flags its --help lists: a flag added to a command is completed without
// a change here. TestCompletionCommands checks this list against
// commands.
func completionCommands() []completionCommand {
	cmds := []completionCommand{
		{name: "sort", summary: "sort versions, highest priority first", run: runSort},
		{name: "highest", summary: "print the highest-priority version", run: runHighest},
		{name: "parse", summary: "print the parts of each version", run: runParse},
		{name: "lint", summary: "check CustomResourceDefinition manifests", files: true, run: runLint},
		{name: "validate", summary: "check custom resources against their CRDs", files: true, run: runValidate},
		{name: "api-versions", summary: "print the lifecycle of the built-in API versions", run: runAPIVersions},
		{name: "webhook", summary: "check a CRD's conversion webhook", words: []string{"check"}},
		{name: "webhook check", summary: "call a CRD's conversion webhook and check its answers", files: true,
			run: func(e *env, args []string) int { return runWebhook(e, append([]string{"check"}, args...)) }},
		{name: "migrate", summary: "move a CRD's stored objects to its storage version on the cluster", run: runMigrate},
		{name: "audit", summary: "report what on the cluster breaks at the next upgrade", run: runAudit},
		{name: "help", summary: "print the help of kubeversion or of a command"},
		{name: "completion", summary: "print a shell completion script", words: slices.Sorted(maps.Keys(shells))},
	}
	for i, c := range cmds {
		if c.name == "help" {
			cmds[i].words = topCommands(cmds)
		}
		if c.run != nil {
			var help bytes.Buffer
			c.run(&env{stdin: strings.NewReader(""), stdout: &help, stderr: io.Discard}, []string{"--help"})
			cmds[i].flags = parseFlagHelp(help.String())
		}
	}
	return cmds
}

// topCommands returns the names of the commands of cmds that are not
// subcommands.
func topCommands(cmds []completionCommand) []string {
	var names []string
	for _, c := range cmds {
		if !strings.Contains(c.name, " ") {
			names = append(names, c.name)
		}
	}
	return names
}

// parseFlagHelp returns the flags that a command's --help lists, as
// printFlags writes them: "  --old FILE" or "  --quiet", each followed by
// lines of usage that start with a tab.
func parseFlagHelp(help string) []completionFlag {
	var flags []completionFlag
	for line := range strings.Lines(help) {
		line = strings.TrimRight(line, "\n")
		switch {
		case strings.HasPrefix(line, "  -"):
			name, value, _ := strings.Cut(strings.TrimSpace(line), " ")
			if isShellWord(name) {
				flags = append(flags, completionFlag{name: name, value: value})
			}
		case len(flags) > 0 && strings.HasPrefix(strings.TrimLeft(line, " "), "\t"):
			f := &flags[len(flags)-1]
			f.usage = strings.TrimSpace(f.usage + " " + strings.TrimSpace(line))
		}
	}
	for i, f := range flags {
		flags[i].usage = summary(f.usage)
	}
	return flags
}

// summary returns the usage of a flag up to its first " (", ": " or "; ",
// short enough for a menu. For example,
//
//	summary("print text|json: a line of fields per input (default text)") == "print text|json"
func summary(usage string) string {
	for _, sep := range []string{" (", ": ", "; "} {
		if i := strings.Index(usage, sep); i > 0 {
			usage = usage[:i]
		}
	}
	return usage
}

// isShellWord reports whether s may be written in a script as it is: a
// flag name or a value such as "json" needs no quoting in any shell.
func isShellWord(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range []byte(s) {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.') {
			return false
		}
	}
	return true
}
